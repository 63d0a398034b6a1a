import { beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../functions/src/domain/identity/access-token.js';
import { useAccounts, type TestAccount } from '../support/accounts.js';
import { useTestServer } from '../support/server.js';
import { exportPayload, MORNING, seedArticle, seedCard } from './race-estimates.fixtures.js';

/** Issue 8: selections lock when the first race covered starts (14:00 Istanbul = 11:00 UTC). */
describe('estimate lock', () => {
  const server = useTestServer({ now: MORNING });
  const { admin, author } = useAccounts(server, { admin: 'admin', author: 'author' });
  const FIRST_START = new Date('2026-11-22T14:00:00+03:00');

  beforeAll(() => seedCard(server.deps));

  // Access tokens are short-lived: sign a fresh one at the moved clock, as a refresh would.
  const fresh = (account: TestAccount) => signAccessToken(server.deps.config.jwtSecret, { userId: account.id, audience: 'staff', sessionId: 'lock-test' }, server.deps.now());
  const races = (sel: number[][]) => exportPayload(sel).races;

  /**
   * The author's estimate of the morning, on an article of its own, with the given selections;
   * `put` edits it as `account` at whatever time the test then moves the clock to.
   */
  async function morningEstimate(selections: number[][]) {
    server.setNow(MORNING);
    const articleId = await seedArticle(server.deps, author.id);
    const res = await server.api('POST', `/api/articles/${articleId}/race-estimates`, { token: await fresh(author), body: exportPayload(selections) });
    expect(res.status).toBe(201);
    const estimateId: string = res.body.data.raceEstimate.id;
    expect(new Date(res.body.data.raceEstimate.lockAt)).toEqual(FIRST_START);
    const put = async (body: unknown, account = author) =>
      server.api('PUT', `/api/articles/${articleId}/race-estimates/${estimateId}`, { token: await fresh(account), body });
    return { articleId, estimateId, put };
  }

  it('accepts a change of selections before the first race starts, with a new hash', async () => {
    const { estimateId, put } = await morningEstimate([[1], [2, 3], [4], [5], [6], [7]]);
    const before = (await server.deps.store.get('raceEstimates', estimateId))!;
    server.setNow(new Date(FIRST_START.getTime() - 60_000));
    const res = await put({ races: races([[1, 8], [2, 3], [4], [5], [6], [7]]) });
    expect(res.status).toBe(200);
    expect(res.body.data.raceEstimate.races[0].selectedHorses.map((h: { number: number }) => h.number)).toEqual([1, 8]);
    expect(res.body.data.raceEstimate.selectionsHash).not.toBe(before.selectionsHash);
  });

  it('refuses any selection change from the start on, for admins too, and changes nothing', async () => {
    const { estimateId, put } = await morningEstimate([[1, 8], [2, 3], [4], [5], [6], [7]]);
    server.setNow(FIRST_START);
    const stored = (await server.deps.store.get('raceEstimates', estimateId))!;
    for (const token of [author, admin]) {
      const res = await put({ races: races([[1], [2, 3], [4], [5], [6], [7]]) }, token);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Tahmin kilitlendi: ilk koşu başladığı için at seçimleri artık değiştirilemez.');
      // Dropping a race is a selection change too.
      expect((await put({ races: races([[1, 8], [2, 3], [4], [5], [6]]) }, token)).status).toBe(409);
    }
    server.setNow(new Date(FIRST_START.getTime() + 3 * 3600_000));
    const late = await put({ title: 'Geç değişiklik', races: races([[2], [2, 3], [4], [5], [6], [7]]) }, admin);
    expect(late.status).toBe(409);
    const after = (await server.deps.store.get('raceEstimates', estimateId))!;
    expect(after.selectionsHash).toBe(stored.selectionsHash);
    expect(after.races).toEqual(stored.races);
    expect(after.title).toBe(stored.title);
    expect(after.updatedAt).toEqual(stored.updatedAt);
  });

  it('still lets title, description and media change after the lock; repeating the same selections is no change', async () => {
    const { articleId, estimateId, put } = await morningEstimate([[1, 8], [2, 3], [4], [5], [6], [7]]);
    server.setNow(new Date(FIRST_START.getTime() + 3600_000));
    const stored = (await server.deps.store.get('raceEstimates', estimateId))!;
    const same = await put({ title: 'Kilitli ama yeni başlık', description: 'Yorum eklendi', races: races([[8, 1], [3, 2], [4], [5], [6], [7]]) });
    expect(same.status).toBe(200);
    expect(same.body.data.raceEstimate).toMatchObject({ title: 'Kilitli ama yeni başlık', description: 'Yorum eklendi', selectionsHash: stored.selectionsHash });
    const video = await server.api('POST', `/api/articles/${articleId}/race-estimates/${estimateId}/video`, { token: await fresh(author), body: { url: 'https://youtu.be/dQw4w9WgXcQ' } });
    expect(video.status).toBe(200);
  });

  it('refuses new estimates and deletions once the races have started', async () => {
    const { articleId, estimateId } = await morningEstimate([[1], [2, 3], [4], [5], [6], [7]]);
    server.setNow(new Date(FIRST_START.getTime() + 60_000));
    const create = await server.api('POST', `/api/articles/${articleId}/race-estimates`, { token: await fresh(admin), body: exportPayload([[1]]) });
    expect(create.status).toBe(409);
    expect(create.body.message).toBe('İlk koşu başladı: bu koşular için artık tahmin eklenemez.');
    const del = await server.api('DELETE', `/api/articles/${articleId}/race-estimates/${estimateId}`, { token: await fresh(admin) });
    expect(del.status).toBe(409);
    expect(del.body.message).toBe('Tahmin kilitlendi: ilk koşu başladığı için bu tahmin silinemez.');
    expect(await server.deps.store.get('raceEstimates', estimateId)).not.toBeNull();
  });
});
