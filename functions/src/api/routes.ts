import type { Hono } from 'hono';
import type { ApiEnv } from './env.js';
import { adminArticleRoutes } from './admin-articles.js';
import { adminAuthorRoutes } from './admin-authors.js';
import { authorProfileRoutes } from './author-profile.js';
import { mediaRoutes } from './media.js';
import { articleRoutes } from './articles.js';
import { authorRoutes } from './authors.js';
import { commentRoutes } from './comments.js';
import { healthRoutes } from './health.js';
import { authRoutes } from './auth.js';
import { userRoutes } from './users.js';
import { contactRoutes } from './contact.js';
import { settingsRoutes } from './settings.js';
import { uploadRoutes } from './uploads.js';
import { raceRoutes } from './races.js';
import { horseRoutes } from './horses.js';
import { raceEstimateRoutes } from './race-estimates.js';
import { adminCommentRoutes } from './admin-comments.js';
import { adminUserRoutes } from './admin-users.js';
import { adminSettingsRoutes } from './admin-settings.js';
import { adminContactRoutes } from './admin-contact.js';
import { recordRoutes } from './records.js';
import { followRoutes } from './follows.js';
import { notificationRoutes } from './notifications.js';
import { vipPaymentRoutes } from './vip-payments.js';
import { jockeyRoutes } from './jockeys.js';

/** Every resource's routes, mounted under /api. One line per route file. */
export function mountRoutes(app: Hono<ApiEnv>): void {
  const api = app.basePath('/api');
  api.route('/', healthRoutes);
  api.route('/', adminUserRoutes);
  api.route('/', adminCommentRoutes);
  api.route('/', authRoutes);
  api.route('/', vipPaymentRoutes);
  api.route('/', userRoutes);
  api.route('/', adminContactRoutes);
  api.route('/', contactRoutes);
  api.route('/', settingsRoutes);
  // Staff routes first: /articles/stats, /authors/profile/me must not be read as ids by the public routes.
  api.route('/', adminArticleRoutes);
  api.route('/', authorProfileRoutes);
  api.route('/', adminAuthorRoutes);
  api.route('/', mediaRoutes);
  api.route('/', articleRoutes);
  api.route('/', commentRoutes);
  api.route('/', authorRoutes);
  api.route('/', uploadRoutes);
  api.route('/', raceRoutes);
  api.route('/', horseRoutes);
  api.route('/', raceEstimateRoutes);
  api.route('/', adminSettingsRoutes);
  api.route('/', recordRoutes);
  api.route('/', followRoutes);
  api.route('/', notificationRoutes);
  api.route('/', jockeyRoutes);
}
