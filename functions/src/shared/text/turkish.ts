/** Turkish-aware text helpers shared by search, slugs and sorting. */

const FOLD: Record<string, string> = { ı: 'i', ş: 's', ç: 'c', ğ: 'g', ö: 'o', ü: 'u', â: 'a', î: 'i', û: 'u' };

/** Case and diacritics folded the Turkish way: 'İSTANBUL', 'istanbul' and 'Istanbul' all give 'istanbul'. */
export function foldTurkish(text: string): string {
  return text
    .toLocaleLowerCase('tr-TR')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ışçğöüâîû]/g, (ch) => FOLD[ch] ?? ch);
}

/** Folded words of at least two letters, for array-contains search tokens. */
export function searchTokens(...texts: string[]): string[] {
  const tokens = new Set<string>();
  for (const text of texts) {
    for (const word of foldTurkish(text).split(/[^a-z0-9]+/)) if (word.length >= 2) tokens.add(word);
  }
  return [...tokens];
}

export function slugify(text: string): string {
  return foldTurkish(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

export const turkishCollator = new Intl.Collator('tr', { sensitivity: 'base', numeric: true });

/** Sorts in place by Turkish collation (Ç after C, İ after I, Ş after S ...), never byte order. */
export function sortTurkish<T>(items: T[], key: (item: T) => string): T[] {
  return items.sort((a, b) => turkishCollator.compare(key(a), key(b)));
}
