import type { Actor } from '../../platform/actor.js';
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../platform/deps.js';
import { AppError, MESSAGES } from '../../platform/errors.js';
import { EXTENSIONS, MEMBER_UPLOAD_PURPOSES, PURPOSE_RULES, UPLOAD_MESSAGES, canonicalType, cleanFileName, type CreateUploadInput, type UploadGrant } from './upload.js';

/** Signed upload URLs are short-lived: long enough for 50 MB on a slow line, short enough to be useless if leaked. */
export const UPLOAD_URL_SECONDS = 10 * 60;

/** Grants per user per hour: generous for staff filling an article, a wall against filling the disk. */
export const GRANTS_PER_HOUR = { member: 20, staff: 300 } as const;

/**
 * Step one of an upload: checks role, type and declared size, records a pending `uploads`
 * document and answers with a signed URL the browser PUTs the file to. The file itself never
 * passes through the API (Cloud Functions caps request bodies at 32 MB).
 */
export async function createUpload(deps: AppDeps, actor: Actor, input: CreateUploadInput): Promise<UploadGrant> {
  const rule = PURPOSE_RULES[input.purpose];
  if (!rule.roles.includes(actor.user.role)) throw new AppError('FORBIDDEN', MEMBER_UPLOAD_PURPOSES.includes(input.purpose) ? MESSAGES.forbidden : UPLOAD_MESSAGES.staffOnly);
  const type = canonicalType(input.contentType);
  if (!type || !rule.types.includes(type)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', rule.unsupported);
  if (input.size > rule.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', rule.tooLarge);

  const now = deps.now();
  const recent = await deps.store
    .collection('uploads')
    .where('ownerId', '==', actor.user.id)
    .where('createdAt', '>', new Date(now.getTime() - 3_600_000))
    .count();
  const allowed = actor.user.role === 'user' ? GRANTS_PER_HOUR.member : GRANTS_PER_HOUR.staff;
  if (recent >= allowed) throw new AppError('TOO_MANY_REQUESTS', UPLOAD_MESSAGES.tooMany, { headers: { 'Retry-After': '3600' } });

  const id = deps.store.newId();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  // Unguessable and never reused: public files are cached as immutable under this name.
  const key = `${rule.folder}/${now.getUTCFullYear()}/${month}/${randomUUID()}.${EXTENSIONS[type]}`;
  // The URL accepts at most the declared size: the real size must equal it at finalize anyway.
  const signed = await deps.blobs.createSignedUpload(key, type, input.size, UPLOAD_URL_SECONDS);
  await deps.store.create('uploads', id, {
    ownerId: actor.user.id,
    purpose: input.purpose,
    key,
    contentType: type,
    declaredSize: input.size,
    size: null,
    name: cleanFileName(input.name),
    status: 'pending',
    url: null,
    rejectedReason: null,
    expiresAt: signed.expiresAt,
    createdAt: now,
    finalizedAt: null,
  });
  return { uploadId: id, url: signed.url, method: signed.method, headers: signed.headers, expiresAt: signed.expiresAt, maxBytes: input.size };
}
