/**
 * The pools of a race result under one name each, as TJK's results list them (issue 53): the source's
 * BAHISLER names a pool in its own spelling ('SIRALI IKILI', 'sıralı ikili', '3lu ganyan'); every page
 * shows the canonical one, in TJK's order. Import-free: the islands use it too.
 */

interface PoolKind {
  name: string;
  /** Legs of a multi-race pool (paid on its last leg); 1 for a pool of one race. */
  legs: number;
  /** Spellings the source may use, folded (lower case, Turkish letters to ASCII, no punctuation). */
  spellings: string[];
}

export const POOL_KINDS: readonly PoolKind[] = [
  { name: 'Ganyan', legs: 1, spellings: ['ganyan'] },
  { name: 'Plase', legs: 1, spellings: ['plase'] },
  { name: 'İkili', legs: 1, spellings: ['ikili'] },
  { name: 'Sıralı İkili', legs: 1, spellings: ['sirali ikili'] },
  { name: 'Plase İkili', legs: 1, spellings: ['plase ikili'] },
  { name: 'Üçlü', legs: 1, spellings: ['uclu', 'uclu bahis'] },
  { name: 'Sıralı Üçlü', legs: 1, spellings: ['sirali uclu'] },
  { name: 'Tabela', legs: 1, spellings: ['tabela', 'tabela bahis'] },
  { name: 'Çifte', legs: 2, spellings: ['cifte'] },
  { name: "3'lü Ganyan", legs: 3, spellings: ['3lu ganyan', 'uclu ganyan'] },
  { name: "4'lü Ganyan", legs: 4, spellings: ['4lu ganyan', 'dortlu ganyan'] },
  { name: "5'li Ganyan", legs: 5, spellings: ['5li ganyan', 'besli ganyan'] },
  { name: 'Altılı Ganyan', legs: 6, spellings: ['6li ganyan', 'altili ganyan', 'altili'] },
];

function fold(text: string): string {
  return text
    .toLocaleLowerCase('tr-TR')
    .replace(/[çğıöşü]/g, (c) => ({ ç: 'c', ğ: 'g', ı: 'i', ö: 'o', ş: 's', ü: 'u' })[c] ?? c)
    .replace(/[^a-z0-9 ]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The pool a source name means, or null for one TJK does not list (shown under the source's name). */
export function poolKind(sourceName: string): PoolKind | null {
  const folded = fold(sourceName);
  return POOL_KINDS.find((kind) => kind.spellings.includes(folded)) ?? null;
}

/** '3.–5. koşular' for a pool of several legs that ends with race `lastRace`. */
export function legRange(lastRace: number, legs: number): string {
  return `${lastRace - legs + 1}.–${lastRace}. koşular`;
}

/** How a pool reads on every page: 'Sıralı İkili', "3'lü Ganyan (5.–7. koşular)". */
export function poolTitle(sourceName: string, raceNumber: number): string {
  const kind = poolKind(sourceName);
  if (!kind) return sourceName;
  return kind.legs > 1 ? `${kind.name} (${legRange(raceNumber, kind.legs)})` : kind.name;
}

/** Payouts in TJK's order (unknown pools last, in the source's order). */
export function sortPayouts<T extends { kind: string }>(payouts: readonly T[]): T[] {
  const rank = (p: T) => {
    const kind = poolKind(p.kind);
    return kind ? POOL_KINDS.indexOf(kind) : POOL_KINDS.length;
  };
  return payouts.map((p, i) => ({ p, i })).sort((a, b) => rank(a.p) - rank(b.p) || a.i - b.i).map(({ p }) => p);
}

/** The altılı of a card by its order ('1. Altılı Ganyan (1.–6. koşular)'), the name the articles use too. */
export function altiliTitle(order: number, firstRace: number): string {
  return `${order}. Altılı Ganyan (${legRange(firstRace + 5, 6)})`;
}
