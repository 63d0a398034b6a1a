// From its own module: 'firebase-functions/v2' loads every trigger kind (Realtime Database, AI, ...).
import { setGlobalOptions } from 'firebase-functions/v2/options';
import { onRequest, type Request as FunctionRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { onDocumentUpdated } from 'firebase-functions/v2/firestore';
import { defineSecret } from 'firebase-functions/params';
import type { Response as ExpressResponse } from 'express';
import type { Hono } from 'hono';
import type { ConnectionBindings } from './api/http/client-address.js';
import type { ApiEnv } from './api/http/env.js';
import type { AppDeps } from './platform/deps.js';
import { API_MEMORY_MIB } from './platform/function-memory.js';

/**
 * Cloud Functions exports only. The API is the same Hono app the local server runs.
 * GANYAN_STORE=sqlite swaps in the embedded composition (the emulator test uses it, since the
 * Firestore emulator cannot run on our machines).
 *
 * Everything heavy (the API, its schemas, the jobs) is imported on first use: deploys and the
 * emulator load this file only to read the function list, with a 10-second budget.
 */
export const REGION = 'europe-west1';
setGlobalOptions({ region: REGION, maxInstances: 20 });

const jwtSecret = defineSecret('JWT_SECRET');
const embedded = process.env.GANYAN_STORE === 'sqlite';
// The embedded mode (emulator runs) signs with its development secret instead of Secret Manager.
const secrets = embedded ? [] : [jwtSecret];

let depsPromise: Promise<AppDeps> | null = null;
function deps(): Promise<AppDeps> {
  depsPromise ??= (async () => {
    if (embedded) {
      const [{ createLocalDeps }, { loadConfig }] = await Promise.all([import('./platform/local-deps.js'), import('./platform/config.js')]);
      return createLocalDeps(loadConfig(process.env));
    }
    const { createCloudDeps } = await import('./platform/cloud-deps.js');
    return createCloudDeps(process.env);
  })();
  depsPromise.catch(() => {
    depsPromise = null;
  });
  return depsPromise;
}

let appPromise: Promise<Hono<ApiEnv>> | null = null;
function app(): Promise<Hono<ApiEnv>> {
  appPromise ??= Promise.all([deps(), import('./api/app.js')]).then(([d, { createApp }]) => createApp(d));
  appPromise.catch(() => {
    appPromise = null;
  });
  return appPromise;
}

/**
 * Cloud Functions hands us an Express request whose body stream is already consumed (kept in
 * `rawBody`), so we build a Fetch Request from it rather than re-reading the socket.
 */
function toFetchRequest(req: FunctionRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const proto = (req.headers['x-forwarded-proto'] as string | undefined)?.split(',')[0] ?? 'https';
  const host = (req.headers['x-forwarded-host'] as string | undefined) ?? req.headers.host ?? 'localhost';
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && req.rawBody && req.rawBody.length > 0;
  return new Request(`${proto}://${host}${req.originalUrl || req.url}`, {
    method: req.method,
    headers,
    body: hasBody ? new Uint8Array(req.rawBody) : undefined,
  });
}

async function sendFetchResponse(response: Response, res: ExpressResponse): Promise<void> {
  res.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  res.end(Buffer.from(await response.arrayBuffer()));
}

let bindings: ConnectionBindings | undefined;
export const api = onRequest({ secrets, memory: `${API_MEMORY_MIB}MiB`, timeoutSeconds: 60, concurrency: 80, invoker: 'public' }, async (req, res) => {
  const hono = await app();
  bindings ??= (await import('./api/http/client-address.js')).cloudFunctionBindings(process.env);
  await sendFetchResponse(await hono.fetch(toFetchRequest(req), bindings), res);
});

/** What functions/lib/record-pages/index.js exports: the bundle of server/record-handler.ts (scripts/bundle-record-pages.ts). */
interface RecordPagesBundle {
  handleRecordRequest(deps: AppDeps, request: Request): Promise<Response>;
}
let recordBundle: Promise<RecordPagesBundle> | null = null;

/**
 * Horse and jockey pages the build did not write (firebase.json rewrites `/at-detay/**` and
 * `/jokey/**` here; Hosting serves prebuilt files first), server-rendered and kept by the CDN
 * (docs/capacity.md). Its own function, so the API's instances never load React.
 */
export const recordPages = onRequest({ secrets, memory: '512MiB', timeoutSeconds: 30, concurrency: 80, invoker: 'public' }, async (req, res) => {
  // Built next to this file by the functions build; outside rootDir, so imported by address.
  recordBundle ??= import(new URL('./record-pages/index.js', import.meta.url).href) as Promise<RecordPagesBundle>;
  const [bundle, d] = await Promise.all([recordBundle, deps()]);
  await sendFetchResponse(await bundle.handleRecordRequest(d, toFetchRequest(req)), res);
});

/** Files of uploads never finalized are deleted (see purgeAbandonedUploads); images the trigger below missed get their copies. */
export const purgeUploads = onSchedule({ schedule: 'every 6 hours', timeZone: 'Europe/Istanbul', secrets, memory: '1GiB' }, async () => {
  const [{ purgeAbandonedUploads }, { sweepImageCopies }] = await Promise.all([import('./domain/uploads/purge-abandoned-uploads.js'), import('./jobs/image-copies.js')]);
  const d = await deps();
  await purgeAbandonedUploads(d);
  await sweepImageCopies(d);
});

/**
 * An article image's WebP and AVIF copies, made once finalize has kept it (copiesPending), in this
 * function rather than the API's: a 50 MB photo's decode would share the API instance's memory with
 * 80 requests. Runs again harmlessly on a retried event (the mark is cleared once they exist).
 */
export const imageCopies = onDocumentUpdated({ document: 'uploads/{id}', secrets, memory: '1GiB', timeoutSeconds: 300 }, async (event) => {
  if (event.data?.after.get('copiesPending') !== true || event.data.before.get('copiesPending') === true) return;
  const { completeImageCopies } = await import('./jobs/image-copies.js');
  await completeImageCopies(await deps(), event.params.id);
});

/** Ends VIP memberships past their end date and sends the 7-day, 3-day and end reminders once each. */
export const vipExpiry = onSchedule({ schedule: 'every 60 minutes', timeZone: 'Europe/Istanbul', secrets }, async () => {
  const { runVipExpiry, runVipRequestExpiry } = await import('./jobs/vip-expiry.js');
  const d = await deps();
  await runVipExpiry(d);
  await runVipRequestExpiry(d);
});

/**
 * VIP notices: per-estimate fan-outs of newly visible VIP estimates, the daily package at the staff's
 * hour, result notices after settlement. Scan-based and idempotent, so each minute is enough to catch
 * a staff publish and a scheduled one alike.
 */
export const notifications = onSchedule({ schedule: 'every 1 minutes', timeZone: 'Europe/Istanbul', secrets, timeoutSeconds: 540, memory: '512MiB' }, async () => {
  const { runNotifications } = await import('./jobs/notifications.js');
  await runNotifications(await deps());
});

/**
 * The Trigger Email and Twilio extensions write `delivery.state` on the documents they send: a VIP
 * notice reported SUCCESS counts as sent on its fan-out (once; other mails are ignored).
 */
async function noticeDelivered(id: string, state: unknown): Promise<void> {
  if (state !== 'SUCCESS') return;
  const { markMessageSent } = await import('./domain/notifications/fanout-progress.js');
  await markMessageSent(await deps(), id);
}
export const noticeMailDelivered = onDocumentUpdated({ document: 'mail/{id}', secrets }, (event) => noticeDelivered(event.params.id, event.data?.after.get('delivery.state')));
export const noticeSmsDelivered = onDocumentUpdated({ document: 'messages/{id}', secrets }, (event) => noticeDelivered(event.params.id, event.data?.after.get('delivery.state')));

/** Publishes scheduled articles whose time has come; the site rebuild follows as for a manual publish. */
export const scheduledPublish = onSchedule({ schedule: 'every 1 minutes', timeZone: 'Europe/Istanbul', secrets }, async () => {
  const { runScheduledPublish } = await import('./jobs/scheduled-publish.js');
  await runScheduledPublish(await deps());
});

/** Hot articles' views, counted on shards at a peak, into their `stats.views` (domain/articles/view-shards.ts). */
export const viewFold = onSchedule({ schedule: 'every 1 minutes', timeZone: 'Europe/Istanbul', secrets }, async () => {
  const { foldArticleViews } = await import('./domain/articles/view-shards.js');
  await foldArticleViews(await deps());
});

/** Pulls race programmes and results from the racing data source (RACE_SOURCE_URL) into the store. */
export const raceImport = onSchedule(
  { schedule: process.env.RACE_IMPORT_SCHEDULE ?? 'every 30 minutes from 08:00 to 23:59', timeZone: 'Europe/Istanbul', secrets, timeoutSeconds: 300 },
  async () => {
    const d = await deps();
    if (!process.env.RACE_SOURCE_URL) {
      d.log.warn('race import skipped: RACE_SOURCE_URL is not set');
      return;
    }
    const { runRaceImport } = await import('./jobs/race-import.js');
    await runRaceImport(d);
  },
);
