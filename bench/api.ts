/**
 * API under load (autocannon against the bench server process, 100,000 articles):
 *  - the highest request rate, stepping up, at which p95 <= 20 ms with no errors or non-2xx;
 *  - p50/p95/p99 at a fixed rate (500 req/s) including POST of a comment by members.
 * Latency percentiles are computed from every response (autocannon's own summary has no p95).
 */
import autocannon, { type Result } from 'autocannon';
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
}

export const P95_GOAL_MS = 20;

export function runLoad(base: string, endpoint: Endpoint, rate: number, seconds: number): Promise<LoadRun> {
  const latencies: number[] = [];
  const okLatencies: number[] = [];
  const statuses: Record<string, number> = {};
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: Math.max(20, Math.min(200, Math.ceil(rate / 15))),
        duration: seconds,
        overallRate: rate,
        timeout: 10,
        requests: [
          {
            method: endpoint.method ?? 'GET',
            setupRequest: (req) => {
              const next = endpoint.next();
              return { ...req, path: next.path, headers: { ...req.headers, ...next.headers }, body: next.body ?? req.body };
            },
          },
        ],
      },
      (error: Error | null, result: Result) => {
        if (error) return reject(error);
        const pick = (values: number[]) => ({ p50: percentile(values, 50), p95: percentile(values, 95), p99: percentile(values, 99) });
        resolve({
          targetRate: rate,
          achievedRate: result.requests.total / seconds,
          total: latencies.length,
          ...pick(latencies),
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
          statuses,
          ok: okLatencies.length !== latencies.length ? { count: okLatencies.length, ...pick(okLatencies) } : undefined,
        });
      },
    );
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
      if (statusCode >= 200 && statusCode < 300) okLatencies.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}

export function passes(run: LoadRun): boolean {
  return run.errors === 0 && run.non2xx === 0 && run.p95 <= P95_GOAL_MS && run.achievedRate >= 0.95 * run.targetRate;
}

/** Steps the rate up until a step fails; the last passing rate is the figure (0 if none passed). */
export async function maxRate(base: string, endpoint: Endpoint, rates: number[], seconds: number, log: (line: string) => void): Promise<{ rate: number; steps: LoadRun[] }> {
  // The sqlite adapter creates a single-field index on first use; on 100,000 articles that first
  // request takes seconds. One request on its own first, then a short warm-up for JIT and page cache.
  await fetch(`${base}${endpoint.next().path}`).then((res) => res.arrayBuffer());
  await runLoad(base, endpoint, 100, 2);
  const steps: LoadRun[] = [];
  let best = 0;
  for (const rate of rates) {
    const run = await runLoad(base, endpoint, rate, seconds);
    steps.push(run);
    const ok = passes(run);
    log(`  ${endpoint.name} @ ${rate}/s: achieved ${Math.round(run.achievedRate)}/s, p95 ${run.p95.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms, errors ${run.errors}, non-2xx ${run.non2xx} ${ok ? 'ok' : 'FAIL'}`);
    if (!ok) break;
    best = rate;
  }
  return { rate: best, steps };
}
