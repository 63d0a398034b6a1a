import { Hono } from 'hono';
import { z } from 'zod';
import { preferencesView, savePreferences, unsubscribe } from '../domain/notifications/manage-preferences.js';
import { NOTIFICATION_MESSAGES, notificationPreferencesInputSchema, type UnsubscribeView } from '../domain/notifications/preferences.js';
import { requireMember } from './auth-context.js';
import type { ApiEnv } from './env.js';
import { ok } from './respond.js';
import { parseBody, parseQuery } from './validation.js';

const unsubscribeQuery = z.strictObject({ token: z.string(NOTIFICATION_MESSAGES.invalidLink).min(1, NOTIFICATION_MESSAGES.invalidLink).max(300, NOTIFICATION_MESSAGES.invalidLink) });

export const notificationRoutes = new Hono<ApiEnv>()
  .get('/users/notification-preferences', async (c) => {
    const viewer = requireMember(c);
    return ok(c, await preferencesView(c.get('deps'), viewer.user));
  })
  .put('/users/notification-preferences', async (c) => {
    const viewer = requireMember(c);
    const input = await parseBody(c, notificationPreferencesInputSchema);
    return ok(c, await savePreferences(c.get('deps'), viewer.user, input), { message: NOTIFICATION_MESSAGES.saved });
  })
  // No session: the token is the authority. Mail clients POST here for List-Unsubscribe-Post
  // (form body "List-Unsubscribe=One-Click", ignored); /bildirimler/iptal posts the same.
  .post('/notifications/unsubscribe', async (c) => {
    const { token } = parseQuery(c, unsubscribeQuery);
    const { channel } = await unsubscribe(c.get('deps'), token);
    return ok<UnsubscribeView>(c, { channel }, { message: NOTIFICATION_MESSAGES.unsubscribed(channel) });
  });
