import type { AppDeps } from '../../platform/deps.js';
import { normalizeEmail } from './auth-schemas.js';

/**
 * Accounts whose address was stored before `normalizeEmail` folded the capital 'İ' hold
 * 'i' + U+0307: they get the plain address, so typing either form signs them in. An address whose
 * plain form another account already holds is left as it is and reported (staff merge by hand).
 * Idempotent; the local server runs it at start, a production project once after deploying.
 */
export async function backfillEmailDots(deps: Pick<AppDeps, 'store'>): Promise<{ fixed: number; clashes: string[] }> {
  let fixed = 0;
  const clashes: string[] = [];
  let offset = 0;
  const PAGE = 500;
  for (;;) {
    const users = await deps.store.collection('users').orderBy('createdAt').offset(offset).limit(PAGE).get();
    for (const user of users) {
      const email = String(user.email ?? '');
      if (!email.includes('\u0307')) continue;
      const plain = normalizeEmail(email);
      if (plain === email) continue;
      const moved = await deps.store.runTransaction(async (tx) => {
        const holders = await tx.query(deps.store.collection('users').where('email', '==', plain).limit(1));
        if (holders.length > 0) return false;
        tx.update('users', user.id, { email: plain });
        return true;
      });
      if (moved) fixed += 1;
      else clashes.push(user.id);
    }
    if (users.length < PAGE) return { fixed, clashes };
    offset += PAGE;
  }
}
