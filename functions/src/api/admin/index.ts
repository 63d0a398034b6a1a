import { Hono } from 'hono';
import { adAdminRoutes } from '../ads.js';
import { staffArticleListRoutes } from '../articles/staff.js';
import { staffAuthorListRoutes } from '../authors/staff.js';
import { commentListRoutes } from '../comments/staff.js';
import type { ApiEnv } from '../http/env.js';
import { settingsReadRoutes } from '../settings.js';
import { notificationFanoutRoutes } from './notification-fanouts.js';
import { raceDeskRoutes } from './race-desk.js';
import { adminSettingsRoutes } from './settings.js';

/** Everything under /api/admin: the staff panel's tables, settings, notification runs and the race desk. */
export const adminApi = new Hono<ApiEnv>()
  .route('/comments', commentListRoutes)
  .route('/', settingsReadRoutes)
  .route('/', staffArticleListRoutes)
  .route('/', staffAuthorListRoutes)
  .route('/', adminSettingsRoutes)
  .route('/', adAdminRoutes)
  .route('/', notificationFanoutRoutes)
  .route('/', raceDeskRoutes);
