import type { AppDeps } from '../../platform/deps.js';
import { parseUpload } from './upload.js';

/** How long after its URL expired a pending upload is left alone (a finalize may still be in flight). */
const GRACE_MS = 60 * 60 * 1000;

/**
 * Deletes files whose upload was never finalized: the browser PUT them and went away. Without
 * this, a signed URL could be used to park unchecked bytes in public storage indefinitely.
 * Returns how many were purged. Runs as a scheduled job.
 */
export async function purgeAbandonedUploads(deps: AppDeps, batchSize = 200): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - GRACE_MS);
  const stale = await deps.store
    .collection('uploads')
    .where('status', '==', 'pending')
    .where('expiresAt', '<', cutoff)
    .orderBy('expiresAt', 'asc')
    .limit(batchSize)
    .get();
  for (const raw of stale) {
    const upload = parseUpload(raw);
    await deps.blobs.delete(upload.key);
    await deps.store.update('uploads', upload.id, { status: 'rejected', rejectedReason: 'abandoned', finalizedAt: deps.now() });
  }
  if (stale.length > 0) deps.log.info('abandoned uploads purged', { count: stale.length });
  return stale.length;
}
