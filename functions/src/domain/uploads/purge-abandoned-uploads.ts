import type { AppDeps } from '../../platform/deps.js';
import { parseUpload } from './upload.js';

/** How long after its URL expired a pending upload is left alone (a finalize may still be in flight). */
const GRACE_MS = 60 * 60 * 1000;

/**
 * Sweeps the keys of uploads that can no longer become files: never finalized (the browser PUT
 * them and went away) or rejected (whose still-valid URL could have been used to PUT again after
 * finalize deleted the file). Without this, a signed URL could park unchecked bytes in public
 * storage. Each swept upload ends as `expired`. Returns how many were swept. Runs as a scheduled job.
 */
export async function purgeAbandonedUploads(deps: AppDeps, batchSize = 200): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - GRACE_MS);
  const stale = await deps.store
    .collection('uploads')
    .where('status', 'in', ['pending', 'rejected'])
    .where('expiresAt', '<', cutoff)
    .orderBy('expiresAt', 'asc')
    .limit(batchSize)
    .get();
  for (const raw of stale) {
    const upload = parseUpload(raw);
    await deps.blobs.delete(upload.key);
    await deps.store.update('uploads', upload.id, {
      status: 'expired',
      rejectedReason: upload.rejectedReason ?? 'abandoned',
      finalizedAt: upload.finalizedAt ?? deps.now(),
    });
  }
  if (stale.length > 0) deps.log.info('abandoned uploads purged', { count: stale.length });
  return stale.length;
}
