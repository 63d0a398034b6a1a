import { applyAdImageCopies } from '../domain/ads/index.js';
import { applyArticleImageCopies } from '../domain/articles/index.js';
import { completeUploadCopies, uploadsAwaitingCopies } from '../domain/uploads/index.js';
import type { AppDeps } from '../platform/deps.js';
import { startJobInterval } from './interval.js';

/**
 * An article image's smaller copies, made after finalize answered (domain/uploads/finalize-upload.ts),
 * then handed to the articles and ads that already show the image. In Cloud Functions the `imageCopies`
 * trigger runs this in its own function; locally `queueImageCopies` runs it in this process.
 */
export async function completeImageCopies(deps: AppDeps, uploadId: string): Promise<boolean> {
  const done = await completeUploadCopies(deps, uploadId);
  if (!done) return false;
  await applyArticleImageCopies(deps, done.url, done.image);
  await applyAdImageCopies(deps, done.url, done.image);
  return true;
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs one image's copies after the current ones: each decode of a large photo holds its pixels in memory. */
export function queueImageCopies(deps: AppDeps, uploadId: string): Promise<boolean> {
  const run = queue
    .then(() => completeImageCopies(deps, uploadId))
    .catch((error: unknown) => {
      deps.log.error('image copies failed', { uploadId, error: String(error) });
      return false;
    });
  queue = run;
  return run;
}

/** How long a pending image is left to its own run before a sweep makes its copies. */
const SWEEP_AFTER_MS = 10 * 60 * 1000;

/** Makes the copies a stopped process or a failed trigger left pending. Returns how many images got them. */
export async function sweepImageCopies(deps: AppDeps): Promise<number> {
  let made = 0;
  for (const id of await uploadsAwaitingCopies(deps, new Date(deps.now().getTime() - SWEEP_AFTER_MS))) {
    if (await queueImageCopies(deps, id)) made += 1;
  }
  return made;
}

/** The sweep on an interval in the local server (in production the `purgeUploads` schedule runs it). */
export function startImageCopySweep(deps: AppDeps, intervalMs = 5 * 60_000): () => void {
  return startJobInterval(deps, 'image copies sweep', () => sweepImageCopies(deps), intervalMs);
}
