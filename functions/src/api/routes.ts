import type { Hono } from 'hono';
import type { ApiEnv } from './env.js';
import { healthRoutes } from './health.js';
import { authorRoutes } from './authors.js';
import { commentRoutes } from './comments.js';
import { articleRoutes } from './articles.js';
import { authRoutes } from './auth.js';
import { userRoutes } from './users.js';
import { contactRoutes } from './contact.js';
import { settingsRoutes } from './settings.js';
import { uploadRoutes } from './uploads.js';
import { raceRoutes } from './races.js';
import { horseRoutes } from './horses.js';

/** Every resource's routes, mounted under /api. One line per route file. */
export function mountRoutes(app: Hono<ApiEnv>): void {
  const api = app.basePath('/api');
  api.route('/', healthRoutes);
  api.route('/', authorRoutes);
  api.route('/', commentRoutes);
  api.route('/', articleRoutes);
  api.route('/', authRoutes);
  api.route('/', userRoutes);
  api.route('/', contactRoutes);
  api.route('/', settingsRoutes);
  api.route('/', uploadRoutes);
  api.route('/', raceRoutes);
  api.route('/', horseRoutes);
}
