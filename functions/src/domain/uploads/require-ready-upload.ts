import type { Actor } from '../../platform/actor.js';
import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import type { Transaction } from '../../ports/document-store.js';
import { UPLOAD_MESSAGES, parseUpload, type ReadyUpload, type UploadPurpose, type UploadRecord } from './upload.js';

/** A kept file as the services that attach it see it: the finalize answer without its upload id. */
export type AttachableFile = Omit<ReadyUpload, 'uploadId'>;

/**
 * For services that attach a file to something (article image, estimate audio, avatar): the
 * upload must be finalized, belong to the caller and have been made for this purpose, so a
 * client cannot attach someone else's file or an avatar-sized check in place of an audio one.
 */
export async function requireReadyUpload(deps: AppDeps, uploadId: string, viewer: Actor, purpose: UploadPurpose): Promise<AttachableFile> {
  const raw = typeof uploadId === 'string' && uploadId.length > 0 && uploadId.length <= 128 ? await deps.store.get('uploads', uploadId) : null;
  if (!raw) throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.notReady);
  const upload = parseUpload(raw);
  if (upload.ownerId !== viewer.user.id || upload.status !== 'ready' || !upload.url || upload.size === null) {
    throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.notReady);
  }
  if (upload.purpose !== purpose) throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.wrongPurpose);
  return { url: upload.url, contentType: upload.contentType, size: upload.size, name: upload.name, image: upload.image, copiesPending: upload.copiesPending };
}

/**
 * The same check for callers that receive the file's public URL rather than its upload id (the
 * profile form sends `avatar: url`). Works whatever the BlobStore's URL shape (a local /files path
 * or a Firebase Storage download URL), because it looks the URL up instead of matching a prefix.
 */
export async function requireReadyUploadByUrl(deps: AppDeps, url: string, viewer: Actor, purpose: UploadPurpose): Promise<AttachableFile> {
  const matches = url.length > 0 && url.length <= 2048 ? await deps.store.collection('uploads').where('url', '==', url).limit(5).get() : [];
  const own = matches.map(parseUpload).find((u) => u.ownerId === viewer.user.id && u.status === 'ready');
  if (!own) throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.notReady);
  return requireReadyUpload(deps, own.id, viewer, purpose);
}

/** The upload as the caller's transaction reads it, or null (a receipt is attached in its request's transaction). */
export async function getUploadIn(tx: Transaction, uploadId: string): Promise<UploadRecord | null> {
  const raw = uploadId.length > 0 && uploadId.length <= 128 ? await tx.get('uploads', uploadId) : null;
  return raw ? parseUpload(raw) : null;
}
