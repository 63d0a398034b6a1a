/**
 * npm start: one Node process that serves the static site, /api/** and uploaded files.
 *
 * On first run it creates and seeds the embedded store and builds the site before listening.
 * Later runs keep the data, serve the previous build at once and rebuild in the background
 * (content may have changed while the server was down). Staff edits trigger coalesced rebuilds at
 * low priority (server/site.ts createRebuilder, scripts/build-site.ts buildInChildProcess).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { startNotificationInterval, type NotificationScheduler } from '../functions/src/jobs/notifications.js';
import { backfillUsernameSkeletons } from '../functions/src/domain/identity/backfill-username-skeletons.js';
import { migrateSixPools } from '../functions/src/domain/races/migrate-six-pools.js';
import { backfillEmailDots } from '../functions/src/domain/identity/backfill-email-dots.js';
import { startScheduledPublishInterval } from '../functions/src/jobs/scheduled-publish.js';
import { startViewFoldInterval } from '../functions/src/jobs/view-fold.js';
import { startImageCopySweep } from '../functions/src/jobs/image-copies.js';
import { startVipExpiryInterval } from '../functions/src/jobs/vip-expiry.js';
import { loadConfig } from '../functions/src/platform/config.js';
import type { AppDeps } from '../functions/src/platform/deps.js';
import { createDevDeps } from '../functions/src/platform/dev-deps.js';
import { cdnCache } from '../server/cdn-cache.js';
import { emulatorUnavailable, startFirestoreEmulator, type RunningEmulator } from '../server/firestore-emulator.js';
import { createLocalApp } from '../server/local-app.js';
import { isStoreEmpty, seedAll } from '../server/seed/index.js';
import { startNotificationThread } from '../server/notification-thread.js';
import { createRebuilder, type Rebuilder } from '../server/site.js';
import { BACKGROUND_NICENESS, buildInChildProcess, DEFAULT_SITE_DIR } from './build-site.js';

const DEMO_PASSWORD = 'Ganyan2026!';

/**
 * GANYAN_STORE=firestore: production's store adapter on Google's Firestore emulator, started here
 * unless FIRESTORE_EMULATOR_HOST names one already. Set in this process's environment, so the site
 * build (a child process) and the notification thread read the same Firestore.
 */
async function firestoreIfAsked(): Promise<RunningEmulator | null> {
  if (process.env.GANYAN_STORE !== 'firestore' || process.env.FIRESTORE_EMULATOR_HOST) return null;
  const why = emulatorUnavailable();
  if (why) throw new Error(`GANYAN_STORE=firestore: Firestore emülatörü başlatılamıyor (${why}).`);
  console.log('Firestore emülatörü başlatılıyor...');
  const emulator = await startFirestoreEmulator();
  process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
  process.env.GCLOUD_PROJECT ??= 'demo-ganyan';
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  return emulator;
}

async function main() {
  const emulator = await firestoreIfAsked();
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const port = Number(process.env.PORT ?? 4321);
  const siteDir = process.env.GANYAN_SITE_OUT_DIR ?? DEFAULT_SITE_DIR;
  const buildEnv = { ...process.env, GANYAN_DATA_DIR: config.dataDir, SITE_URL: config.siteUrl };

  let rebuilder: Rebuilder | null = null;
  let notifications: NotificationScheduler | null = null;
  // Every publish (by staff or by a scheduled time) raises the rebuild signal: it also kicks the notification job.
  const deps = await createDevDeps(config, {
    requestRebuild: (reason) => {
      rebuilder?.request(reason);
      notifications?.kick();
    },
  });
  // Rebuilds run beside the visitors' requests: in their own process tree, at the lowest priority.
  // The first one, before the server listens, has nobody to yield to.
  const stopBuilds = new AbortController();
  const build = async (reasons: string[], niceness = BACKGROUND_NICENESS) => {
    const result = await buildInChildProcess({ siteDir, env: buildEnv, niceness, signal: stopBuilds.signal });
    deps.log.info('site built', { ms: result.ms, pages: result.pages, reasons });
  };
  rebuilder = createRebuilder({ build, log: deps.log });

  if (await isStoreEmpty(deps)) {
    console.log('Veritabanı boş: demo verisi yükleniyor...');
    await seedAll(deps, { log: (line) => console.log(line) });
  }
  // Data folders from before look-alike usernames were refused (see username-skeleton.ts).
  await backfillUsernameSkeletons(deps);
  // Data folders from before the store refused arrays inside arrays, as Firestore does.
  await migrateSixPools(deps);
  // And from before a typed 'İ' was stored as plain 'i' (auth-schemas.ts normalizeEmail).
  const emails = await backfillEmailDots(deps);
  if (emails.clashes.length > 0) deps.log.warn('e-mail look-alikes left as they are', { users: emails.clashes });

  if (existsSync(join(siteDir, 'index.html'))) {
    // Serve the previous build right away; the fresh one replaces it atomically when ready.
    rebuilder.request('start');
  } else {
    console.log('Site derleniyor (ilk çalıştırma)...');
    await build(['first start'], 0);
  }

  const notificationThread = startNotificationThread(config);
  notifications = startNotificationInterval(() => notificationThread.run(), deps.log);
  const stopJobs = startJobs(deps);
  // Visitors' public API answers are kept as Firebase Hosting's CDN keeps them in production.
  const app = createLocalApp(deps, { siteDir, cdn: cdnCache() });
  const server = serve({ fetch: app.fetch, port, hostname: process.env.HOST ?? '127.0.0.1' }, () => {
    console.log(`
Ganyan çalışıyor: ${config.siteUrl}
  API:         ${config.siteUrl}/api/health
  Veri:        ${deps.store.kind === 'firestore' ? `Firestore emülatörü ${process.env.FIRESTORE_EMULATOR_HOST} (bellekte: kapanınca silinir)` : config.dataDir}${config.env !== 'production' ? `\n  E-postalar:  ${config.siteUrl}/_dev/outbox` : ''}

Demo hesapları (şifre: ${DEMO_PASSWORD})
  Yönetici:  admin@ganyan.local   -> ${config.siteUrl}/admin
  Yazar:     yazar1@ganyan.local  -> ${config.siteUrl}/admin
  Üye:       uye01@ganyan.local   -> ${config.siteUrl}/giris
`);
  });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    rebuilder?.close();
    // A rebuild runs in its own process group: it would outlive the server and keep writing.
    stopBuilds.abort();
    stopJobs();
    notifications?.stop();
    await notificationThread.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await deps.store.close();
    await emulator?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

/** Scheduled work that Cloud Scheduler runs in production; here on an interval in this process. */
function startJobs(deps: AppDeps): () => void {
  const stops = [startVipExpiryInterval(deps), startScheduledPublishInterval(deps), startViewFoldInterval(deps), startImageCopySweep(deps)];
  return () => stops.forEach((stop) => stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
