import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

export interface QuietWait {
  /** How long the wait lasted. */
  waitedMs: number;
  /** False when `timeoutMs` passed before a quiet window: the figure that follows was taken on a busy machine. */
  quiet: boolean;
  /** The share of CPU time idle over the last window, 0..1. */
  idleShare: number;
}

function cpuTimes(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const { times } of cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idle, total };
}

/**
 * Waits until the machine's cores, taken together, were at least `idleShare` idle over one whole
 * `windowMs`, or `timeoutMs` passed. The bench's own previous part can still be running when the
 * next one starts (the kernel writing a build's pages out, a server or Chromium shutting down), and
 * on two shared cores one busy process moves a Lighthouse TBT or a build time by more than a goal's
 * margin: the figure would measure the leftover, not the page.
 */
export async function waitForQuietCpu({ idleShare = 0.9, windowMs = 1_000, timeoutMs = 30_000 } = {}): Promise<QuietWait> {
  const started = performance.now();
  for (;;) {
    const before = cpuTimes();
    await sleep(windowMs);
    const after = cpuTimes();
    const share = after.total > before.total ? (after.idle - before.idle) / (after.total - before.total) : 1;
    const waitedMs = performance.now() - started;
    if (share >= idleShare) return { waitedMs, quiet: true, idleShare: share };
    if (waitedMs >= timeoutMs) return { waitedMs, quiet: false, idleShare: share };
  }
}

/** 'started on a busy machine (62 % idle after 30 s)' for a start without its quiet second, else nothing. */
export function busyNote(wait: QuietWait): string | undefined {
  return wait.quiet ? undefined : `started on a busy machine (${Math.round(100 * wait.idleShare)} % idle after ${Math.round(wait.waitedMs / 1000)} s)`;
}
