import { Hono } from 'hono';
import { z } from 'zod';
import { preferencesView, savePreferences, unsubscribe, NOTIFICATION_MESSAGES, notificationPreferencesInputSchema, type UnsubscribeView, confirmPhoneCode, phoneCodeInputSchema, sendPhoneCode } from '../domain/notifications/index.js';
import { requireUser } from '../domain/identity/index.js';
import { requireMember } from './http/auth-context.js';
import type { ApiEnv } from './http/env.js';
import { ok } from './http/respond.js';
import { bodyRoute, serviceRoute } from './http/route-handlers.js';
import { parseBody, parseQuery } from './http/validation.js';

const unsubscribeQuery = z.strictObject({ token: z.string(NOTIFICATION_MESSAGES.invalidLink).min(1, NOTIFICATION_MESSAGES.invalidLink).max(300, NOTIFICATION_MESSAGES.invalidLink) });

/** A member's notification choices and SMS number proof, under /users. */
export const notificationSettingRoutes = new Hono<ApiEnv>()
  .get('/notification-preferences', serviceRoute(requireMember, ({ deps, viewer }) => preferencesView(deps, viewer.user)))
  .put(
    '/notification-preferences',
    bodyRoute(requireMember, notificationPreferencesInputSchema, ({ deps, viewer, input }) => savePreferences(deps, viewer.user, input), { message: NOTIFICATION_MESSAGES.saved }),
  )
  // Proving the SMS number: a code to the profile's mobile, then the code typed back.
  .post('/phone-verification', async (c) => {
    const viewer = requireMember(c);
    const { message } = await sendPhoneCode(c.get('deps'), viewer.user);
    return ok(c, null, { message });
  })
  .post('/phone-verification/confirm', async (c) => {
    const viewer = requireMember(c);
    const { code } = await parseBody(c, phoneCodeInputSchema);
    const deps = c.get('deps');
    const { message } = await confirmPhoneCode(deps, viewer.user, code);
    return ok(c, await preferencesView(deps, await requireUser(deps, viewer.user.id)), { message });
  });

/** Leaving a list from a mailed link, under /notifications. */
export const notificationRoutes = new Hono<ApiEnv>()
  // No session: the token is the authority. Mail clients POST here for List-Unsubscribe-Post
  // (form body "List-Unsubscribe=One-Click", ignored); /bildirimler/iptal posts the same.
  .post('/unsubscribe', async (c) => {
    const { token } = parseQuery(c, unsubscribeQuery);
    const { channel } = await unsubscribe(c.get('deps'), token);
    return ok<UnsubscribeView>(c, { channel }, { message: NOTIFICATION_MESSAGES.unsubscribed(channel) });
  });
