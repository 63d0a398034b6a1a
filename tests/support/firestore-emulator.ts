import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { firestoreEmulatorHost } from './firestore-host.js';

export { firestoreEmulatorHost } from './firestore-host.js';

/**
 * An admin client on the emulator, one per project id for the whole run. Different suites take
 * different project ids, so their data never meet even when they run at the same time.
 */
export function getFirestoreForEmulator(projectId = 'demo-ganyan'): Firestore {
  const host = firestoreEmulatorHost();
  if (!host) throw new Error('No Firestore emulator: GANYAN_TEST_FIRESTORE is not set');
  const name = `emulator-${projectId}`;
  const existing = getApps().find((a) => a.name === name);
  if (existing) return getFirestore(existing);
  const db = getFirestore(initializeApp({ projectId }, name));
  // host + ssl:false is the admin SDK's emulator mode (an owner token, no Google credentials).
  db.settings({ host, ssl: false });
  return db;
}
