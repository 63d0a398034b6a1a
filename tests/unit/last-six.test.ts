import { describe, expect, it } from 'vitest';
import { parseLastSix } from '../../functions/src/domain/races/last-six.js';

describe('parseLastSix', () => {
  it('reads surface letters (either case, Ç or C) and positions, 0 as tenth or worse, - as not finished', () => {
    expect(parseLastSix('K1ç2S-C0')).toEqual([
      { surface: 'Kum', position: 1 },
      { surface: 'Çim', position: 2 },
      { surface: 'Sentetik', position: null },
      { surface: 'Çim', position: 10 },
    ]);
    expect(parseLastSix('13')).toEqual([
      { surface: null, position: 1 },
      { surface: null, position: 3 },
    ]);
    expect(parseLastSix(null)).toEqual([]);
    expect(parseLastSix('')).toEqual([]);
  });
});
