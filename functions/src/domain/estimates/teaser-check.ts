import { foldTurkish } from '../text/index.js';

/**
 * The teaser rule of issue 16 (docs/records.md): the public teaser of a VIP article (title,
 * subtitle, excerpt) never names a horse selected in its estimates. Browser-safe (the staff form
 * warns with it before saving; the API refuses with it), so it imports nothing but text helpers.
 */

export const teaserLeakMessage = (names: string[]) =>
  `VIP tahminin seçimi herkese açık metinde görünüyor: ${names.join(', ')}. Başlık, alt başlık ve özet seçilen atların adını vermemeli.`;

export const VIP_VISIBILITIES: ReadonlySet<string> = new Set(['premium', 'private']);

interface TeaserText {
  title: string;
  subtitle?: string | null;
  excerpt: string;
}

interface Selections {
  /** `runners`: the race's declared horses, when known (a single-race tip's teaser may name none of them). */
  races: { selectedHorses: { name: string }[]; runners?: { name: string }[] }[];
}

/**
 * The horses a teaser must keep secret: the selections, and for a single-race tip every runner of
 * its race, since its banko, plase and sürpriz are all picks even when only the banko is selected.
 */
function secretHorses(estimate: Selections): { name: string }[] {
  const [only] = estimate.races;
  if (estimate.races.length === 1 && only?.runners) return only.runners;
  return estimate.races.flatMap((race) => race.selectedHorses);
}

/** Names of picked horses that the public teaser (title, subtitle, excerpt) gives away. */
export function leakedSelections(article: TeaserText, estimates: Selections[]): string[] {
  const teaser = ` ${foldTurkish([article.title, article.subtitle ?? '', article.excerpt].join(' ')).replace(/[^a-z0-9]+/g, ' ')} `;
  const names = new Set<string>();
  for (const estimate of estimates) {
    for (const horse of secretHorses(estimate)) {
      const folded = foldTurkish(horse.name).replace(/[^a-z0-9]+/g, ' ').trim();
      if (folded && teaser.includes(` ${folded} `)) names.add(horse.name);
    }
  }
  return [...names];
}

/** The Turkish problem with a VIP article's teaser, or null when it keeps the active picks secret. */
export function teaserLeakProblem(article: TeaserText & { visibility: string }, estimates: (Selections & { isActive: boolean })[]): string | null {
  if (!VIP_VISIBILITIES.has(article.visibility)) return null;
  const leaked = leakedSelections(article, estimates.filter((e) => e.isActive));
  return leaked.length > 0 ? teaserLeakMessage(leaked) : null;
}
