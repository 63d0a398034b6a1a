import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, describe, it } from 'vitest';

/**
 * storage.rules against the Storage emulator (JAR download + Java 21, absent on our machines):
 * runs only where FIREBASE_STORAGE_EMULATOR_HOST points at one.
 */
const host = process.env.FIREBASE_STORAGE_EMULATOR_HOST;
if (!host) console.log('Storage rules tests skipped: FIREBASE_STORAGE_EMULATOR_HOST is not set');

const PUBLIC = ['media/images/2026/11/a.png', 'media/audio/2026/11/b.mp3', 'media/avatars/2026/11/c.jpg'];
const PRIVATE = ['private/export.json', 'private/receipts/2026/11/dekont.pdf', 'media/other/x.png', 'media/images/flat.png', 'uploads/tmp/d.png'];

describe.skipIf(!host)('storage.rules', () => {
  let env: RulesTestEnvironment;

  beforeAll(async () => {
    const { initializeTestEnvironment } = await import('@firebase/rules-unit-testing');
    const [hostname, port] = host!.replace(/^https?:\/\//, '').split(':');
    env = await initializeTestEnvironment({
      projectId: 'demo-ganyan-rules',
      storage: { rules: readFileSync(resolve(import.meta.dirname, '../../storage.rules'), 'utf8'), host: hostname!, port: Number(port) },
    });
    await env.withSecurityRulesDisabled(async (context) => {
      const { ref, uploadBytes } = await import('firebase/storage');
      const storage = context.storage();
      for (const path of [...PUBLIC, ...PRIVATE]) await uploadBytes(ref(storage, path), new Uint8Array([1, 2, 3]));
    });
  });
  afterAll(async () => {
    await env?.cleanup();
  });

  it('lets anyone read public media and nothing else', async () => {
    const { assertFails, assertSucceeds } = await import('@firebase/rules-unit-testing');
    const { getBytes, ref } = await import('firebase/storage');
    const storage = env.unauthenticatedContext().storage();
    for (const path of PUBLIC) await assertSucceeds(getBytes(ref(storage, path)));
    for (const path of PRIVATE) await assertFails(getBytes(ref(storage, path)));
  });

  it('refuses listing and every client write, signed in or not', async () => {
    const { assertFails } = await import('@firebase/rules-unit-testing');
    const { deleteObject, listAll, ref, uploadBytes } = await import('firebase/storage');
    for (const storage of [env.unauthenticatedContext().storage(), env.authenticatedContext('alice', { role: 'admin' }).storage()]) {
      await assertFails(listAll(ref(storage, 'media/images/2026/11')));
      for (const path of [...PUBLIC, 'media/images/2026/11/new.png']) {
        await assertFails(uploadBytes(ref(storage, path), new Uint8Array([9])));
      }
      await assertFails(deleteObject(ref(storage, PUBLIC[0]!)));
    }
  });
});
