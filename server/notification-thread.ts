/**
 * The notification job off the server's event loop. In production it is a scheduled Cloud Function
 * on instances of its own, so a fan-out to 10,000 VIPs never shows in an API answer's latency. The
 * embedded store answers synchronously, so the same job inside the server's thread held every
 * request between its batches (p95 of GET /api/articles went from 47 ms to 6 s). Here it runs in a
 * worker thread with its own connection to the sqlite file: WAL keeps the server's reads unblocked,
 * and the fan-out's idempotency (deterministic delivery ids, leases) already assumes other writers.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { NotificationRunReport } from '../functions/src/jobs/notifications.js';
import type { AppConfig } from '../functions/src/platform/config.js';

export interface NotificationThread {
  /** One run of the job in the thread; runs are queued, never overlapped. */
  run(): Promise<NotificationRunReport>;
  close(): Promise<void>;
}

const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

type Answer = { id: number; report: NotificationRunReport } | { id: number; error: string };

export function startNotificationThread(config: AppConfig, options: { quiet?: boolean } = {}): NotificationThread {
  const worker = new Worker(new URL('./notification-worker.ts', import.meta.url), {
    // The worker is TypeScript like its caller; under vitest the caller's loader is not tsx, so name it.
    execArgv: [...process.execArgv, '--import', TSX_LOADER],
    workerData: { config, quiet: options.quiet ?? false },
  });
  worker.unref();
  const waiting = new Map<number, { resolve: (report: NotificationRunReport) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let chain: Promise<unknown> = Promise.resolve();
  const failAll = (error: Error) => {
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  };
  worker.on('message', (answer: Answer) => {
    const pending = waiting.get(answer.id);
    waiting.delete(answer.id);
    if ('error' in answer) pending?.reject(new Error(answer.error));
    else pending?.resolve(answer.report);
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`notification thread exited (${code})`)));
  const runOnce = () =>
    new Promise<NotificationRunReport>((resolve, reject) => {
      const id = (nextId += 1);
      waiting.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id });
    }).finally(() => {
      if (waiting.size === 0) worker.unref();
    });
  return {
    run() {
      const next = chain.then(runOnce);
      chain = next.catch(() => undefined);
      return next;
    },
    async close() {
      await chain;
      await worker.terminate();
    },
  };
}
