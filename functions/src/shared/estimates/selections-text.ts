/**
 * The exact text an estimate's SHA-256 is computed over (issue 8's lock proof): JSON of
 * [raceId, sorted unique horse numbers] pairs, sorted by race id. No imports: the article page
 * and the "Nasıl doğrulanır?" page build the same text in the browser and hash it with Web Crypto.
 */
export function canonicalSelections(races: { id: string; selectedHorses: { number: number }[] }[]): [string, number[]][] {
  return [...races]
    .map((r) => [r.id, [...new Set(r.selectedHorses.map((h) => h.number))].sort((a, b) => a - b)] as [string, number[]])
    .sort((a, b) => a[0].localeCompare(b[0]));
}

/** A single-race tip's pool and runners per place (estimates/bet.ts), part of what its hash proves. */
export interface HashedBet {
  kind: string;
  places: number[][];
}

/**
 * The hashed text. A coupon without a bet keeps the pairs alone (older proofs stay valid); a bet
 * adds its pool and places, so neither can change after the lock either.
 */
export function selectionsText(races: { id: string; selectedHorses: { number: number }[] }[], bet: HashedBet | null = null): string {
  const pairs = canonicalSelections(races);
  return bet ? JSON.stringify({ kosular: pairs, bahis: { tur: bet.kind, siralar: bet.places } }) : JSON.stringify(pairs);
}

/** Link to the proof page with the text and hash in the fragment (never sent to the server). */
export function proofHref(hash: string, text: string | null): string {
  const params = new URLSearchParams({ ozet: hash });
  if (text) params.set('metin', text);
  return `/nasil-dogrulanir#${params.toString()}`;
}
