/**
 * A race-morning burst of sign-ins against the process that stands for the `api` function (the
 * bench server without the site: the API, uploads and files, as the function serves them). 50
 * members sign in at the same moment, each from their own address (the server trusts one proxy, as
 * the function trusts Hosting's), and the process's peak resident memory (the kernel's VmHWM, so a
 * spike between two samples cannot be missed) is compared with the memory `functions/src/index.ts`
 * deploys the function with.
 */
import { cpSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD, login, startServer } from './lib/env.js';
import { percentile } from './lib/figures.js';

export const BURST = 50;
/** Share of the function's memory the process may reach during the burst (issue 52). */
export const PEAK_SHARE_GOAL = 0.6;

export interface SigninBurst {
  functionMemoryMiB: number;
  rssBeforeMiB: number;
  peakRssMiB: number;
  ok: number;
  failed: string[];
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  loadAverage: number;
}

/** The `api` function's memory as deployed: the option firebase-functions recorded on the export itself. */
export async function apiFunctionMemoryMiB(): Promise<number> {
  const { api } = await import('../functions/src/index.js');
  const endpoint = (api as unknown as { __endpoint?: { availableMemoryMb?: number } }).__endpoint;
  if (!endpoint?.availableMemoryMb) throw new Error('functions/src/index.ts: the api export declares no memory');
  return endpoint.availableMemoryMb;
}

function memoryMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`/proc/${pid}/status has no ${field}`);
  return Number(match[1]) / 1024;
}

export async function benchSigninBurst(root: string, demo: string, log: (line: string) => void): Promise<SigninBurst> {
  const functionMemoryMiB = await apiFunctionMemoryMiB();
  const loadAverage = loadavg()[0]!;
  // A copy: the sign-ins write to the store, and the demo dir is every other part's starting point.
  const dataDir = join(root, 'signin-data');
  cpSync(demo, dataDir, { recursive: true });
  const server = await startServer({ dataDir, env: { GANYAN_PROXY_HOPS: '1' } });
  try {
    // One sign-in first: the app's lazy imports and the timing-equaliser's dummy hash are paid by
    // the first caller of any instance, not by the burst.
    await login(server.baseUrl, 'uye40@ganyan.local', DEMO_PASSWORD);
    const rssBeforeMiB = memoryMiB(server.pid, 'VmRSS');
    log(`  ${BURST} sign-ins at once; server RSS before ${Math.round(rssBeforeMiB)} MiB, function memory ${functionMemoryMiB} MiB`);
    const members = Array.from({ length: 40 }, (_, i) => `uye${String(i + 1).padStart(2, '0')}@ganyan.local`);
    const latencies: number[] = [];
    const failed: string[] = [];
    await Promise.all(
      Array.from({ length: BURST }, async (_, i) => {
        const started = performance.now();
        try {
          await login(server.baseUrl, members[i % members.length]!, DEMO_PASSWORD);
          latencies.push(performance.now() - started);
        } catch (error) {
          failed.push(error instanceof Error ? error.message : String(error));
        }
      }),
    );
    const peakRssMiB = memoryMiB(server.pid, 'VmHWM');
    return {
      functionMemoryMiB,
      rssBeforeMiB,
      peakRssMiB,
      ok: latencies.length,
      failed,
      p50Ms: percentile(latencies, 50),
      p95Ms: percentile(latencies, 95),
      maxMs: Math.max(...latencies),
      loadAverage,
    };
  } finally {
    await server.close();
  }
}
