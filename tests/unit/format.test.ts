import { describe, expect, it, vi } from 'vitest';
import { fmtDate, fmtDateTime } from '../../src/admin/ui/format.js';
import { formatDate as articleDate, formatDateTime as commentStamp } from '../../src/islands/article/format.js';
import { longDate, shortDate } from '../../src/islands/races/types.js';
import { formatAmount, formatAmountTL, formatTL } from '@shared/text/money';
import { formatCompactDate, formatDate, formatDateTime, formatLongDateTime, formatNumber, formatShortDate } from '../../src/lib/format.js';
import { formatDate as vipDate } from '../../src/lib/vip-time.js';

// 22:15 UTC on the 24th is 01:15 on the 25th in Istanbul: every format shows the Istanbul day.
const LATE = '2026-11-24T22:15:00.000Z';

describe('one Turkish formatter module (src/lib/format.ts)', () => {
  it('builds a date format only when a date is first shown, and then only that one', async () => {
    vi.resetModules();
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      const fresh = await import('../../src/lib/format.js');
      // The header and most islands import this module and show no date at load.
      expect(built).not.toHaveBeenCalled();
      expect(fresh.formatShortDate(LATE)).toBe('25.11.2026');
      expect(fresh.formatShortDate(LATE)).toBe('25.11.2026');
      expect(built).toHaveBeenCalledTimes(1);
    } finally {
      built.mockRestore();
    }
  });

  it('shows dates in Istanbul time, whatever zone the machine is in', () => {
    expect(formatDate(LATE)).toBe('25 Kasım 2026');
    expect(formatShortDate(LATE)).toBe('25.11.2026');
    expect(formatDateTime(LATE)).toBe('25.11.2026 01:15');
    expect(formatLongDateTime(LATE)).toBe('25 Kasım 2026 01:15');
    expect(formatCompactDate(LATE)).toBe('25 Kas 2026');
    expect(vipDate(LATE)).toBe('25 Kasım 2026');
  });

  it('shows a race day as that calendar day', () => {
    expect(longDate('2026-11-22')).toBe('22 Kasım 2026 Pazar');
    expect(shortDate('2026-11-22')).toBe('22.11.2026');
  });

  it('turns nothing or an unreadable value into the caller’s blank', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('yarın')).toBe('');
    expect(fmtDate(null)).toBe('—');
    expect(fmtDateTime(undefined)).toBe('—');
    expect(vipDate(null)).toBe('-');
  });

  it('groups numbers and money the Turkish way', () => {
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatAmount(1250)).toBe('1.250,00');
    expect(formatAmountTL(3046.5)).toBe('3.046,50 TL');
    expect(formatTL(450)).toBe('450 TL');
  });

  it('the article islands and the staff panel use the same formats', () => {
    expect(articleDate(LATE)).toBe(formatDate(LATE));
    expect(commentStamp(LATE)).toBe(formatLongDateTime(LATE));
    expect(fmtDate(LATE)).toBe(formatCompactDate(LATE));
  });
});
