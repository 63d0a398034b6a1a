import type { AppDeps } from '../platform/deps.js';
import { runVipExpiry, runVipRequestExpiry } from '../domain/membership/index.js';
import { startJobInterval } from './interval.js';

/** The VIP jobs (membership's `vip-expiry.ts` and `vip-request-expiry.ts`): hourly in production, on an interval locally. */
export { runVipExpiry, runVipRequestExpiry, type VipExpiryReport, type VipRequestExpiryReport } from '../domain/membership/index.js';

/**
 * Runs the job now and then every `intervalMs` inside a long-running process (the local server).
 * Returns a stop function. Runs never overlap.
 */
export function startVipExpiryInterval(deps: AppDeps, intervalMs = 60 * 60_000): () => void {
  return startJobInterval(
    deps,
    'vip expiry',
    async () => {
      await runVipExpiry(deps);
      await runVipRequestExpiry(deps);
    },
    intervalMs,
  );
}
