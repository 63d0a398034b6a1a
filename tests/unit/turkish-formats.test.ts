import { describe, expect, it } from 'vitest';
import { formatLira } from '../../functions/src/domain/records/record-text.js';
import { formatTL } from '../../functions/src/domain/text/money.js';
import { money } from '../../src/islands/races/types.js';
import { popularityBadge } from '../../src/lib/format.js';
import { formatIsoDay, istanbulIso, istanbulParts, parseClock, parseTurkishDay } from '@shared/text/dates';
import { formatPrice } from '../../src/lib/vip-time.js';

describe('one money format everywhere (issue 17 point 13)', () => {
  it('packages, programme, horse pages and records print the same way', () => {
    expect(formatTL(450)).toBe('450 TL');
    expect(formatTL(370_000)).toBe('370.000 TL');
    expect(formatTL(3046)).toBe('3.046 TL');
    expect(formatTL(3046.5)).toBe('3.046,50 TL');
    for (const format of [formatPrice, formatLira, money.format]) expect(format(370_000)).toBe('370.000 TL');
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
