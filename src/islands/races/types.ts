import type { HorseDetail, HorseSummary as ServerHorseSummary } from '../../../functions/src/domain/races/horse-queries.js';
import type { Programme as ServerProgramme, VenueView } from '../../../functions/src/domain/races/race-queries.js';
import type { ResultsDay as ServerResultsDay } from '../../../functions/src/domain/races/results-queries.js';
import type { Wire } from '@shared/wire';
import type { ClientResponse } from 'hono/client';
import type { ApiRoutesClient, CallOptions } from '../../lib/api-client';
import { getSession } from '../../lib/session';

/** The race views as the API sends them. */
export type Programme = Wire<ServerProgramme>;
export type CardView = Programme['cards'][number];
export type RaceView = CardView['races'][number];
export type EntryView = RaceView['entries'][number];
export type ResultsDay = Wire<ServerResultsDay>;
export type ResultCardView = ResultsDay['cards'][number];
export type ResultRaceView = ResultCardView['races'][number];
export type SixPool = ResultCardView['sixPools'][number];
export type RaceResultView = NonNullable<ResultRaceView['result']>;
export type HorseSummary = Wire<ServerHorseSummary>;
export type HorseDetailView = Wire<HorseDetail>;
export type VenueOption = Wire<VenueView>;

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

/** A public read through the site's one client (no member token: these answers are the same for everyone). */
/** The same public read through the typed client: `readPublic((r) => r.races.tips.$get(), { query: { date } })`. */
export function readPublic<R extends ClientResponse<unknown, number, 'json'>>(pick: (routes: ApiRoutesClient) => Promise<R>, options: { query?: CallOptions['query']; fresh?: boolean } = {}) {
  return getSession().api.call(pick, { query: options.query, auth: false, cache: options.fresh ? 'no-cache' : undefined });
}


export const number = new Intl.NumberFormat('tr-TR');
export { longDate } from '@shared/text/dates';
export { formatIsoDay as shortDate } from '@shared/text/dates';
