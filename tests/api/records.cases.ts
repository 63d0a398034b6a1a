import { afterAll, beforeAll, expect } from 'vitest';
import { importRaceFiles } from '../../functions/src/jobs/import-races.js';
import { createAccount, createVipMember, type TestAccount } from '../support/accounts.js';
import { startTestServer, type TestServer, type TestStoreKind } from '../support/server.js';
import { raceFixture as fixture } from '../support/race-files.js';
import { seedArticle } from './race-estimates.fixtures.js';
import { everyCase, type CaseIt } from '../support/cases.js';

/**
 * Issue 8 end to end through the real importer, store and HTTP API: results imports settle the
 * estimates they complete, records are computed from settled estimates only, the record page's
 * API ranks authors, and past VIP picks open up only by setting.
 *
 * Fixture card (tests/fixtures/races): İstanbul 14.11.2026, race 1 (r700101, 13:30, horses 1-3)
 * and race 2 (r700102, 14:00, horses 1-2); horse 2 wins both.
 */
const MORNING = new Date('2026-11-14T12:00:00+03:00');
const EVENING = new Date('2026-11-14T20:00:00+03:00');

const payload = (picks: [number[], number[]]) => ({
  races: [
    { id: 'r700101', selectedHorses: picks[0].map((number) => ({ number })) },
    { id: 'r700102', selectedHorses: picks[1].map((number) => ({ number })) },
  ],
});

export const RECORDS_CASES = 'records: settlement on import, author records, ranking, VIP proof';

