import { describe, expect, it } from 'vitest';
import { computeRecord, profitLine, recordStats, windowStart, type SettledSample } from '../../functions/src/domain/records/author-record.js';
import { compareRanked } from '../../functions/src/domain/records/records.js';
import { formatNet, formatReturn, lockText, recordLine, unrankedNote } from '../../functions/src/domain/records/record-text.js';

/** Record arithmetic with hand-computed figures (issue 8: settled estimates only, windows by race date). */

const NOW = new Date('2026-11-22T12:00:00+03:00');
const day = (offset: number) => new Date(Date.parse('2026-11-22T00:00:00Z') + offset * 86_400_000).toISOString().slice(0, 10);
const sample = (offset: number, legsTotal: number, legsHit: number, bankoLegs: number, bankoHits: number, cost: number, payout = 0): SettledSample => ({
  raceDate: day(offset),
  settlement: { legsTotal, legsHit, allHit: legsHit === legsTotal, bankoLegs, bankoHits, cost, payout },
});

const SAMPLES = [
  sample(0, 6, 6, 2, 2, 24, 1500), // A: 6/6 today, paid
  sample(-10, 6, 5, 3, 2, 12), // B: 5/6
  sample(-45, 6, 3, 1, 0, 48), // C: outside 30 days
  sample(-200, 4, 4, 0, 0, 8), // D: a 4-leg estimate that hit every leg (not a 6/6)
  sample(-400, 6, 2, 2, 1, 36), // E: outside 365 days
  sample(1, 6, 6, 1, 1, 10, 999), // F: dated tomorrow, cannot count yet
];

