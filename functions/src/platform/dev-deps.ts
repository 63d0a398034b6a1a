import type { AppConfig } from './config.js';
import type { AppDeps } from './deps.js';
import { createLocalDeps, INDEX_FILE, type LocalDepsOptions } from './local-deps.js';

/**
 * The local server's composition: the embedded sqlite store, or with GANYAN_STORE=firestore
 * production's Firestore adapter on the emulator FIRESTORE_EMULATOR_HOST names (scripts/start.ts
 * starts one). Files and mail stay local either way: the Storage emulator cannot run here.
 */
export async function createDevDeps(config: AppConfig, options: LocalDepsOptions = {}, env: NodeJS.ProcessEnv = process.env): Promise<AppDeps> {
  if (env.GANYAN_STORE !== 'firestore') return createLocalDeps(config, options);
  if (!env.FIRESTORE_EMULATOR_HOST) throw new Error('GANYAN_STORE=firestore needs FIRESTORE_EMULATOR_HOST (npm start sets it when it starts the emulator)');
  // Loaded only on this path: firebase-admin is heavy and the embedded default never needs it.
  const [{ getApps, initializeApp }, { getFirestore }, { FirestoreStore }, { loadIndexFile }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/firestore'),
    import('../adapters/firestore/firestore-store.js'),
    import('../ports/index-coverage.js'),
  ]);
  const app = getApps()[0] ?? initializeApp({ projectId: env.GCLOUD_PROJECT ?? 'demo-ganyan' });
  // The emulator serves unindexed queries; the declared indexes are checked here as production would.
  const store = new FirestoreStore(getFirestore(app), { indexes: loadIndexFile(INDEX_FILE) });
  return createLocalDeps(config, { ...options, store });
}
