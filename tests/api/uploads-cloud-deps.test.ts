import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHookRebuilder, createCloudDeps } from '../../functions/src/platform/cloud-deps.js';
import { silentLogger } from '../../functions/src/platform/deps.js';
import { SqliteStore } from '../../functions/src/adapters/sqlite/sqlite-store.js';
import { loadIndexFile } from '../../functions/src/ports/index-coverage.js';
import { INDEX_FILE } from '../../functions/src/platform/local-deps.js';

const memoryStore = () => new SqliteStore({ file: ':memory:', indexes: loadIndexFile(INDEX_FILE) });

/** The production composition, built without the network: only the DocumentStore is swapped (no Firestore here). */
describe('createCloudDeps', () => {
  const base = {
    SITE_URL: 'https://ganyan.example',
    JWT_SECRET: 'x'.repeat(48),
    GANYAN_BUCKET: 'demo-ganyan.appspot.com',
    GCLOUD_PROJECT: 'demo-ganyan',
  } as NodeJS.ProcessEnv;

  it('wires Cloud Storage, the outbox mailer and production config', async () => {
    const store = memoryStore();
    const deps = await createCloudDeps(base, () => store);
    try {
      expect(deps.config.env).toBe('production');
      expect(deps.store).toBe(store);
      expect(deps.blobs.kind).toBe('cloud-storage');
      expect(deps.blobs.publicUrl('media/images/2026/11/a b.png')).toBe(
        'https://firebasestorage.googleapis.com/v0/b/demo-ganyan.appspot.com/o/media%2Fimages%2F2026%2F11%2Fa%20b.png?alt=media',
      );
      await deps.mailer.send({ to: 'uye@example.com', message: { subject: 'Konu', text: 'Metin', html: '<p>Metin</p>' } });
      const mails = await store.collection('mail').get();
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ to: 'uye@example.com', message: { subject: 'Konu' } });
    } finally {
      await store.close();
    }
  });

  it('refuses to start without SITE_URL or with a short JWT_SECRET', async () => {
    await expect(createCloudDeps({ ...base, SITE_URL: undefined }, () => memoryStore())).rejects.toThrow('SITE_URL');
    await expect(createCloudDeps({ ...base, JWT_SECRET: 'short' }, () => memoryStore())).rejects.toThrow('JWT_SECRET');
  });
});

describe('buildHookRebuilder', () => {
  let server: Server;
  let url = '';
  const received: { reason: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        received.push(JSON.parse(body));
        res.end('ok');
      });
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

  it('POSTs the reason once per minute per instance', async () => {
    let now = new Date('2026-11-22T10:00:00Z');
    const rebuild = buildHookRebuilder(url, silentLogger, () => now);
    rebuild('article published');
    rebuild('article edited');
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]!.reason).toBe('article published');
    now = new Date('2026-11-22T10:01:01Z');
    rebuild('article unpublished');
    await expect.poll(() => received.length).toBe(2);
    expect(received[1]!.reason).toBe('article unpublished');
  });
});
