import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestAccount } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { dayOf, EVENING, seedRankedTipsters, TIPSTER_NAMES, type TipsterKey } from './records-ranking.fixtures.js';

/**
 * Issue 50, "The record points the wrong way": GET /api/records/authors ranks tipsters by the net
 * result of their settled tips at the unit stake over a minimum sample of 20 per window, lists the
 * others apart with a Turkish reason, and gives each one the figures a follower's money depends on
 * (net, ROI, longest losing run, profitable months, the profit line). Figures: the fixture's comment.
 */
interface Row {
  rank: number | null;
  author: { id: string; name: string };
  stats: Record<string, number | null>;
  profitLine: { date: string; net: number }[];
  note: string | null;
}

describe('records ranking by money (issue 50)', () => {
  let server: TestServer;
  let tipsters: Record<TipsterKey, TestAccount>;
  const nameOf = (row: Row) => row.author.name;
  const ranking = async (window: string) => {
    const res = await server.api('GET', `/api/records/authors?window=${window}`);
    expect(res.status).toBe(200);
    return res.body.data as { window: string; minimumSample: number; rule: string; ranked: Row[]; unranked: Row[] };
  };

  beforeAll(async () => {
    server = await startTestServer({ now: EVENING });
    tipsters = await seedRankedTipsters(server);
  });
  afterAll(() => server.close());

  it('ranks by net result over 90 days, not by leg hit rate; the rule is stated in Turkish', async () => {
    const data = await ranking('90');
    expect(data.minimumSample).toBe(20);
    expect(data.rule).toBe(
      'Sıralama son 90 günde sonuçlanan kuponların net sonucuna göredir: her kuponu birim bahisle oynayan birinin kazancı ya da kaybı (ikramiye − maliyet). Sıralamaya girmek için son 90 günde en az 20 sonuçlanmış kupon gerekir.',
    );
    expect(data.ranked.map(nameOf)).toEqual([TIPSTER_NAMES.murat, TIPSTER_NAMES.selin, TIPSTER_NAMES.nur]);
    expect(data.ranked.map((r) => r.rank)).toEqual([1, 2, 3]);
    const [murat, selin, nur] = data.ranked;
    expect(murat!.stats).toMatchObject({ estimates: 20, cost: 2000, payout: 3000, net: 1000, returnOnCost: 0.5 });
    expect(selin!.stats).toMatchObject({ estimates: 24, cost: 240, payout: 600, net: 360, returnOnCost: 1.5, longestLosingRun: 19, months: 2, profitableMonths: 1 });
    // The best leg hit rate, every lira lost: last, as a follower's balance would rank her.
    expect(nur!.stats).toMatchObject({ estimates: 22, legHitRate: 1, net: -440, returnOnCost: -1, longestLosingRun: 22, months: 2, profitableMonths: 0 });
    for (const row of data.ranked) expect(row.note).toBeNull();
  });

  it('lists tipsters below the minimum sample apart with the reason, whatever their money', async () => {
    const { unranked } = await ranking('90');
    // Kemal's 19 tips made the most money of all (+8.810 TL): one tip short, he is not ranked.
    expect(unranked.map(nameOf)).toEqual([TIPSTER_NAMES.kemal, TIPSTER_NAMES.deniz]);
    expect(unranked[0]).toMatchObject({ rank: null, stats: { estimates: 19, net: 8810 }, note: 'Henüz yeterli kupon yok: son 90 günde 19 sonuçlanmış kupon, sıralama için en az 20 gerekir.' });
    expect(unranked[1]).toMatchObject({ rank: null, stats: { estimates: 0, net: 0 }, note: 'Henüz yeterli kupon yok: son 90 günde sonuçlanmış kupon yok, sıralama için en az 20 gerekir.' });
    expect(unranked[0]!.author.id).toBe(tipsters.kemal.id);
  });

  it('each window has its own sample: 30 days leaves Murat apart, 365 days ranks Deniz', async () => {
    const month = await ranking('30');
    expect(month.ranked.map(nameOf)).toEqual([TIPSTER_NAMES.selin, TIPSTER_NAMES.nur]);
    expect(month.unranked.map((r) => [nameOf(r), r.stats.estimates])).toEqual([
      [TIPSTER_NAMES.kemal, 19],
      [TIPSTER_NAMES.murat, 10],
      [TIPSTER_NAMES.deniz, 0],
    ]);
    expect(month.unranked[1]!.note).toBe('Henüz yeterli kupon yok: son 30 günde 10 sonuçlanmış kupon, sıralama için en az 20 gerekir.');
    const year = await ranking('365');
    expect(year.ranked.map((r) => [nameOf(r), r.stats.net])).toEqual([
      [TIPSTER_NAMES.murat, 1000],
      [TIPSTER_NAMES.deniz, 500],
      [TIPSTER_NAMES.selin, 360],
      [TIPSTER_NAMES.nur, -440],
    ]);
    const all = await ranking('all');
    expect(all.rule).toContain('tüm zamanlarda en az 20 sonuçlanmış kupon gerekir.');
    expect(all.unranked[0]!.note).toBe('Henüz yeterli kupon yok: tüm zamanlarda 19 sonuçlanmış kupon, sıralama için en az 20 gerekir.');
  });

  it('each row carries its profit line over the window: the running net per race day', async () => {
    const { ranked } = await ranking('90');
    expect(ranked[0]!.profitLine).toEqual([
      { date: dayOf(-40), net: 500 },
      { date: dayOf(-5), net: 1000 },
    ]);
    const selin = ranked[1]!.profitLine;
    expect(selin).toHaveLength(24);
    expect(selin.slice(0, 5)).toEqual([
      { date: '2026-10-21', net: -10 },
      { date: '2026-10-22', net: -20 },
      { date: '2026-10-23', net: -30 },
      { date: '2026-10-24', net: -40 },
      { date: '2026-10-25', net: 550 },
    ]);
    expect(selin.at(-1)).toEqual({ date: '2026-11-13', net: 360 });
    // The same figures on the author's own record (GET /api/authors/{id}).
    const author = await server.api('GET', `/api/authors/${tipsters.selin.id}`);
    expect(author.body.data.record.windows['90']).toMatchObject({ net: 360, longestLosingRun: 19, months: 2, profitableMonths: 1 });
  });
});
