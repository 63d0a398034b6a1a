/** The worker side of server/notification-thread.ts: its own composition over the same data folder. */
import { parentPort, workerData } from 'node:worker_threads';
import { runNotifications } from '../functions/src/jobs/notifications.js';
import type { AppConfig } from '../functions/src/platform/config.js';
import { createLocalDeps } from '../functions/src/platform/local-deps.js';

const { config, quiet } = workerData as { config: AppConfig; quiet: boolean };
const deps = createLocalDeps(config, { quiet });

parentPort!.on('message', ({ id }: { id: number }) => {
  runNotifications(deps).then(
    (report) => parentPort!.postMessage({ id, report }),
    (error: unknown) => parentPort!.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
