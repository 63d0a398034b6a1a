import { Hono } from 'hono';
import { CONTACT_MESSAGES, contactMessageInputSchema, submitContactMessage } from '../domain/membership/index.js';
import { clientAddress } from './client-address.js';
import { optionalViewer } from './auth-context.js';
import type { ApiEnv } from './env.js';
import { ok } from './respond.js';
import { parseBody } from './validation.js';

export const contactRoutes = new Hono<ApiEnv>().post('/contact', async (c) => {
  const input = await parseBody(c, contactMessageInputSchema);
  const viewer = optionalViewer(c);
  const id = await submitContactMessage(c.get('deps'), { ...input, ip: clientAddress(c), userId: viewer?.user.id ?? null });
  return ok(c, { id }, { message: CONTACT_MESSAGES.sent, status: 201 });
});
