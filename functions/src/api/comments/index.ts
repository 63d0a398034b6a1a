import { Hono } from 'hono';
import type { ApiEnv } from '../http/env.js';
import { commentLikeRoutes } from './public.js';
import { staffCommentRoutes } from './staff.js';

/** Everything under /api/comments: the admin's moderation and a reader's like. */
export const commentsApi = new Hono<ApiEnv>().route('/', staffCommentRoutes).route('/', commentLikeRoutes);
