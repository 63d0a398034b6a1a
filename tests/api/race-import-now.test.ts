import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raceFixture } from '../support/race-files.js';
import { useAccounts } from '../support/accounts.js';
import { useTestServer } from '../support/server.js';

/**
 * The desk's "Şimdi içe aktar" (issue 49): an admin runs the race import job from the panel, and
 * the desk shows when a programme and results last arrived and what went wrong.
 */
describe('race import from the desk', () => {
  const server = useTestServer({ now: new Date('2026-11-14T12:00:00+03:00') });
  const { admin, author } = useAccounts(server, { admin: 'admin', author: 'author' });
  let source: Server;
  let sourceUrl = '';

  beforeAll(async () => {
    // The race source: today's programme, a results file it cannot accept, nothing for yesterday.
    const files: Record<string, string> = {
      '/program/2026-11-14.json': raceFixture('programme-good.json').content,
      '/sonuc/2026-11-14.json': raceFixture('results-unknown-race.json').content,
    };
    source = createServer((req, res) => {
      const body = files[req.url ?? ''];
      res.writeHead(body ? 200 : 404, { 'Content-Type': 'application/json' }).end(body ?? '{}');
    });
    await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
    sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    delete process.env.RACE_SOURCE_URL;
    await new Promise((resolve) => source.close(resolve));
  });

  it('says when no source is set, runs the job for an admin only, and the desk shows its status', async () => {
    delete process.env.RACE_SOURCE_URL;
    const unset = await server.api('POST', '/api/admin/race-import', { token: admin.token, body: {} });
    expect(unset.status).toBe(503);
    expect(unset.body.message).toBe('Yarış verisi kaynağı ayarlanmamış (RACE_SOURCE_URL). Dosyalar sunucuda "npm run import:races" ile içe aktarılabilir.');

    process.env.RACE_SOURCE_URL = sourceUrl;
    expect((await server.api('POST', '/api/admin/race-import', { token: author.token, body: {} })).status).toBe(403);
    const run = await server.api('POST', '/api/admin/race-import', { token: admin.token, body: {} });
    expect(run.status).toBe(200);
    expect(run.body.data).toMatchObject({ fetched: 2, missing: 1, failed: 0, rejected: 1 });
    expect(run.body.message).toMatch(/^İçe aktarma bitti: \d+ belge yazıldı, 1 dosya reddedildi\.$/);

    const desk = await server.api('GET', '/api/admin/race-desk?date=2026-11-14', { token: admin.token });
    expect(desk.status).toBe(200);
    const status = desk.body.data.importStatus;
    expect(status).toMatchObject({ trigger: admin.id, lastProgrammeAt: '2026-11-14T09:00:00.000Z', lastResultsAt: null, fetched: 2, missing: 1 });
    expect(status.errors[0]).toBe(`${sourceUrl}/sonuc/2026-11-14.json: reddedildi, hiçbir şey yazılmadı`);
    // The imported programme is the desk's meeting, race by race.
    expect(desk.body.data.meetings.length).toBeGreaterThan(0);
    expect(desk.body.data.meetings[0].races[0]).toMatchObject({ number: 1, status: expect.any(String), tips: [] });

    const bad = await server.api('GET', '/api/admin/race-desk?date=14.11.2026', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Tarih YYYY-AA-GG biçiminde olmalıdır.');
  });
});
