import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { deleteApp, getApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { FirestoreStore } from '../../functions/src/adapters/firestore/firestore-store.js';
import { LocalBlobStore } from '../../functions/src/adapters/local-blobs/local-blob-store.js';
import { OutboxMailer } from '../../functions/src/adapters/outbox/outbox-mailer.js';
import { OutboxSmsSender } from '../../functions/src/adapters/outbox/outbox-sms.js';
import { clearingOnRebuild, publicReadsCache } from '../../functions/src/api/http/public-cache.js';
import type { AppConfig } from '../../functions/src/platform/config.js';
import { silentLogger, type AppDeps } from '../../functions/src/platform/deps.js';
import { INDEX_FILE } from '../../functions/src/platform/local-deps.js';
import { loadIndexFile } from '../../functions/src/ports/index-coverage.js';

/**
 * The address (host:port) of the Firestore emulator the test setup started, or undefined where
 * the machine has none. Deliberately not FIRESTORE_EMULATOR_HOST: site builds would read that.
 */
export const testFirestoreHost = (): string | undefined => process.env.GANYAN_TEST_FIRESTORE || undefined;

/**
 * An admin client on a project of its own in the emulator: the emulator keeps one database per
 * project id, so each test server starts empty and never sees another file's documents.
 */
export function emulatorFirestore(projectId: string): Firestore {
  const host = testFirestoreHost();
  if (!host) throw new Error('GANYAN_TEST_FIRESTORE is not set: the Firestore emulator is not running');
  const app = initializeApp({ projectId }, projectId);
  const db = getFirestore(app);
  // ssl: false makes the client send the emulator's owner token instead of asking Google for one.
  db.settings({ host, ssl: false });
  return db;
}

/** Drops everything the emulator holds for one project (its REST endpoint for tests). */
async function dropProject(projectId: string): Promise<void> {
  const res = await fetch(`http://${testFirestoreHost()}/emulator/v1/projects/${projectId}/databases/(default)/documents`, { method: 'DELETE' });
  if (!res.ok) throw new Error(`Firestore emulator did not drop ${projectId}: ${res.status}`);
}

export interface FirestoreTestDeps {
  deps: AppDeps;
  projectId: string;
  /** Closes the client and drops the project's data. */
  close(): Promise<void>;
}

/**
 * Production's composition (functions/src/platform/cloud-deps.ts) on the emulator: FirestoreStore,
 * the outbox mailer and SMS sender writing into it, the public reads cache cleared on rebuild. Two
 * differences, both for tests: files go to a local folder (the Storage emulator cannot run here),
 * and the store checks queries against firestore.indexes.json, since the emulator serves unindexed
 * queries that production refuses.
 */
export function createFirestoreTestDeps(config: AppConfig, options: { now: () => Date; requestRebuild?: (reason: string) => void }): FirestoreTestDeps {
  const projectId = `demo-ganyan-${randomUUID().slice(0, 8)}`;
  const db = emulatorFirestore(projectId);
  const store = new FirestoreStore(db, { indexes: loadIndexFile(INDEX_FILE), closeClient: false });
  const publicReads = publicReadsCache();
  const log = silentLogger;
  const deps: AppDeps = {
    config,
    store,
    blobs: new LocalBlobStore(join(config.dataDir, 'blobs'), config.uploadSecret, () => config.siteUrl, options.now),
    mailer: new OutboxMailer(store, options.now, log),
    sms: new OutboxSmsSender(store, options.now, log),
    now: options.now,
    requestRebuild: clearingOnRebuild(publicReads, options.requestRebuild ?? (() => {})),
    publicReads,
    log,
  };
  return {
    deps,
    projectId,
    async close() {
      await dropProject(projectId);
      await store.close();
      await deleteApp(getApp(projectId));
    },
  };
}
