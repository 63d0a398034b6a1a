import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { CloudStorageBlobStore, type BucketLike } from '../adapters/cloud-storage/cloud-storage-blob-store.js';
import { FirestoreStore } from '../adapters/firestore/firestore-store.js';
import { OutboxMailer } from '../adapters/outbox/outbox-mailer.js';
import { OutboxSmsSender } from '../adapters/outbox/outbox-sms.js';
import { clearingOnRebuild, publicReadsCache } from '../api/http/public-cache.js';
import type { DocumentStore } from '../ports/document-store.js';
import { loadConfig } from './config.js';
import { jsonLogger, type AppDeps, type Logger } from './deps.js';

type StoreFactory = (db: Firestore) => DocumentStore | Promise<DocumentStore>;

/**
 * Site rebuilds in production: a POST to a build hook (Cloud Build trigger, GitHub
 * repository_dispatch, …) named by SITE_BUILD_HOOK_URL. Calls within a minute on one
 * instance are folded into one; the builder itself should coalesce across instances.
 */
export function buildHookRebuilder(hookUrl: string | undefined, log: Logger, now: () => Date = () => new Date()): (reason: string) => void {
  let last = 0;
  return (reason) => {
    if (!hookUrl) {
      log.warn('site rebuild requested but SITE_BUILD_HOOK_URL is not set', { reason });
      return;
    }
    const at = now().getTime();
    if (at - last < 60_000) return;
    last = at;
    fetch(hookUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ reason, at: new Date(at).toISOString() }) })
      .then((res) => (res.ok ? log.info('site rebuild requested', { reason }) : log.error('build hook refused', { status: res.status, reason })))
      .catch((error: unknown) => log.error('build hook unreachable', { error: String(error), reason }));
  };
}

/**
 * The production composition inside Cloud Functions: Firestore through firebase-admin, Cloud
 * Storage for files, the Trigger Email outbox for mail. Secrets (JWT_SECRET) arrive as
 * environment variables through the function's `secrets` option.
 */
export async function createCloudDeps(env: NodeJS.ProcessEnv = process.env, storeFactory: StoreFactory = (db) => new FirestoreStore(db)): Promise<AppDeps> {
  // Links in mails and the CORS allow-list derive from it; a localhost default would be silently wrong.
  if (!env.SITE_URL) throw new Error('SITE_URL must be set for the Cloud Functions (functions/.env.<project-id>)');
  // The extensions write `delivery.state` back and index.ts counts it (markMessageSent); index.ts's
  // `imageCopies` trigger makes article images' copies.
  const config = loadConfig({
    ...env,
    GANYAN_ENV: env.GANYAN_ENV ?? 'production',
    GANYAN_DELIVERY_REPORTS: env.GANYAN_DELIVERY_REPORTS ?? 'true',
    GANYAN_IMAGE_COPIES: env.GANYAN_IMAGE_COPIES ?? 'trigger',
  });
  const app = getApps()[0] ?? initializeApp();
  const log = jsonLogger();
  const now = () => new Date();
  const store = await storeFactory(getFirestore(app));
  const publicReads = publicReadsCache();
  const bucket = getStorage(app).bucket(env.GANYAN_BUCKET || undefined) as unknown as BucketLike;
  return {
    config,
    store,
    blobs: new CloudStorageBlobStore(bucket, { publicBase: env.GANYAN_MEDIA_BASE_URL || undefined }),
    mailer: new OutboxMailer(store, now, log),
    sms: new OutboxSmsSender(store, now, log),
    now,
    requestRebuild: clearingOnRebuild(publicReads, buildHookRebuilder(env.SITE_BUILD_HOOK_URL, log)),
    publicReads,
    log,
  };
}
