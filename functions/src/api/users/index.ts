import { Hono } from 'hono';
import { followedHorseRoutes } from '../follows.js';
import type { ApiEnv } from '../http/env.js';
import { notificationSettingRoutes } from '../notifications.js';
import { vipPaymentRoutes } from './vip-payments.js';
import { vipRoutes } from './vip.js';

/** Everything under /api/users: VIP membership and its administration, followed horses, notification choices. */
export const usersApi = new Hono<ApiEnv>().route('/', vipPaymentRoutes).route('/', vipRoutes).route('/', followedHorseRoutes).route('/', notificationSettingRoutes);
