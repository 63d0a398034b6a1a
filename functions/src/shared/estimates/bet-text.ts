/**
 * The words of a single-race bet (bet.ts), with no imports: the article island and the staff
 * panel show a bet without loading its schemas.
 */

export const BET_KINDS = ['ganyan', 'plase', 'ikili', 'sirali-ikili', 'uclu'] as const;
export type BetKind = (typeof BET_KINDS)[number];

export const BET_LABELS: Record<BetKind, string> = { ganyan: 'Ganyan', plase: 'Plase', ikili: 'İkili', 'sirali-ikili': 'Sıralı İkili', uclu: 'Üçlü' };
/** How many places the runners are given for (one list for ganyan, plase and the ikili box). */
export const BET_PLACES: Record<BetKind, number> = { ganyan: 1, plase: 1, ikili: 1, 'sirali-ikili': 2, uclu: 3 };

/** 'Sıralı İkili: 1. 3 / 2. 5-7', 'Ganyan: 4' in the staff desk and on the article. */
export function betText(bet: { kind: BetKind; places: number[][] }): string {
  if (BET_PLACES[bet.kind] === 1) return `${BET_LABELS[bet.kind]}: ${bet.places[0]!.join('-')}`;
  return `${BET_LABELS[bet.kind]}: ${bet.places.map((list, i) => `${i + 1}. ${list.join('-')}`).join(' / ')}`;
}
