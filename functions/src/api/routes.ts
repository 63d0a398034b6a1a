import type { Hono } from 'hono';
import type { ApiEnv } from './env.js';
import { healthRoutes } from './health.js';
import { uploadRoutes } from './uploads.js';

/** Every resource's routes, mounted under /api. One line per route file. */
export function mountRoutes(app: Hono<ApiEnv>): void {
  const api = app.basePath('/api');
  api.route('/', healthRoutes);
  api.route('/', uploadRoutes);
}
