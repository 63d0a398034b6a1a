import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { firestoreEmulatorHost, firestoreSkipLine } from '../support/firestore-host.js';

/** firestore.rules evaluated by Google's Firestore emulator (started by the test setup where present). */
const host = firestoreEmulatorHost();
if (!host) console.log(firestoreSkipLine('Firestore rules tests'));

describe.skipIf(!host)('firestore.rules', () => {
  let env: RulesTestEnvironment;
  // Collections of every area: none may be read or written by a browser, signed in or not.
  const collections = ['users', 'articles', 'comments', 'vipRequests', 'vipSubscriptions', 'settings', 'raceDays', 'mail', 'uploads', 'refreshTokens'];

  beforeAll(async () => {
    const { initializeTestEnvironment } = await import('@firebase/rules-unit-testing');
    const [hostname, port] = host!.split(':');
    env = await initializeTestEnvironment({
      projectId: 'demo-ganyan-rules',
      firestore: { rules: readFileSync(resolve(import.meta.dirname, '../../firestore.rules'), 'utf8'), host: hostname!, port: Number(port) },
    });
    await env.withSecurityRulesDisabled(async (context) => {
      const { doc, setDoc } = await import('firebase/firestore');
      const db = context.firestore();
      for (const name of collections) await setDoc(doc(db, name, 'seeded'), { title: 'seed', ownerId: 'alice' });
    });
  });
  afterAll(async () => {
    await env?.cleanup();
  });

  it('refuses every read and write to visitors', async () => {
    const { assertFails } = await import('@firebase/rules-unit-testing');
    const { collection, doc, getDoc, getDocs, setDoc, deleteDoc } = await import('firebase/firestore');
    const db = env.unauthenticatedContext().firestore();
    for (const name of collections) {
      await assertFails(getDoc(doc(db, name, 'seeded')));
      await assertFails(getDocs(collection(db, name)));
      await assertFails(setDoc(doc(db, name, 'new'), { title: 'x' }));
      await assertFails(deleteDoc(doc(db, name, 'seeded')));
    }
  });

  it('refuses every read and write to signed-in users, even on documents naming them', async () => {
    const { assertFails } = await import('@firebase/rules-unit-testing');
    const { doc, getDoc, setDoc, updateDoc } = await import('firebase/firestore');
    const db = env.authenticatedContext('alice', { role: 'admin' }).firestore();
    for (const name of collections) {
      await assertFails(getDoc(doc(db, name, 'seeded')));
      await assertFails(updateDoc(doc(db, name, 'seeded'), { title: 'changed' }));
      await assertFails(setDoc(doc(db, name, 'alice'), { role: 'admin' }));
    }
  });
});
