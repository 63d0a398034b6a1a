import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { formatAmount, formatAmountTL, formatTL } from '@shared/text/money';
import { popularityBadge } from '../../src/lib/format.js';
import { formatIsoDay, istanbulDate, istanbulIso, istanbulParts, longDate, parseClock, parseTurkishDay, shiftIsoDay } from '@shared/text/dates';

describe('one money format everywhere (issue 17 point 13)', () => {
  it('packages, programme, horse pages and records print the same way', () => {
    expect(formatTL(450)).toBe('450 TL');
    expect(formatTL(370_000)).toBe('370.000 TL');
    expect(formatTL(3046)).toBe('3.046 TL');
    expect(formatTL(3046.5)).toBe('3.046,50 TL');
  });
  it('an exact amount (a transfer, a statement line, a dividend) always shows kuruş', () => {
    expect(formatAmount(1250)).toBe('1.250,00');
    expect(formatAmountTL(1250)).toBe('1.250,00 TL');
    expect(formatAmountTL(12.5)).toBe('12,50 TL');
  });
});

describe('one date module (issue 51)', () => {
  it("gives today's Istanbul day, moves days and writes a race day out", () => {
    expect(istanbulDate(new Date('2026-12-03T20:59:00Z'))).toBe('2026-12-03');
    expect(istanbulDate(new Date('2026-12-03T21:00:00Z'))).toBe('2026-12-04');
    expect(shiftIsoDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftIsoDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(longDate('2026-12-03')).toBe('3 Aralık 2026 Perşembe');
  });

  it('is the only place that turns an ISO day around or works out the Istanbul day', () => {
    // git grep over the tracked sources: a second hand-written copy would drift from this one.
    const copies = (pattern: string) =>
      execFileSync('git', ['grep', '-n', '-F', pattern, '--', 'src', 'functions/src', 'server', ':!functions/src/shared/text/dates.ts'], { encoding: 'utf8', cwd: `${import.meta.dirname}/../..` }).trim();
    const none = (pattern: string) => {
      try {
        return copies(pattern);
      } catch {
        return ''; // git grep exits 1 when nothing matches
      }
    };
    expect(none(".split('-').reverse().join('.')")).toBe('');
    expect(none("new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul'")).toBe('');
    expect(none('+ 3 * 3_600_000')).toBe('');
    expect(none('+ 3 * 3600_000')).toBe('');
  });
});

describe('Turkish dates typed in any browser (issue 17 point 13)', () => {
  it('reads 24.11.2026 and its usual variants, refuses impossible days', () => {
    expect(parseTurkishDay('24.11.2026')).toBe('2026-11-24');
    expect(parseTurkishDay(' 4/1/2026 ')).toBe('2026-01-04');
    expect(parseTurkishDay('31.02.2026')).toBeNull();
    expect(parseTurkishDay('11/24/2026')).toBeNull();
    expect(parseTurkishDay('2026-11-24')).toBeNull();
    expect(formatIsoDay('2026-11-24')).toBe('24.11.2026');
  });
  it('keeps Istanbul wall time whatever zone the browser is in', () => {
    expect(parseClock('9.05')).toBe('09:05');
    expect(parseClock('24:00')).toBeNull();
    expect(istanbulIso('2026-11-24', '14:30')).toBe('2026-11-24T14:30:00+03:00');
    expect(istanbulParts('2026-11-24T11:30:00.000Z')).toEqual({ day: '2026-11-24', clock: '14:30' });
    expect(istanbulParts('2026-11-24T22:15:00.000Z')).toEqual({ day: '2026-11-25', clock: '01:15' });
  });
});

describe("'Popüler' thresholds (issue 17 point 16)", () => {
  it('has two levels: above 1000 and above 2000 views', () => {
    expect(popularityBadge(1000)).toBeNull();
    expect(popularityBadge(1001)).toEqual({ label: 'Popüler', level: 1 });
    expect(popularityBadge(2000)).toEqual({ label: 'Popüler', level: 1 });
    expect(popularityBadge(2001)).toEqual({ label: 'Çok Popüler', level: 2 });
  });
});
