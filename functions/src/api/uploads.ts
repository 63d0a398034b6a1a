import { Hono } from 'hono';
import { createUpload, finalizeUpload, MEMBER_UPLOAD_PURPOSES, createUploadSchema, UPLOAD_MESSAGES } from '../domain/uploads/index.js';
import { consume, RATE_RULES } from '../platform/rate-limit.js';
import { requireStaff, requireViewer } from './http/auth-context.js';
import { clientAddress } from './http/client-address.js';
import type { ApiEnv } from './http/env.js';
import { ok } from './http/respond.js';
import { parseBody } from './http/validation.js';
import { queueImageCopies } from '../jobs/image-copies.js';

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
    const deps = c.get('deps');
    const file = await finalizeUpload(deps, viewer, c.req.param('id'));
    // Not awaited: the copies are made after this answer (in Cloud Functions by the imageCopies trigger).
    if (file.copiesPending && deps.config.imageCopies === 'in-process') void queueImageCopies(deps, file.uploadId);
    return ok(c, file, { message: 'Dosya yüklendi.' });
  });
