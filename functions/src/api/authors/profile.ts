import { Hono } from 'hono';
import { z } from 'zod';
import { changeOwnEmail, changeOwnPassword, confirmOwnEmailChange, getOwnProfile, updateOwnProfile, AUTHOR_MESSAGES as M, emailConfirmSchema, ownEmailSchema, ownPasswordSchema, ownProfileSchema } from '../../domain/authors/index.js';
import { requireStaff } from '../http/auth-context.js';
import type { ApiEnv } from '../http/env.js';
import { linkOrigin } from '../http/link-origin.js';
import { ok } from '../http/respond.js';
import { bodyRoute } from '../http/route-handlers.js';
import { parseBody, parseQuery } from '../http/validation.js';

/**
 * The author's own profile (spec 002 §7 /authors/profile/me*). Staff sessions only; mounted
 * before the public /authors/:id so "profile" is not read as an author id.
 */
export const authorProfileRoutes = new Hono<ApiEnv>()
  .get('/profile/me', async (c) => {
    const viewer = requireStaff(c);
    parseQuery(c, z.strictObject({}));
    return ok(c, await getOwnProfile(c.get('deps'), viewer.user));
  })
  .put('/profile/me', bodyRoute(requireStaff, ownProfileSchema, ({ deps, viewer, input }) => updateOwnProfile(deps, viewer.user, input), { message: M.profileSaved }))
  .put('/profile/me/password', async (c) => {
    const viewer = requireStaff(c);
    const input = await parseBody(c, ownPasswordSchema);
    await changeOwnPassword(c.get('deps'), viewer.user, viewer.sessionId, input);
    return ok(c, null, { message: M.passwordChanged });
  })
  .put(
    '/profile/me/email',
    bodyRoute(requireStaff, ownEmailSchema, ({ deps, viewer, input, c }) => changeOwnEmail(deps, viewer.user, input, linkOrigin(c)), { message: M.emailChanged }),
  )
  // The mailed link carries the proof; no session needed (it may be opened on another device).
  .post('/profile/email/confirm', async (c) => {
    const { token } = await parseBody(c, emailConfirmSchema);
    await confirmOwnEmailChange(c.get('deps'), token);
    return ok(c, null, { message: M.emailVerified });
  });
