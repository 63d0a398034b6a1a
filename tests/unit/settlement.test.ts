import { describe, expect, it } from 'vitest';
import { computeSettlement } from '../../functions/src/domain/estimates/settlement.js';

/** Hand-computed settlement cases (issue 8). Six legs, races 1..6 of one card. */

const AT = new Date('2026-11-22T18:00:00Z');
const race = (n: number, horses: number[]) => ({ id: `r${n}`, raceNumber: n, selectedHorses: horses.map((number) => ({ number, name: `AT ${number}`, horseId: `h${number}` })) });
const results = (winners: (number | number[])[]) =>
  new Map(
    winners.map((w, i) => {
      const ws = Array.isArray(w) ? w : [w];
      return [`r${i + 1}`, { finishers: [...ws.map((number) => ({ position: 1, number })), { position: 2, number: 12 }, { position: null, number: 13 }] as never }];
    }),
  );

// Selections: 2, 1 (banko), 3, 1 (banko), 2, 1 (banko) horses -> coupon 2*1*3*1*2*1 = 12.
const SIX = [race(1, [1, 2]), race(2, [5]), race(3, [3, 4, 6]), race(4, [7]), race(5, [2, 9]), race(6, [4])];

describe('computeSettlement', () => {
  it('settles a 6/6 coupon with the altılı payout at the unit stake', () => {
    const s = computeSettlement({ races: SIX, results: results([2, 5, 6, 7, 9, 4]), sixPools: [{ firstRace: 1, payout: 15234.5, legs: [] }], unitStake: 0.5 }, AT)!;
    expect(s.legs.map((l) => l.hit)).toEqual([true, true, true, true, true, true]);
    expect(s).toMatchObject({ legsTotal: 6, legsHit: 6, allHit: true, bankoLegs: 3, bankoHits: 3, couponSize: 12, unitStake: 0.5, cost: 6, payout: 7617.25, sixPoolFirstRace: 1 });
  });

  it('counts partial hits (5/6) with a missed banko, no payout, the full cost', () => {
    const s = computeSettlement({ races: SIX, results: results([1, 8, 4, 7, 2, 4]), sixPools: [{ firstRace: 1, payout: 15234.5, legs: [] }], unitStake: 1 }, AT)!;
    expect(s.legs.map((l) => l.hit)).toEqual([true, false, true, true, true, true]);
    expect(s.legs[1]).toMatchObject({ raceNumber: 2, selected: [5], winners: [8], banko: true, hit: false });
    expect(s).toMatchObject({ legsHit: 5, allHit: false, bankoLegs: 3, bankoHits: 2, couponSize: 12, cost: 12, payout: 0 });
  });

  it('counts a dead heat as a hit when either winner was selected', () => {
    const s = computeSettlement({ races: SIX, results: results([[3, 2], 5, 6, 7, 9, [1, 4]]), sixPools: [], unitStake: 1 }, AT)!;
    expect(s.legs[0]).toMatchObject({ winners: [2, 3], hit: true });
    expect(s.legs[5]).toMatchObject({ winners: [1, 4], hit: true });
    // Every leg hit, but the card has no altılı pool for these legs: nothing to pay.
    expect(s).toMatchObject({ allHit: true, payout: 0, sixPoolFirstRace: null });
  });

  it('pays only when the legs are exactly the six legs of a pool', () => {
    const legs = SIX.map((r, i) => ({ ...r, id: `r${i + 2}`, raceNumber: i + 2 }));
    const res = new Map([...results([2, 5, 6, 7, 9, 4])].map(([, v], i) => [`r${i + 2}`, v]));
    const s = computeSettlement({ races: legs, results: res, sixPools: [{ firstRace: 1, payout: 999, legs: [] }], unitStake: 1 }, AT)!;
    expect(s).toMatchObject({ allHit: true, payout: 0, sixPoolFirstRace: null });
    const s2 = computeSettlement({ races: legs, results: res, sixPools: [{ firstRace: 2, payout: 999, legs: [] }], unitStake: 2 }, AT)!;
    expect(s2).toMatchObject({ payout: 1998, sixPoolFirstRace: 2, cost: 24 });
  });

  it('ignores races without selections, and waits while a selected race has no result', () => {
    const withEmpty = [...SIX.slice(0, 3), race(4, [])];
    const s = computeSettlement({ races: withEmpty, results: results([2, 5, 6]), sixPools: [], unitStake: 1 }, AT)!;
    expect(s).toMatchObject({ legsTotal: 3, legsHit: 3, couponSize: 6, cost: 6 });
    expect(computeSettlement({ races: SIX, results: results([2, 5, 6, 7, 9]), sixPools: [], unitStake: 1 }, AT)).toBeNull();
    expect(computeSettlement({ races: [race(1, [])], results: results([2]), sixPools: [], unitStake: 1 }, AT)).toBeNull();
  });

  it('gives a different results hash when a result is corrected, the same one otherwise', () => {
    const input = { races: SIX, results: results([2, 5, 6, 7, 9, 4]), sixPools: [], unitStake: 1 };
    const a = computeSettlement(input, AT)!;
    const b = computeSettlement({ ...input, results: results([2, 5, 6, 7, 9, 4]) }, new Date())!;
    const c = computeSettlement({ ...input, results: results([2, 5, 6, 7, 9, 3]) }, AT)!;
    expect(b.resultsHash).toBe(a.resultsHash);
    expect(c.resultsHash).not.toBe(a.resultsHash);
    expect(c).toMatchObject({ legsHit: 5, allHit: false });
  });
});
