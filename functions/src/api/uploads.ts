import { Hono } from 'hono';
import { createUpload } from '../domain/uploads/create-upload.js';
import { finalizeUpload } from '../domain/uploads/finalize-upload.js';
import { consume, RATE_RULES } from '../domain/identity/rate-limit.js';
import { MEMBER_UPLOAD_PURPOSES, createUploadSchema, UPLOAD_MESSAGES } from '../domain/uploads/upload.js';
import { requireStaff, requireViewer } from './http/auth-context.js';
import { clientAddress } from './http/client-address.js';
import type { ApiEnv } from './http/env.js';
import { ok } from './http/respond.js';
import { parseBody } from './http/validation.js';

/**
 * Signed uploads (architecture §2): POST /uploads grants a short-lived URL the browser PUTs the
 * file to; POST /uploads/:id/finalize checks what arrived and keeps or deletes it.
 */
export const uploadRoutes = new Hono<ApiEnv>()
  .post('/', async (c) => {
    const viewer = requireViewer(c);
    const input = await parseBody(c, createUploadSchema);
    // Article images and audio are staff work: a staff session, not a member token of a staff user.
    const actor = MEMBER_UPLOAD_PURPOSES.includes(input.purpose) ? viewer : requireStaff(c);
    const deps = c.get('deps');
    await consume(deps, [{ rule: RATE_RULES.uploadIp, key: clientAddress(c) }], UPLOAD_MESSAGES.tooMany);
    const grant = await createUpload(deps, actor, input);
    return ok(c, grant, { status: 201 });
  })
  .post('/:id/finalize', async (c) => {
    const viewer = requireViewer(c);
    const file = await finalizeUpload(c.get('deps'), viewer, c.req.param('id'));
    return ok(c, file, { message: 'Dosya yüklendi.' });
  });
