import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { importRaceFiles } from '../../functions/src/jobs/import-races.js';
import { importRaceFixtures, raceFixture as fixture, useFreshRaceServer } from '../support/race-files.js';

/**
 * The day's programme is answered from a short-lived cache (programme-cache.ts): every change
 * the importer makes, and every status change the clock brings, must still show on the very
 * next read. Each test has a server of its own, the programme imported and the clock at 10:45.
 */

const BEFORE_RACES = new Date('2026-11-14T07:45:00Z'); // 10:45 in Istanbul, race 1 at 13:30

const server = useFreshRaceServer(BEFORE_RACES, 'programme-good.json');

const race1 = async (path = '/api/races/today') => {
  const res = await server.api('GET', path);
  expect(res.status).toBe(200);
  return res.body.data.cards[0].races[0];
};

describe('cached race programme', () => {
  it('shows a re-imported programme and new results on the next read', async () => {
    const programme = JSON.parse(fixture('programme-good.json').content);
    expect((await race1()).entries[0].jockey).toBe('Halis Karataş');
    // Twice: the second read is answered from the cache.
    expect((await race1()).entries[0].jockey).toBe('Halis Karataş');

    const changed = structuredClone(programme);
    (Array.isArray(changed) ? changed[0] : changed).kosular[0].atlar[0].JOKEY = 'Gökhan Kocakaya';
    expect((await importRaceFiles(server.deps, [{ name: 'program-jokey.json', content: changed }])).rejected).toBe(0);
    expect((await race1()).entries[0].jockey).toBe('Gökhan Kocakaya');
    expect((await race1('/api/races/date/2026-11-14?location=istanbul')).entries[0].jockey).toBe('Gökhan Kocakaya');
    expect((await server.api('GET', '/api/races?date=2026-11-14')).body.data[0].entries[0].jockey).toBe('Gökhan Kocakaya');

    server.setNow(new Date('2026-11-14T10:40:00Z'));
    expect(await race1()).toMatchObject({ hasResult: false, status: 'Sonuç bekleniyor' });
    expect((await importRaceFiles(server.deps, [fixture('results-good.json')])).rejected).toBe(0);
    expect(await race1()).toMatchObject({ hasResult: true, status: 'Tamamlandı' });
  });

  it('moves statuses with the clock, forwards and back, without any write', async () => {
    const later = new Date('2026-11-14T12:01:00Z'); // 15:01 in Istanbul: the İzmir race (15:00) has started
    const statuses = async () => (await server.api('GET', '/api/races/today?location=istanbul')).body.data.cards[0].races.map((r: any) => r.status);
    // İstanbul's results came in the afternoon: back at 10:45, race 1 is settled whatever the clock
    // says; race 2 has a result too.
    server.setNow(later);
    await importRaceFixtures(server.deps, 'results-good.json');
    server.setNow(BEFORE_RACES);
    const settled = await statuses();
    expect(settled).toEqual(['Tamamlandı', 'Tamamlandı']);

    // A card without results (İzmir, one race at 15:00) follows the clock alone.
    const izmir = async () => (await server.api('GET', '/api/races/today?location=izmir')).body.data.cards[0].races[0].status;
    expect(await izmir()).toBe('Beklemede');
    server.setNow(later);
    expect(await izmir()).toBe('Sonuç bekleniyor');
    server.setNow(BEFORE_RACES);
    expect(await izmir()).toBe('Beklemede');
  });

  it('answers the same JSON compressed or not, and leaves out what no programme shows', async () => {
    const plain = await fetch(`${server.baseUrl}/api/races/today`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
    expect(plain.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(plain.headers.get('vary')).toMatch(/Origin/);
    const text = await plain.text();
    const body = JSON.parse(text);
    expect(body.success).toBe(true);

    // Undici's fetch would unpack it: read the raw bytes through node:http instead.
    const { request } = await import('node:http');
    const raw = await new Promise<{ encoding?: string; bytes: Buffer }>((resolve, reject) => {
      request(`${server.baseUrl}/api/races/today`, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], bytes: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
    expect(raw.encoding).toBe('gzip');
    expect(raw.bytes.byteLength).toBeLessThan(Buffer.byteLength(text) / 2);
    expect(gunzipSync(raw.bytes).toString('utf8')).toBe(text);

    const card = body.data.cards[0];
    expect(card).not.toHaveProperty('sixPools');
    expect(card).not.toHaveProperty('raceIds');
    const entry = card.races[0].entries[0];
    for (const hidden of ['tjkId', 'color']) expect(entry).not.toHaveProperty(hidden);
    // What the programme card, the horse link and the estimate tool read is all there.
    for (const field of ['number', 'horseId', 'name', 'age', 'sex', 'father', 'mother', 'mothersFather', 'jockey', 'owner', 'trainer', 'start', 'weight', 'lastSix', 'lastSixItems', 'odds', 'agf', 'hp', 'equipment', 'daysSinceLastRun', 'nonRunner', 'previousJockey']) {
      expect(entry).toHaveProperty(field);
    }
  });

  it('still answers 404 for an unknown location and 400 for a bad date after cached reads', async () => {
    await server.api('GET', '/api/races/today?location=istanbul');
    const unknown = await server.api('GET', '/api/races/today?location=Erzurum');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Hipodrom bulunamadı.');
    expect((await server.api('GET', '/api/races/date/2026-02-30')).status).toBe(400);
  });
});
