import { Hono } from 'hono';
import type { ApiEnv } from '../http/env.js';
import { authRoutes } from './account.js';
import { adminUserRoutes } from './member-admin.js';

/** Everything under /api/auth: sessions and the account, and the admin's member table (/admin/users). */
export const authApi = new Hono<ApiEnv>().route('/', adminUserRoutes).route('/', authRoutes);
