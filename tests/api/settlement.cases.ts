import { beforeEach, expect } from 'vitest';
import { settleEstimate, settleEstimatesForRaces } from '../../functions/src/domain/estimates/settlement.js';
import { useAccounts } from '../support/accounts.js';
import { useTestServer, type TestStoreKind } from '../support/server.js';
import { EVENING, exportPayload, freshCard, MORNING, raceId, seedArticle, setResult, setSixPool, SIX_LEG_PICKS } from './race-estimates.fixtures.js';
import { everyCase, type CaseIt } from '../support/cases.js';

/** Settlement through the real store: estimates, results, pools and the article's raceResult. */
export const SETTLEMENT_CASES = 'estimate settlement';

export const settlementCases = (store: TestStoreKind = 'sqlite', it: CaseIt = everyCase): void => {
  const server = useTestServer({ now: MORNING, store });
  const { author } = useAccounts(server, { author: 'author' });
  const ALL_HIT = [2, 5, 6, 7, 8, 4];


  async function estimateOn(articleId: string, picks = SIX_LEG_PICKS): Promise<string> {
    server.setNow(MORNING);
    const res = await server.api('POST', `/api/articles/${articleId}/race-estimates`, { token: author.token, body: exportPayload(picks) });
    expect(res.status).toBe(201);
    return res.body.data.raceEstimate.id;
  }

  beforeEach(async () => {
    server.setNow(MORNING);
    // A fresh card (results and pools cleared) for every case.
    await freshCard(server.deps);
    // And no estimates of other cases: settleEstimatesForRaces answers for every estimate covering
    // the races, which a case asserts in full.
    for (const estimate of await server.deps.store.collection('raceEstimates').get()) await server.deps.store.delete('raceEstimates', estimate.id);
  });

  it('waits until every selected race has a result, then settles 6/6 with the pool payout; article won', async () => {
    const articleId = await seedArticle(server.deps, author.id);
    const id = await estimateOn(articleId);
    server.setNow(EVENING);
    for (let n = 1; n <= 5; n += 1) await setResult(server.deps, n, [ALL_HIT[n - 1]!]);
    expect(await settleEstimatesForRaces(server.deps, [raceId(5)])).toEqual({ [id]: 'waiting' });
    expect((await server.deps.store.get('raceEstimates', id))?.settlement).toBeNull();

    await setResult(server.deps, 6, [4]);
    await setSixPool(server.deps, 1, 4821.35, [[2], [5], [6], [7], [8], [4]]);
    expect(await settleEstimatesForRaces(server.deps, [raceId(6), raceId(6)])).toEqual({ [id]: 'settled' });
    const settlement = (await server.deps.store.get('raceEstimates', id))!.settlement as Record<string, unknown>;
    expect(settlement).toMatchObject({ legsTotal: 6, legsHit: 6, allHit: true, bankoLegs: 3, bankoHits: 3, couponSize: 12, unitStake: 1, cost: 12, payout: 4821.35, sixPoolFirstRace: 1 });
    expect(await server.deps.store.get('articles', articleId)).toMatchObject({ raceResult: 'won', raceResultSource: 'settlement' });

    // Idempotent: the same results change nothing.
    const stamp = (await server.deps.store.get('raceEstimates', id))!.updatedAt;
    expect(await settleEstimate(server.deps, id)).toBe('unchanged');
    expect((await server.deps.store.get('raceEstimates', id))!.updatedAt).toEqual(stamp);

    // The public read shows the settlement with the lock time and hash.
    const pub = await server.api('GET', `/api/articles/${articleId}/race-estimates`);
    expect(pub.body.data[0]).toMatchObject({ settlement: { legsHit: 6 }, selectionsHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('re-settles when a result is corrected: 6/6 becomes 5/6, the article becomes lost', async () => {
    const articleId = await seedArticle(server.deps, author.id);
    const id = await estimateOn(articleId);
    server.setNow(EVENING);
    for (let n = 1; n <= 6; n += 1) await setResult(server.deps, n, [ALL_HIT[n - 1]!]);
    await setSixPool(server.deps, 1, 900, []);
    await settleEstimatesForRaces(server.deps, [raceId(1)]);
    expect((await server.deps.store.get('articles', articleId))!.raceResult).toBe('won');

    // Stewards' inquiry: race 4 is given to horse 3 (a banko miss).
    await setResult(server.deps, 4, [3]);
    expect(await settleEstimatesForRaces(server.deps, [raceId(4)])).toMatchObject({ [id]: 'settled' });
    const s = (await server.deps.store.get('raceEstimates', id))!.settlement as Record<string, unknown>;
    expect(s).toMatchObject({ legsHit: 5, allHit: false, bankoHits: 2, payout: 0, cost: 12 });
    expect((await server.deps.store.get('articles', articleId))!.raceResult).toBe('lost');
  });

  it('overrides a result staff set by hand once the estimate settles; an article with two coupons follows its first', async () => {
    const manual = await seedArticle(server.deps, author.id, { raceResult: 'pending', raceResultSource: 'manual' });
    const manualEstimate = await estimateOn(manual);
    // An article from before the one-coupon rule (issue 49): the API now refuses a second coupon,
    // so the later one is moved onto it in the store.
    const twoEstimates = await seedArticle(server.deps, author.id);
    const first = await estimateOn(twoEstimates, [[1], [5]]);
    const second = await estimateOn(await seedArticle(server.deps, author.id), [[2], [5], [6], [7], [8], [4]]);
    await server.deps.store.update('raceEstimates', second, { articleId: twoEstimates, createdAt: new Date(MORNING.getTime() + 60_000) });
    server.setNow(EVENING);
    await setResult(server.deps, 1, [2]);
    await setResult(server.deps, 2, [5]);
    const outcomes = await settleEstimatesForRaces(server.deps, [raceId(1), raceId(2)]);
    expect(outcomes).toMatchObject({ [first]: 'settled', [second]: 'waiting', [manualEstimate]: 'waiting' });
    // The first coupon missed race 1: the article lost, whatever the later coupon does.
    expect((await server.deps.store.get('articles', twoEstimates))!.raceResult).toBe('lost');

    for (let n = 3; n <= 6; n += 1) await setResult(server.deps, n, [ALL_HIT[n - 1]!]);
    await settleEstimatesForRaces(server.deps, [raceId(6)]);
    expect((await server.deps.store.get('raceEstimates', second))!.settlement).toMatchObject({ allHit: true });
    // The later coupon hit every leg, and the article still is no win: never a hedge.
    expect((await server.deps.store.get('articles', twoEstimates))!.raceResult).toBe('lost');
    expect((await server.deps.store.get('raceEstimates', manualEstimate))!.settlement).toMatchObject({ allHit: true });
    // The settled estimate wins over the hand-set result (docs/records.md).
    expect(await server.deps.store.get('articles', manual)).toMatchObject({ raceResult: 'won', raceResultSource: 'settlement' });
  });

  it('reports a missing estimate', async () => {
    expect(await settleEstimate(server.deps, 'no-such-estimate')).toBe('missing');
  });
};
