import { Hono } from 'hono';
import { commentListRoutes } from '../comments/staff.js';
import { articleCommentRoutes } from '../comments/public.js';
import type { ApiEnv } from '../http/env.js';
import { articleRoutes } from './public.js';
import { articleEstimateRoutes } from './race-estimates.js';
import { staffArticleRoutes } from './staff.js';

/**
 * Everything under /api/articles. Order matters: the staff's fixed paths (/admin/comments, /stats,
 * /deleted) are registered before the public routes would read them as an article's id or slug.
 */
export const articlesApi = new Hono<ApiEnv>()
  .route('/admin/comments', commentListRoutes)
  .route('/', staffArticleRoutes)
  .route('/', articleRoutes)
  .route('/', articleCommentRoutes)
  .route('/', articleEstimateRoutes);
