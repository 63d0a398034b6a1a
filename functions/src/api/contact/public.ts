import { Hono } from 'hono';
import { CONTACT_MESSAGES, contactMessageInputSchema, submitContactMessage } from '../../domain/contact-admin/index.js';
import { clientAddress } from '../http/client-address.js';
import { optionalViewer } from '../http/auth-context.js';
import type { ApiEnv } from '../http/env.js';
import { ok } from '../http/respond.js';
import { parseBody } from '../http/validation.js';

export const contactRoutes = new Hono<ApiEnv>().post('/', async (c) => {
  const input = await parseBody(c, contactMessageInputSchema);
  const viewer = optionalViewer(c);
  const id = await submitContactMessage(c.get('deps'), { ...input, ip: clientAddress(c), userId: viewer?.user.id ?? null });
  return ok(c, { id }, { message: CONTACT_MESSAGES.sent, status: 201 });
});
