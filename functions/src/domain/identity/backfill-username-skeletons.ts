import type { AppDeps } from '../../platform/deps.js';
import { usernameSkeleton } from './username-skeleton.js';

/**
 * Accounts made before usernames had skeletons get theirs, so a look-alike of an old name is
 * refused too. Idempotent (writes only missing or outdated skeletons); the local server runs it
 * at start, a production project once after deploying (it reads every user, in pages).
 */
export async function backfillUsernameSkeletons(deps: Pick<AppDeps, 'store'>): Promise<number> {
  let written = 0;
  let offset = 0;
  const PAGE = 500;
  for (;;) {
    const users = await deps.store.collection('users').orderBy('createdAt').offset(offset).limit(PAGE).get();
    const batch = deps.store.batch();
    let pending = 0;
    for (const user of users) {
      const skeleton = usernameSkeleton(String(user.username ?? ''));
      if (user.usernameSkeleton === skeleton) continue;
      batch.update('users', user.id, { usernameSkeleton: skeleton });
      pending += 1;
    }
    if (pending > 0) await batch.commit();
    written += pending;
    if (users.length < PAGE) return written;
    offset += PAGE;
  }
}
