import { Hono } from 'hono';
import { adminApi } from './admin/index.js';
import { adRoutes } from './ads.js';
import { articlesApi } from './articles/index.js';
import { raceEstimateRoutes } from './articles/race-estimates.js';
import { authApi } from './auth/index.js';
import { authorsApi } from './authors/index.js';
import { commentsApi } from './comments/index.js';
import { contactApi } from './contact/index.js';
import { horseFollowRoutes } from './follows.js';
import { healthRoutes } from './health.js';
import { horseRoutes } from './horses.js';
import type { ApiEnv } from './http/env.js';
import { jockeyRoutes } from './jockeys.js';
import { mediaRoutes } from './media.js';
import { notificationRoutes } from './notifications.js';
import { raceRoutes } from './races.js';
import { recordRoutes } from './records.js';
import { settingsRoutes } from './settings.js';
import { uploadRoutes } from './uploads.js';
import { standingsRoutes, trainerRoutes } from './trainers.js';
import { usersApi } from './users/index.js';

/**
 * The API's table of contents: one sub-app per URL prefix under /api. Prefixes never overlap, so
 * their order is free; the order that matters (fixed paths before `:id`) lives inside each sub-app.
 * Written as one chain so `ApiRoutes` carries every route's path, input and answer to the typed
 * client (src/lib/api-client.ts).
 */
export const apiRoutes = new Hono<ApiEnv>()
  .route('/health', healthRoutes)
  .route('/auth', authApi)
  .route('/users', usersApi)
  .route('/contact', contactApi)
  .route('/settings', settingsRoutes)
  .route('/admin', adminApi)
  .route('/articles', articlesApi)
  .route('/authors', authorsApi)
  .route('/comments', commentsApi)
  .route('/media', mediaRoutes)
  .route('/uploads', uploadRoutes)
  .route('/races', raceRoutes)
  .route('/horses', new Hono<ApiEnv>().route('/', horseRoutes).route('/', horseFollowRoutes))
  .route('/race-estimate', raceEstimateRoutes)
  .route('/records', recordRoutes)
  .route('/notifications', notificationRoutes)
  .route('/ads', adRoutes)
  .route('/jockeys', jockeyRoutes)
  .route('/trainers', trainerRoutes)
  .route('/standings', standingsRoutes);

/** Every route of the API, typed; the browser imports it with `import type` only. */
export type ApiRoutes = typeof apiRoutes;

export function mountRoutes(app: Hono<ApiEnv>): void {
  app.route('/api', apiRoutes);
}
