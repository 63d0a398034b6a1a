import type { CardView, RaceView } from '../../../functions/src/domain/races/race-queries.js';
import type { HorseDetail, HorseSummary } from '../../../functions/src/domain/races/horse-queries.js';
import type { ResultCardView, ResultRaceView, RaceResultView, ResultsDay } from '../../../functions/src/domain/races/results-queries.js';

/** Shapes as the API sends them (JSON: dates are ISO strings). */
export type { CardView, RaceView, HorseSummary, ResultCardView, ResultRaceView, RaceResultView, ResultsDay };
export type SixPool = ResultCardView['sixPools'][number];
export type EntryView = RaceView['entries'][number];
export type HorseDetailView = HorseDetail;
export interface Programme {
  date: string;
  cards: CardView[];
}
export interface VenueOption {
  id: string;
  name: string;
  city: string;
}

/** Spec 000 §2.14: age defaults to 4 when missing. */
export const DEFAULT_AGE = 4;

export function horseHref(entry: Pick<EntryView, 'horseId' | 'name' | 'age' | 'father' | 'mother' | 'mothersFather' | 'jockey' | 'owner' | 'trainer'>): string {
  const params = new URLSearchParams({ name: entry.name, age: String(entry.age || DEFAULT_AGE) });
  const optional = { father: entry.father, mother: entry.mother, mothersFather: entry.mothersFather, jockey: entry.jockey, owner: entry.owner, trainer: entry.trainer };
  for (const [key, value] of Object.entries(optional)) if (value) params.set(key, value);
  return `/at-detay/${encodeURIComponent(entry.horseId)}?${params.toString()}`;
}

/** Last-six colours (spec 000 §9): 1 green, 2 grey, 3 orange, anything else dark grey. */
export function placeClass(position: number | null): string {
  if (position === 1) return 'place place--1';
  if (position === 2) return 'place place--2';
  if (position === 3) return 'place place--3';
  return 'place place--other';
}

export async function fetchApi<T>(path: string): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 10_000);
  try {
    const response = await fetch(path, { headers: { Accept: 'application/json' }, signal: controller.signal });
    const body = (await response.json().catch(() => null)) as { success?: boolean; data?: T; message?: string } | null;
    if (!response.ok || !body?.success) {
      const error = new Error(body?.message ?? 'Bir hata oluştu') as Error & { status?: number };
      error.status = response.status;
      throw error;
    }
    return body.data as T;
  } catch (error) {
    if ((error as Error).name === 'AbortError' || error instanceof TypeError) throw Object.assign(new Error('İnternet bağlantınızı kontrol edin'), { status: 0 });
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

export const number = new Intl.NumberFormat('tr-TR');
export { money } from '../../../functions/src/domain/text/money';
export { longDate } from '../../lib/format';
export { formatIsoDay as shortDate } from '../../lib/turkish-date';
