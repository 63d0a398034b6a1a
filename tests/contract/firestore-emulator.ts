import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

/** One admin client for the whole run, pointed at the emulator through FIRESTORE_EMULATOR_HOST. */
export function getFirestoreForEmulator(): Firestore {
  const app = getApps().find((a) => a.name === 'contract') ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-ganyan' }, 'contract');
  return getFirestore(app);
}
