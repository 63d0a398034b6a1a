/**
 * Odds, AGF and weights read the same on the public card and in the staff panel (issue 53): Turkish
 * decimals ('5,40', '53,5'), never the 'x/1' of spec 002 §9 or a '53.5'; and a generated title
 * writes its race day one way, the site's 03.12.2026.
 */
import { describe, expect, it } from 'vitest';
import { agfText, oddsText, weightText } from '../../src/admin/races/model.js';
import { formatAgf, formatOdds, formatWeight } from '../../src/islands/races/race-format.js';

describe('odds and weights in the staff panel', () => {
  it("print as the public card does: '5,40', '%18,25', '53,5'", () => {
    expect(oddsText(5.4)).toBe('5,40');
    expect(oddsText(12)).toBe('12,00');
    expect(oddsText(5.4)).toBe(formatOdds(5.4));
    // No odds yet: a dash, as for a missing AGF, not the English 'TBA'.
    expect(oddsText(null)).toBe('—');
    expect(oddsText(0)).toBe('—');
    expect(agfText(18.25)).toBe(formatAgf(18.25));
    expect(weightText(53.5)).toBe('53,5');
    expect(weightText(57)).toBe('57');
    expect(weightText(53.5)).toBe(formatWeight(53.5));
  });
});