export const recordsCases = (store: TestStoreKind = 'sqlite', it: CaseIt = everyCase): void => {
  let server: TestServer;
  let tipster: TestAccount; // one estimate: below the minimum sample
  let ace: TestAccount; // five estimates: ranked
  let admin: TestAccount;
  let publicArticle: string;
  let manualArticle: string;
  let vipArticle: string;
  const estimates: Record<string, string> = {};

  async function estimate(token: string, articleId: string, picks: [number[], number[]]): Promise<string> {
    const res = await server.api('POST', `/api/articles/${articleId}/race-estimates`, { token, body: payload(picks) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.raceEstimate.id;
  }

  beforeAll(async () => {
    server = await startTestServer({ now: MORNING, store });
    tipster = await createAccount(server, { role: 'author', fields: { displayName: 'Kemal Tahmin' } });
    ace = await createAccount(server, { role: 'author', fields: { displayName: 'Ayşe Altılı' } });
    admin = await createAccount(server, { role: 'admin' });
    expect((await importRaceFiles(server.deps, [fixture('programme-good.json')])).rejected).toBe(0);
    publicArticle = await seedArticle(server.deps, ace.id);
    manualArticle = await seedArticle(server.deps, tipster.id, { raceResult: 'won', raceResultSource: 'manual' });
    vipArticle = await seedArticle(server.deps, ace.id);
    await server.deps.store.update('articles', vipArticle, { visibility: 'premium', audience: 'vip' });

    estimates.tipster = await estimate(tipster.token, manualArticle, [[2], [1]]); // 1/2, banko 2/1
    estimates.e1 = await estimate(ace.token, publicArticle, [[2], [2]]); // 2/2, banko 2/2, coupon 1
    // One coupon per article (issue 49): each later coupon is its own article.
    estimates.e2 = await estimate(ace.token, await seedArticle(server.deps, ace.id), [[1, 2], [1]]); // 1/2, banko 1/0, coupon 2
    estimates.e3 = await estimate(ace.token, await seedArticle(server.deps, ace.id), [[3], [1, 2]]); // 1/2, banko 1/0, coupon 2
    estimates.e4 = await estimate(ace.token, await seedArticle(server.deps, ace.id), [[1, 3], [1]]); // 0/2, banko 1/0, coupon 2
    estimates.vip = await estimate(ace.token, vipArticle, [[2, 3], [2]]); // 2/2, banko 1/1, coupon 2
  });
  afterAll(() => server.close());

  it('before results nothing is settled and the record is empty', async () => {
    const res = await server.api('GET', `/api/authors/${ace.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.record.windows['90']).toMatchObject({ estimates: 0, legHitRate: null });
  });

  it('importing the results settles every covering estimate and sets raceResult unless set by hand', async () => {
    server.setNow(EVENING);
    const summary = await importRaceFiles(server.deps, [fixture('results-good.json')]);
    expect(summary.rejected).toBe(0);
    const e1 = await server.deps.store.get('raceEstimates', estimates.e1!);
    expect(e1!.settlement).toMatchObject({ legsTotal: 2, legsHit: 2, allHit: true, bankoLegs: 2, bankoHits: 2, couponSize: 1, cost: 1, payout: 0 });
    expect((await server.deps.store.get('raceEstimates', estimates.e4!))!.settlement).toMatchObject({ legsHit: 0, couponSize: 2, cost: 2 });
    // One estimate of the article hit every leg: the article won, by settlement.
    expect(await server.deps.store.get('articles', publicArticle)).toMatchObject({ raceResult: 'won', raceResultSource: 'settlement' });
    // The settled estimate missed a leg: it replaces staff's hand-set 'won'.
    expect((await server.deps.store.get('raceEstimates', estimates.tipster!))!.settlement).toMatchObject({ legsHit: 1, allHit: false });
    expect(await server.deps.store.get('articles', manualArticle)).toMatchObject({ raceResult: 'lost', raceResultSource: 'settlement' });
    // A repeat import leaves the settlements alone.
    const stamp = (await server.deps.store.get('raceEstimates', estimates.e1!))!.updatedAt;
    await importRaceFiles(server.deps, [fixture('results-good.json')]);
    expect((await server.deps.store.get('raceEstimates', estimates.e1!))!.updatedAt).toEqual(stamp);
  });

  it('GET /api/authors and /authors/{id} carry the computed record with its sample size', async () => {
    const list = await server.api('GET', '/api/authors');
    const aceRow = list.body.data.find((a: { id: string }) => a.id === ace.id);
    // legs 10, hit 6; banko 6 legs, 3 hit; cost 1+2+2+2+2 = 9, no altılı payout.
    // Every tip lost money (cost over payout): one losing run of five, in one month without profit.
    const expected = {
      estimates: 5, sixOfSix: 0, fiveOfSix: 0, allLegsHit: 2, legs: 10, legsHit: 6, legHitRate: 0.6, bankoLegs: 6, bankoHits: 3, bankoHitRate: 0.5,
      cost: 9, payout: 0, returnOnCost: -1, net: -9, longestLosingRun: 5, months: 1, profitableMonths: 0,
    };
    const none = { won: 0, lost: 0 };
    expect(aceRow.record).toEqual({ asOf: '2026-11-14', windows: { '30': expected, '90': expected, '365': expected, all: expected }, declared: { '30': none, '90': none, '365': none, all: none } });
    expect(aceRow.record).not.toHaveProperty('successRate');
    const one = await server.api('GET', `/api/authors/${tipster.id}`);
    expect(one.body.data.record.windows.all).toMatchObject({ estimates: 1, legs: 2, legsHit: 1, legHitRate: 0.5, bankoLegs: 2, bankoHits: 1, cost: 1, returnOnCost: -1 });
  });

  it('GET /api/records/authors lists both apart: 5 and 1 settled tips are below the minimum sample of 20', async () => {
    const res = await server.api('GET', '/api/records/authors?window=90');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ window: '90', minimumSample: 20, asOf: '2026-11-14' });
    expect(res.body.data.ranked).toEqual([]);
    // Apart, the larger sample first (the ranking rules themselves: tests/api/records-ranking.test.ts).
    expect(res.body.data.unranked).toEqual([
      expect.objectContaining({ rank: null, author: expect.objectContaining({ id: ace.id, name: 'Ayşe Altılı' }), stats: expect.objectContaining({ estimates: 5, legHitRate: 0.6, net: -9 }) }),
      expect.objectContaining({ rank: null, author: expect.objectContaining({ id: tipster.id }), stats: expect.objectContaining({ estimates: 1 }) }),
    ]);
    expect(res.body.data.unranked[0].note).toBe('Henüz yeterli kupon yok: son 90 günde 5 sonuçlanmış kupon, sıralama için en az 20 gerekir.');
    // The default window is 90 days.
    expect((await server.api('GET', '/api/records/authors')).body.data.window).toBe('90');
  });

  it('windows follow the race date: 31 days later the 30-day window is empty, 90 days still holds them', async () => {
    server.setNow(new Date('2026-12-15T12:00:00+03:00'));
    const res = await server.api('GET', '/api/records/authors?window=30');
    expect(res.body.data.ranked).toEqual([]);
    expect(res.body.data.unranked.find((r: { author: { id: string } }) => r.author.id === ace.id).stats.estimates).toBe(0);
    expect((await server.api('GET', '/api/records/authors?window=90')).body.data.unranked.find((r: { author: { id: string } }) => r.author.id === ace.id).stats.estimates).toBe(5);
    server.setNow(EVENING);
  });

  it('rejects a bad window and unknown parameters with a Turkish message', async () => {
    const bad = await server.api('GET', '/api/records/authors?window=7');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Geçersiz dönem: 30, 90, 365 veya all olmalıdır.');
    expect((await server.api('GET', '/api/records/authors?sayfa=2')).status).toBe(400);
    expect((await server.api('GET', `/api/records/authors/${ace.id}/estimates?window=abc`)).status).toBe(400);
  });

  it('GET /api/records/authors/{id}/estimates gives the proofs: legs, winners, hits, lock time, hash; VIP picks hidden', async () => {
    const res = await server.api('GET', `/api/records/authors/${ace.id}/estimates`);
    expect(res.status).toBe(200);
    expect(res.body.data.items).toHaveLength(5);
    const e1 = res.body.data.items.find((i: { id: string }) => i.id === estimates.e1);
    expect(e1).toMatchObject({
      raceDate: '2026-11-14',
      lockAt: '2026-11-14T10:30:00.000Z', // 13:30 Istanbul, the first race
      selectionsHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      picksVisible: true,
      legsTotal: 2,
      legsHit: 2,
      article: { id: publicArticle, visibility: 'public', published: true },
      legs: [
        { raceNumber: 1, selected: [{ number: 2 }], selectedCount: 1, winners: [2], hit: true, banko: true },
        { raceNumber: 2, selected: [{ number: 2 }], winners: [2], hit: true },
      ],
    });
    const vip = res.body.data.items.find((i: { id: string }) => i.id === estimates.vip);
    expect(vip).toMatchObject({ picksVisible: false, legs: [{ selected: null, selectedCount: 2, winners: [2], hit: true }, { selected: null, selectedCount: 1 }] });
    // An active VIP member reading the same list sees the picks.
    const member = await createVipMember(server);
    const asVip = await server.api('GET', `/api/records/authors/${ace.id}/estimates`, { token: member.token });
    expect(asVip.body.data.items.find((i: { id: string }) => i.id === estimates.vip).legs[0].selected.map((h: { number: number }) => h.number)).toEqual([2, 3]);
    expect((await server.api('GET', '/api/records/authors/nobody/estimates')).status).toBe(404);
  });

  it('vip_estimates_public_after_races: off by default; on, settled VIP picks are public, the body is not', async () => {
    expect((await server.api('GET', `/api/articles/${vipArticle}/race-estimates`)).status).toBe(401);
    admin = await createAccount(server, { role: 'admin' }); // a token signed on the evening clock
    const created = await server.api('POST', '/api/admin/settings/general-settings', {
      token: admin.token,
      body: { key: 'vip_estimates_public_after_races', title: 'Geçmiş VIP tahminleri herkese açık', content: 'evet', isActive: true },
    });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const open = await server.api('GET', `/api/articles/${vipArticle}/race-estimates`);
    expect(open.status).toBe(200);
    expect(open.body.data.map((e: { id: string }) => e.id)).toEqual([estimates.vip]);
    expect(open.body.data[0].races[0].selectedHorses.map((h: { number: number }) => h.number)).toEqual([2, 3]);
    const detail = await server.api('GET', `/api/articles/${vipArticle}`);
    expect(detail.body.data.content).toBeNull();
    const proofs = await server.api('GET', `/api/records/authors/${ace.id}/estimates`);
    expect(proofs.body.data.items.find((i: { id: string }) => i.id === estimates.vip).picksVisible).toBe(true);

    // Switched off again (inactive), the picks close.
    await server.api('PUT', '/api/admin/settings/general-settings/vip_estimates_public_after_races', {
      token: admin.token,
      body: { title: 'Geçmiş VIP tahminleri herkese açık', content: 'evet', isActive: false },
    });
    expect((await server.api('GET', `/api/articles/${vipArticle}/race-estimates`)).status).toBe(401);
  });
};
