import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe } from 'vitest';
import { SqliteStore } from '../../functions/src/adapters/sqlite/sqlite-store.js';
import type { DocumentStore } from '../../functions/src/ports/document-store.js';
import { firestoreEmulatorHost, firestoreSkipLine } from '../support/firestore-host.js';
import { CONTRACT_COLLECTIONS, CONTRACT_INDEXES, defineDocumentStoreContract } from './document-store.cases.js';

const dataDir = mkdtempSync(join(tmpdir(), 'ganyan-contract-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

let fileCounter = 0;
const openSqlite = (file: string) => new SqliteStore({ file, indexes: CONTRACT_INDEXES });

// A fresh database file per case, so the sqlite run proves restart behaviour on a real file.
defineDocumentStoreContract('sqlite', {
  async open() {
    fileCounter += 1;
    return openSqlite(join(dataDir, `store-${fileCounter}.sqlite`));
  },
  async reopen(store: DocumentStore) {
    await store.close();
    return openSqlite(join(dataDir, `store-${fileCounter}.sqlite`));
  },
});

const emulatorHost = firestoreEmulatorHost();
if (!emulatorHost) console.log(firestoreSkipLine('Firestore contract run'));

describe.skipIf(!emulatorHost)('firestore (emulator)', () => {
  defineDocumentStoreContract(`firestore @ ${emulatorHost ?? 'unset'}`, {
    async open() {
      // Loaded lazily: firebase-admin is heavy and unused when the emulator run is skipped.
      const { getFirestoreForEmulator } = await import('../support/firestore-emulator.js');
      const { FirestoreStore } = await import('../../functions/src/adapters/firestore/firestore-store.js');
      const db = getFirestoreForEmulator('demo-ganyan-contract');
      for (const name of CONTRACT_COLLECTIONS) await db.recursiveDelete(db.collection(name));
      // close() must not terminate the shared client: the next case reuses it.
      return new FirestoreStore(db, { closeClient: false });
    },
  });
});