describe('author record arithmetic', () => {
  it('30 days: A and B', () => {
    expect(computeRecord(SAMPLES, NOW).windows['30']).toEqual({
      estimates: 2, sixOfSix: 1, fiveOfSix: 1, allLegsHit: 1,
      legs: 12, legsHit: 11, legHitRate: 0.9167, // 11/12
      bankoLegs: 5, bankoHits: 4, bankoHitRate: 0.8,
      cost: 36, payout: 1500, returnOnCost: 40.6667, // (1500-36)/36
      net: 1464, longestLosingRun: 1, months: 1, profitableMonths: 1, // B lost before A paid, both in November
    });
  });

  it('90 days adds C; 365 days adds D; all time adds E; the future F never counts', () => {
    const { windows, asOf } = computeRecord(SAMPLES, NOW);
    expect(asOf).toBe('2026-11-22');
    expect(windows['90']).toMatchObject({ estimates: 3, legs: 18, legsHit: 14, legHitRate: 0.7778, bankoLegs: 6, bankoHits: 4, bankoHitRate: 0.6667, cost: 84, returnOnCost: 16.8571 });
    expect(windows['365']).toMatchObject({ estimates: 4, sixOfSix: 1, fiveOfSix: 1, allLegsHit: 2, legs: 22, legsHit: 18, legHitRate: 0.8182, cost: 92, returnOnCost: 15.3043 });
    expect(windows.all).toMatchObject({ estimates: 5, legs: 28, legsHit: 20, legHitRate: 0.7143, bankoLegs: 8, bankoHits: 5, bankoHitRate: 0.625, cost: 128, payout: 1500, returnOnCost: 10.7188 });
  });

  it('window edges: day 30 is in, day 31 out, in Istanbul days', () => {
    expect(windowStart('2026-11-22', 30)).toBe('2026-10-24');
    const edge = [sample(-29, 6, 1, 0, 0, 1), sample(-30, 6, 1, 0, 0, 1)];
    expect(computeRecord(edge, NOW).windows['30'].estimates).toBe(1);
    // 00:30 in Istanbul is already the next day although UTC is still on the 22nd.
    expect(computeRecord([], new Date('2026-11-22T21:30:00Z')).asOf).toBe('2026-11-23');
  });

  it('no sample: zero counts and no rates at all', () => {
    expect(recordStats([])).toEqual({
      estimates: 0, sixOfSix: 0, fiveOfSix: 0, allLegsHit: 0, legs: 0, legsHit: 0, legHitRate: null, bankoLegs: 0, bankoHits: 0, bankoHitRate: null,
      cost: 0, payout: 0, returnOnCost: null, net: 0, longestLosingRun: 0, months: 0, profitableMonths: 0,
    });
  });

  it('every lira lost is -100%; no banko played gives no banko rate; money sums round to kuruş', () => {
    const s = recordStats([sample(0, 3, 1, 0, 0, 0.1), sample(0, 3, 2, 0, 0, 0.2)]);
    expect(s).toMatchObject({ cost: 0.3, payout: 0, returnOnCost: -1, bankoHitRate: null, legHitRate: 0.5, net: -0.3 });
    expect(formatReturn(-1)).toBe('−%100,0');
    expect(formatReturn(0.25)).toBe('+%25,0');
  });

  it('texts carry the sample; lock time in Istanbul', () => {
    expect(recordLine(recordStats([sample(0, 6, 5, 0, 0, 1), sample(0, 6, 6, 0, 0, 1)]))).toBe('−2 TL net, getiri −%100,0 · %92 ayak isabeti (11/12 ayak; 2 sonuçlanan tahmin, 1 tam isabet)');
    expect(recordLine(recordStats([]))).toBe('Henüz sonuçlanan tahmin yok');
    expect(lockText(new Date('2026-11-22T11:30:00Z'))).toBe('Tahmin kilitlendi: 22.11.2026 14:30');
  });

  it('ranking order: net result, then return on cost, then larger sample, then Turkish name order; never leg hit rate', () => {
    const row = (name: string, net: number, returnOnCost: number | null, estimates: number, legHitRate = 0.5) => ({
      author: { id: name, name, avatar: null },
      stats: { ...recordStats([]), net, returnOnCost, estimates, legHitRate },
    });
    const rows = [row('Zeynep', -440, -1, 22, 1), row('Çağla', 360, 1.5, 24), row('Can', 360, 1.5, 24), row('Ali', 360, 0.2, 30), row('Ömer', 360, 1.5, 25), row('Murat', 1000, 0.5, 20, 0.2)];
    expect(rows.sort(compareRanked).map((r) => r.author.name)).toEqual(['Murat', 'Ömer', 'Can', 'Çağla', 'Ali', 'Zeynep']);
  });

  it('losing run and profitable months follow play order: race date, then lock time', () => {
    const at = (offset: number, minute: number, cost: number, payout: number): SettledSample => ({ ...sample(offset, 6, 3, 0, 0, cost, payout), lockAt: new Date(Date.parse(`${day(offset)}T10:${String(minute).padStart(2, '0')}:00Z`)) });
    // Given newest first (as stored): 31.10 loses twice around a win, 01.11 to 03.11 lose three times.
    const tips = [at(-19, 0, 10, 0), at(-20, 0, 10, 0), at(-21, 0, 10, 0), at(-22, 30, 10, 0), at(-22, 10, 10, 100), at(-22, 0, 10, 0)];
    expect(tips.map((t) => t.raceDate)).toEqual(['2026-11-03', '2026-11-02', '2026-11-01', '2026-10-31', '2026-10-31', '2026-10-31']);
    expect(recordStats(tips)).toMatchObject({ net: 40, longestLosingRun: 4, months: 2, profitableMonths: 1 });
    // A tip that pays back less than it cost is a loss too; break-even is not.
    expect(recordStats([at(0, 0, 10, 5), at(0, 1, 10, 10), at(0, 2, 10, 5)]).longestLosingRun).toBe(1);
    expect(profitLine(tips, '2026-11-22')).toEqual([
      { date: '2026-10-31', net: 70 },
      { date: '2026-11-01', net: 60 },
      { date: '2026-11-02', net: 50 },
      { date: '2026-11-03', net: 40 },
    ]);
    expect(profitLine(tips, '2026-11-22', '2026-11-02')).toEqual([{ date: '2026-11-02', net: -10 }, { date: '2026-11-03', net: -20 }]);
  });

  it('money texts carry their sign; the apart reason names window and sample', () => {
    expect([formatNet(1250), formatNet(-360), formatNet(0), formatNet(-0.5)]).toEqual(['+1.250 TL', '−360 TL', '0 TL', '−0,50 TL']);
    expect(unrankedNote(7, 20, '90')).toBe('Henüz yeterli kupon yok: son 90 günde 7 sonuçlanmış kupon, sıralama için en az 20 gerekir.');
  });
});
