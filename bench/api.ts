/**
 * API under load (an open-loop load generator against the bench server process, 100,000 articles):
 *  - the highest request rate, stepping up, at which p95 <= 20 ms with no errors or non-2xx;
 *  - p50/p95/p99 at a fixed rate (500 req/s) including POST of a comment by members.
 *
 * Requests are sent on a fixed schedule (request i at start + i/rate), over a pool of keep-alive
 * connections, whatever the answers are doing, and each latency runs from the moment its request
 * was DUE, so time spent waiting behind a slow answer counts (no coordinated omission, as wrk2).
 * autocannon was used before: its rate limit lets every connection send its whole second's share
 * back to back at the top of each second, so a "500/s" run was a 20-connection burst at full speed
 * followed by silence, and its latencies described the burst, not the rate.
 */
import { Agent, request } from 'node:http';
import { percentile } from './lib/figures.js';

export interface LoadRun {
  targetRate: number;
  achievedRate: number;
  total: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  statuses: Record<string, number>;
  /** Percentiles over 2xx responses only (differs from the above when some were refused). */
  ok?: { count: number; p50: number; p95: number; p99: number };
}

export interface Endpoint {
  name: string;
  method?: 'GET' | 'POST';
  /** Called per request: lets a run rotate paths (many slugs) or members (tokens). */
  next: () => { path: string; headers?: Record<string, string>; body?: string };
  /** How many different paths `next` rotates through: the warm-up visits each of them once. */
  distinctPaths?: number;
}

export const P95_GOAL_MS = 20;
const TIMEOUT_MS = 10_000;
/** Enough sockets that a rate is never capped by waiting for a free connection on a healthy server. */
const MAX_CONNECTIONS = 256;

export async function runLoad(base: string, endpoint: Endpoint, rate: number, seconds: number): Promise<LoadRun> {
  const target = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: MAX_CONNECTIONS });
  const latencies: number[] = [];
  const okLatencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let non2xx = 0;
  const total = Math.round(rate * seconds);
  const started = performance.now();

  const send = (dueAt: number) =>
    new Promise<void>((resolve) => {
      const next = endpoint.next();
      const body = next.body === undefined ? undefined : Buffer.from(next.body);
      const req = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: endpoint.method ?? 'GET',
          path: next.path,
          headers: { ...next.headers, ...(body ? { 'Content-Length': String(body.byteLength) } : {}) },
          timeout: TIMEOUT_MS,
        },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            const latency = performance.now() - dueAt;
            const status = res.statusCode ?? 0;
            latencies.push(latency);
            statuses[status] = (statuses[status] ?? 0) + 1;
            if (status >= 200 && status < 300) okLatencies.push(latency);
            else non2xx += 1;
            resolve();
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(body);
    });

  const inFlight: Promise<void>[] = [];
  await new Promise<void>((done) => {
    let sent = 0;
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
      while (sent < due) {
        inFlight.push(send(started + (sent / rate) * 1000));
        sent += 1;
      }
      if (sent >= total) done();
      // A 1 ms timer, not a busy loop: the client must leave the second core to the server's own work.
      else setTimeout(tick, 1);
    };
    tick();
  });
  await Promise.all(inFlight);
  const elapsedSeconds = (performance.now() - started) / 1000;
  agent.destroy();

  const pick = (values: number[]) => ({ p50: percentile(values, 50), p95: percentile(values, 95), p99: percentile(values, 99) });
  return {
    targetRate: rate,
    achievedRate: latencies.length / Math.max(seconds, elapsedSeconds),
    total: latencies.length,
    ...pick(latencies),
    errors,
    non2xx,
    statuses,
    ok: okLatencies.length !== latencies.length ? { count: okLatencies.length, ...pick(okLatencies) } : undefined,
  };
}

export function passes(run: LoadRun): boolean {
  return run.errors === 0 && run.non2xx === 0 && run.p95 <= P95_GOAL_MS && run.achievedRate >= 0.95 * run.targetRate;
}

/**
 * Steps the rate up until a step fails; the last passing rate is the figure (0 if none passed).
 * A failed step is run once more after a pause: one stall of the machine (a write-back of the
 * 100,000-article seed just made, another process) cost a whole step, and the same build read
 * 1,500 and 2,000 req/s in two runs. Both attempts are logged and kept in `steps`.
 */
export async function maxRate(base: string, endpoint: Endpoint, rates: number[], seconds: number, log: (line: string) => void): Promise<{ rate: number; steps: LoadRun[] }> {
  // The sqlite adapter creates a single-field index on first use; on 100,000 articles that first
  // request takes seconds. One request on its own first, then a warm-up for JIT and the page cache
  // that reaches every path of a rotation: the figure is the steady state of a running server,
  // not the first read of each document from disk.
  await fetch(`${base}${endpoint.next().path}`).then((res) => res.arrayBuffer());
  await runLoad(base, endpoint, 100, Math.max(2, Math.ceil((endpoint.distinctPaths ?? 0) / 100)));
  const steps: LoadRun[] = [];
  let best = 0;
  const attempt = async (rate: number, label: string) => {
    const run = await runLoad(base, endpoint, rate, seconds);
    steps.push(run);
    const ok = passes(run);
    log(`  ${endpoint.name} @ ${rate}/s${label}: achieved ${Math.round(run.achievedRate)}/s, p95 ${run.p95.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms, errors ${run.errors}, non-2xx ${run.non2xx} ${ok ? 'ok' : 'FAIL'}`);
    return ok;
  };
  for (const rate of rates) {
    let ok = await attempt(rate, '');
    if (!ok) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      ok = await attempt(rate, ' (again)');
    }
    if (!ok) break;
    best = rate;
  }
  return { rate: best, steps };
}
