import type { AppDeps } from '../../platform/deps.js';
import { makeImageCopies } from './image-copies.js';
import { parseUpload, type UploadImage } from './upload.js';

/** An article image whose copies now exist: what records that show it by `url` take over. */
export interface CompletedCopies {
  url: string;
  image: UploadImage;
}

/**
 * Makes the copies finalize left for later (finalize-upload.ts) and clears the mark. Null when the
 * upload has none pending (already made, or not an article image). Safe to run twice or after a
 * crash half-way: the copies are written under the same keys again.
 */
export async function completeUploadCopies(deps: Pick<AppDeps, 'store' | 'blobs' | 'log'>, uploadId: string): Promise<CompletedCopies | null> {
  const raw = await deps.store.get('uploads', uploadId);
  if (!raw) return null;
  const upload = parseUpload(raw);
  if (upload.status !== 'ready' || !upload.copiesPending || !upload.url || !upload.image) return null;
  const made = await makeImageCopies(deps.blobs, upload.key, 'image');
  // Finalize read every pixel already; should a copy still fail, the original stays shown without copies.
  if (typeof made === 'string') deps.log.warn('image copies failed', { uploadId, problem: made });
  const image = typeof made === 'string' ? upload.image : made;
  await deps.store.update('uploads', upload.id, { image, copiesPending: false });
  return { url: upload.url, image };
}

/** Uploads still waiting for their copies a while after finalize (a process that stopped half-way, a trigger that failed). */
export async function uploadsAwaitingCopies(deps: Pick<AppDeps, 'store' | 'now'>, finalizedBefore: Date, limit = 20): Promise<string[]> {
  const pending = await deps.store.collection('uploads').where('copiesPending', '==', true).limit(limit).get();
  return pending.map(parseUpload).filter((u) => u.finalizedAt !== null && u.finalizedAt < finalizedBefore).map((u) => u.id);
}
