/**
 * The last-six string of the source ('K1C2S-K0') as items: surface letter (C/Ç grass, K dirt,
 * S synthetic) and position (0 is tenth or worse, '-' did not finish). No imports beyond types,
 * so a browser island can derive the items from `lastSix` itself.
 */
export interface LastSixItem {
  surface: 'Çim' | 'Kum' | 'Sentetik' | null;
  position: number | null;
}

export function parseLastSix(raw: string | null | undefined): LastSixItem[] {
  if (!raw) return [];
  const items: LastSixItem[] = [];
  for (const match of raw.toLocaleUpperCase('tr-TR').matchAll(/([CKSÇ]?)([0-9-])/g)) {
    const letter = match[1];
    const surface: LastSixItem['surface'] = letter === 'C' || letter === 'Ç' ? 'Çim' : letter === 'K' ? 'Kum' : letter === 'S' ? 'Sentetik' : null;
    // TJK writes 0 for a finish of tenth or worse and '-' for did not finish.
    const position = match[2] === '-' ? null : match[2] === '0' ? 10 : Number(match[2]);
    items.push({ surface, position });
  }
  return items;
}
