/** The worker side of server/notification-thread.ts: its own composition over the same store. */
import { parentPort, workerData } from 'node:worker_threads';
import { runNotifications } from '../functions/src/jobs/notifications.js';
import type { AppConfig } from '../functions/src/platform/config.js';
import { createDevDeps } from '../functions/src/platform/dev-deps.js';

const { config, quiet } = workerData as { config: AppConfig; quiet: boolean };
// The worker shares the parent's environment, so it opens the same store (sqlite file or emulator).
const deps = await createDevDeps(config, { quiet });

parentPort!.on('message', ({ id }: { id: number }) => {
  runNotifications(deps).then(
    (report) => parentPort!.postMessage({ id, report }),
    (error: unknown) => parentPort!.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
