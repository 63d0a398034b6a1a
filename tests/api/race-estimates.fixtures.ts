import type { AppDeps } from '../../functions/src/platform/deps.js';
import { istanbulInstant } from '../../functions/src/domain/races/race.js';

/**
 * A race card written straight into the store in the shape the races importer produces: one day
 * at İstanbul with `raceCount` races of 8 horses, starting 14:00 and every 30 minutes.
 */
export const CARD_DATE = '2026-11-22';
export const DAY_ID = 'istanbul-2026-11-22';

export const raceId = (n: number) => `r90${n}`;

export async function seedCard(deps: AppDeps, raceCount = 6, date = CARD_DATE): Promise<void> {
  const now = deps.now();
  const dayId = date === CARD_DATE ? DAY_ID : `istanbul-${date}`;
  const ids: string[] = [];
  for (let n = 1; n <= raceCount; n += 1) {
    const id = date === CARD_DATE ? raceId(n) : `r91${n}`;
    ids.push(id);
    const hour = 14 + Math.floor((n - 1) / 2);
    const time = `${hour}:${(n - 1) % 2 ? '30' : '00'}`;
    await deps.store.set('races', id, {
      code: id.slice(1),
      raceDayId: dayId,
      venueId: 'istanbul',
      hippodrome: 'İstanbul Veliefendi Hipodromu',
      location: 'İstanbul',
      date,
      number: n,
      time,
      startsAt: istanbulInstant(date, time),
      distance: 1400 + n * 100,
      surface: n % 2 ? 'Çim' : 'Kum',
      trackCondition: 'İyi',
      category: n === 1 ? 'Maiden' : 'Handikap 15',
      prize: 200000,
      entries: Array.from({ length: 8 }, (_, i) => ({
        number: i + 1,
        horseId: `h${n}0${i + 1}`,
        tjkId: `${n}0${i + 1}`,
        name: `AT ${n}-${i + 1}`,
        age: 4,
        sex: 'm',
        color: 'doru',
        father: null,
        mother: null,
        mothersFather: null,
        jockey: 'A. Çelik',
        owner: null,
        trainer: null,
        start: i + 1,
        weight: 56,
        lastSix: null,
        lastSixItems: [],
        odds: 3 + i,
        agf: null,
      })),
      hasResult: false,
      updatedAt: now,
    });
  }
  await deps.store.set('raceDays', dayId, {
    cardId: null,
    venueId: 'istanbul',
    hippodrome: 'İstanbul Veliefendi Hipodromu',
    location: 'İstanbul',
    date,
    opening: '14:00',
    closing: null,
    weather: { temperature: 14, humidity: 60, condition: 'Bulutlu' },
    track: { grass: 'İyi', dirt: 'Normal' },
    raceCount,
    raceIds: ids,
    sixPools: [],
    updatedAt: now,
  });
}

/** The card as the morning's programme left it: no results, no non-runners declared on the desk. */
export async function freshCard(deps: AppDeps): Promise<void> {
  await seedCard(deps);
  for (let n = 1; n <= 6; n += 1) {
    await deps.store.delete('results', raceId(n));
    await deps.store.delete('raceAmendments', raceId(n));
  }
}

/** Writes a race result with the given winner(s) (several on a dead heat), as the importer would. */
export async function setResult(deps: AppDeps, n: number, winners: number[]): Promise<void> {
  const id = raceId(n);
  const finishers = Array.from({ length: 8 }, (_, i) => i + 1).map((num) => ({
    position: winners.includes(num) ? 1 : num + 1,
    number: num,
    horseId: `h${n}0${num}`,
    name: `AT ${n}-${num}`,
    jockey: null,
    time: null,
    odds: null,
    earnings: 0,
  }));
  await deps.store.set('results', id, { raceId: id, raceDayId: DAY_ID, date: CARD_DATE, venueId: 'istanbul', number: n, ganyanDividend: 4.5, finishers, updatedAt: deps.now() });
  await deps.store.update('races', id, { hasResult: true });
}

export async function setSixPool(deps: AppDeps, firstRace: number, payout: number, winners: number[][]): Promise<void> {
  await deps.store.update('raceDays', DAY_ID, { sixPools: [{ firstRace, payout, legs: winners.map((leg) => ({ winners: leg })) }] });
}

export async function seedArticle(
  deps: AppDeps,
  authorId: string,
  options: { id?: string; category?: string; status?: string; raceResultSource?: string | null; raceResult?: string | null } = {},
): Promise<string> {
  const now = deps.now();
  const id = options.id ?? `art-${Math.random().toString(36).slice(2, 10)}`;
  await deps.store.set('articles', id, {
    title: 'Veliefendi altılı tahmini',
    subtitle: null,
    slug: `veliefendi-altili-${id}`,
    authorId,
    category: options.category ?? 'estimation',
    status: options.status ?? 'published',
    excerpt: 'Pazar günü altılı ganyan için seçimlerimiz.',
    content: '<p>Pazar günü altılı ganyan için seçimlerimiz.</p>',
    audience: 'everyone',
    visibility: 'public',
    tags: [],
    searchTokens: [],
    raceResult: options.raceResult ?? null,
    raceResultSource: options.raceResultSource ?? null,
    hasRaceEstimate: false,
    publishedAt: now,
    createdAt: now,
    updatedAt: now,
    isDeleted: false,
  });
  return id;
}

/** The export payload of the 'Yarış Seçimi' tab for races 1..n with the given horse numbers per race. */
export function exportPayload(selections: number[][], extra: Record<string, unknown> = {}) {
  return {
    exportInfo: { exportDate: new Date().toISOString(), exportType: 'admin-selection', location: 'İstanbul', raceFilter: 'first6', totalSelections: selections.flat().length, version: '1.0' },
    raceData: { location: 'İstanbul', date: CARD_DATE, hipodrom: 'İstanbul Veliefendi Hipodromu', weatherCondition: 'Açık', temperature: 22, totalRaces: selections.length },
    races: selections.map((horses, i) => ({
      id: raceId(i + 1),
      raceNumber: i + 1,
      title: `${i + 1}. Koşu`,
      startTime: '14:00',
      distance: 1400,
      surface: 'Çim',
      totalHorses: 8,
      selectedHorses: horses.map((number) => ({ number, name: `AT ${i + 1}-${number}`, jockey: 'A. Çelik', odds: '3/1', isSelected: true })),
    })),
    selections: { totalSelections: selections.flat().length, selectionsByRace: {} },
    statistics: { totalRaces: selections.length },
    ...extra,
  };
}

/** Before the first race (14:00 Istanbul) of the card. */
export const MORNING = new Date('2026-11-22T09:00:00+03:00');
/** The card's evening, every race run. */
export const EVENING = new Date('2026-11-22T20:00:00+03:00');
/** A six-leg ticket of 2*1*3*1*2*1 = 12 combinations. */
export const SIX_LEG_PICKS = [[1, 2], [5], [3, 4, 6], [7], [2, 8], [4]];
