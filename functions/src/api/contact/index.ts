import { Hono } from 'hono';
import type { ApiEnv } from '../http/env.js';
import { contactRoutes } from './public.js';
import { adminContactRoutes } from './staff.js';

/** Everything under /api/contact: the public form (POST /) and the admin's inbox (/admin). */
export const contactApi = new Hono<ApiEnv>().route('/', adminContactRoutes).route('/', contactRoutes);
