import type { z } from 'zod';
import type { createEstimateSchema } from '@shared/estimates/estimate';
import type { EstimateArticleOption, StaffEstimateRow } from '../../../functions/src/domain/estimates/estimate-queries';
import type { EstimateView } from '../../../functions/src/domain/estimates/manage-estimates';
import type { CardView as ServerCardView, VenueView } from '../../../functions/src/domain/races/race-queries';
import type { Wire } from '@shared/wire';
import { exportInfoBlock, raceDataBlock, raceHeadingBlock, selectionBlocks } from '@shared/estimates/export-blocks';
import { formatDateTime, formatShortDate } from '../../lib/format';
import { formatAgf, formatOdds, formatWeight } from '../../islands/races/race-format';

/**
 * Shapes the race management screen reads from the API and the export payload it sends
 * (spec 002 §3 'Race estimate'). The payload's type comes from the server's own schema, so a
 * field the server stops accepting is a compile error here, not a 400 in production.
 */

export type Venue = Wire<VenueView>;
export type CardView = Wire<ServerCardView>;
export type RaceView = CardView['races'][number];
export type Entry = RaceView['entries'][number];
export type PickerArticle = Wire<EstimateArticleOption>;
/** An estimate as the write routes answer it; rows of the list also carry their article. */
export type StaffEstimate = Wire<EstimateView> & Partial<Pick<Wire<StaffEstimateRow>, 'article'>>;
export type EstimateRace = StaffEstimate['races'][number];

export type RaceRange = 'first6' | 'last6';
export const RANGE_LABELS: Record<RaceRange, string> = { first6: 'İlk 6 koşu', last6: 'Son 6 koşu' };
export const RACES_PER_RANGE = 6;

/** Spec 002 §9: the first or the last six races of the card. */
export function racesInRange<T>(races: T[], range: RaceRange): T[] {
  return range === 'first6' ? races.slice(0, RACES_PER_RANGE) : races.slice(-RACES_PER_RANGE);
}

/** Selected horse numbers per race id. */
export type Selections = Record<string, number[]>;

/**
 * Ganyan odds as the public card prints them ('5,40'), a dash while the source has none. Issue 53
 * replaced spec 002 §9's 'x/1' and 'TBA': one way for odds everywhere (docs/race-day.md).
 */
export function oddsText(odds: number | null): string {
  return odds === null || !Number.isFinite(odds) || odds <= 0 ? '—' : formatOdds(odds);
}

export function agfText(agf: number | null): string {
  return agf === null ? '—' : formatAgf(agf);
}

/** A runner's weight as TJK prints it: '57', '53,5'. */
export const weightText = formatWeight;

/** '1: 3,5 / 2: 1 / 3: —': one glance at a whole coupon. */
export function compactSelection(races: { number: number; id: string }[], selections: Selections): string {
  return races.map((r) => `${r.number}: ${(selections[r.id] ?? []).length ? [...selections[r.id]!].sort((a, b) => a - b).join(',') : '—'}`).join(' / ');
}

export function totalSelected(races: { id: string }[], selections: Selections): number {
  return races.reduce((n, r) => n + (selections[r.id]?.length ?? 0), 0);
}

/** Coupon size: the product of the selections per leg (a leg without a pick is not played). */
export function couponSize(races: { id: string }[], selections: Selections): number {
  const legs = races.map((r) => selections[r.id]?.length ?? 0).filter((n) => n > 0);
  return legs.length ? legs.reduce((a, b) => a * b, 1) : 0;
}

export type CreateEstimatePayload = z.input<typeof createEstimateSchema>;

/**
 * The export payload of spec 002 §3 for the shown races. The server keeps only race ids and horse
 * numbers and rebuilds the rest from the programme; the descriptive fields travel so the payload
 * is the same document the old tool exported.
 */
export function buildExportPayload(input: {
  card: CardView;
  races: RaceView[];
  range: RaceRange;
  selections: Selections;
  title?: string;
  description?: string;
  now: Date;
}): CreateEstimatePayload {
  const { card, races, selections } = input;
  const total = totalSelected(races, selections);
  return {
    ...(input.title?.trim() ? { title: input.title.trim() } : {}),
    ...(input.description?.trim() ? { description: input.description.trim() } : {}),
    isActive: true,
    exportInfo: exportInfoBlock({ exportDate: input.now.toISOString(), location: card.location, raceFilter: input.range, totalSelections: total }),
    raceData: raceDataBlock(card),
    races: races.map((race) => {
      const picked = new Set(selections[race.id] ?? []);
      const allHorses = race.entries.map((e) => ({
        number: e.number,
        id: e.horseId,
        name: e.name,
        jockey: e.jockey,
        weight: e.weight,
        odds: oddsText(e.odds),
        trainer: e.trainer,
        owner: e.owner,
        age: e.age,
        father: e.father,
        mother: e.mother,
        sonKosu: e.lastSix,
        galibiyet: e.agf,
        isSelected: picked.has(e.number),
      }));
      return {
        ...raceHeadingBlock(race),
        category: race.category,
        prize: race.prize,
        trackCondition: race.trackCondition ?? 'İyi',
        status: race.status ?? 'Beklemede',
        minAge: 3,
        maxAge: 10,
        totalHorses: race.entries.length,
        selectedHorses: allHorses.filter((h) => h.isSelected),
        allHorses,
      };
    }),
    // The statistics name a race by its number alone ('3. Koşu'); the server rebuilds them from its own programme.
    ...selectionBlocks(races.map((r) => ({ id: r.id, raceNumber: r.number, title: `${r.number}. Koşu`, totalHorses: r.entries.length, picked: [...(selections[r.id] ?? [])].sort((a, b) => a - b) }))),
  };
}

/** '22.11.2026 14:30' in Istanbul time, whatever the browser's zone. */
export function lockTimeText(at: string | Date): string {
  return formatDateTime(at);
}
export function dateText(at: string | Date | null | undefined): string {
  return formatShortDate(at) || '—';
}

export const shortHash = (hash: string) => hash.slice(0, 12);

export function isLockedAt(lockAt: string, now = Date.now()): boolean {
  return now >= new Date(lockAt).getTime();
}
