import { Hono } from 'hono';
import type { ApiEnv } from '../http/env.js';
import { authorProfileRoutes } from './profile.js';
import { authorRoutes } from './public.js';
import { staffAuthorRoutes } from './staff.js';

/** Everything under /api/authors: /profile/me is registered before the public /:id would read it as an id. */
export const authorsApi = new Hono<ApiEnv>().route('/', authorProfileRoutes).route('/', staffAuthorRoutes).route('/', authorRoutes);
