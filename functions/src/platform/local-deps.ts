import { join, resolve } from 'node:path';
import { LocalBlobStore } from '../adapters/local-blobs/local-blob-store.js';
import { OutboxMailer } from '../adapters/outbox/outbox-mailer.js';
import { OutboxSmsSender } from '../adapters/outbox/outbox-sms.js';
import { SqliteStore } from '../adapters/sqlite/sqlite-store.js';
import { clearingOnRebuild, publicReadsCache } from '../api/http/public-cache.js';
import type { DocumentStore } from '../ports/document-store.js';
import { loadIndexFile } from '../ports/index-coverage.js';
import { REPO_ROOT, type AppConfig } from './config.js';
import { jsonLogger, silentLogger, type AppDeps } from './deps.js';

export const INDEX_FILE = resolve(REPO_ROOT, 'firestore.indexes.json');

export interface LocalDepsOptions {
  /** ':memory:' for a throwaway store in tests. */
  databaseFile?: string;
  now?: () => Date;
  requestRebuild?: (reason: string) => void;
  quiet?: boolean;
  /** Another store in place of the sqlite file (dev-deps.ts: Firestore on the emulator). */
  store?: DocumentStore;
}

/** The embedded composition: sqlite store (or the one given), local blob folder, outbox mailer. */
export function createLocalDeps(config: AppConfig, options: LocalDepsOptions = {}): AppDeps {
  const now = options.now ?? (() => new Date());
  const log = options.quiet ? silentLogger : jsonLogger();
  const store = options.store ?? new SqliteStore({ file: options.databaseFile ?? join(config.dataDir, 'ganyan.sqlite'), indexes: loadIndexFile(INDEX_FILE) });
  const publicReads = publicReadsCache();
  const blobs = new LocalBlobStore(join(config.dataDir, 'blobs'), config.uploadSecret, () => config.siteUrl, now);
  return {
    config,
    store,
    blobs,
    mailer: new OutboxMailer(store, now, log),
    sms: new OutboxSmsSender(store, now, log),
    now,
    requestRebuild: clearingOnRebuild(publicReads, options.requestRebuild ?? (() => {})),
    publicReads,
    log,
  };
}
