import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { getHorsesById, loadHorse, racesStartingFrom, type Horse } from '../races/index.js';
import { istanbulInstant, istanbulDate } from '../../platform/time.js';
import { FOLLOW_MESSAGES, MAX_FOLLOWED_HORSES, followId, parseHorseFollow, type FollowedHorseView, type HorseFollow } from './follow.js';

type Deps = Pick<AppDeps, 'store' | 'now'>;

export async function memberFollows(deps: Pick<AppDeps, 'store'>, userId: string): Promise<HorseFollow[]> {
  return (await deps.store.collection('horseFollows').where('userId', '==', userId).get()).map(parseHorseFollow);
}

/**
 * Follows a horse; following it again changes nothing. The count is read in the transaction that
 * writes, so two follows sent at once cannot take a member past the limit.
 */
export async function followHorse(deps: Deps, userId: string, horseId: string): Promise<{ created: boolean; count: number }> {
  const horse = await loadHorse(deps, horseId);
  const id = followId(userId, horse.id);
  return deps.store.runTransaction(async (tx) => {
    const existing = await tx.get('horseFollows', id);
    const mine = await tx.query(deps.store.collection('horseFollows').where('userId', '==', userId));
    if (existing) return { created: false, count: mine.length };
    if (mine.length >= MAX_FOLLOWED_HORSES) throw new AppError('CONFLICT', FOLLOW_MESSAGES.limit);
    tx.create('horseFollows', id, { userId, horseId: horse.id, horseName: horse.name, createdAt: deps.now() });
    return { created: true, count: mine.length + 1 };
  });
}

/** Stops following; a horse not followed answers the same (the member's intent holds either way). */
export async function unfollowHorse(deps: Deps, userId: string, horseId: string): Promise<{ count: number }> {
  await loadHorse(deps, horseId);
  await deps.store.delete('horseFollows', followId(userId, horseId));
  return { count: (await memberFollows(deps, userId)).length };
}

function lastResultOf(horse: Horse): FollowedHorseView['lastResult'] {
  const newest = [...horse.raceHistory].sort((a, b) => b.date.localeCompare(a.date) || b.raceNumber - a.raceNumber)[0];
  return newest ? { raceId: newest.raceId, date: newest.date, racecourse: newest.racecourse, raceNumber: newest.raceNumber, finishPos: newest.finishPos } : null;
}

/**
 * The member's horses, newest follow first, each with its next declared race and last result.
 * Declared races are the ones of programmes from today on (a few cards), read once and matched in memory.
 */
export async function listFollowedHorses(deps: Deps, userId: string): Promise<FollowedHorseView[]> {
  const follows = (await memberFollows(deps, userId)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  if (follows.length === 0) return [];
  const now = deps.now();
  const [horses, upcoming] = await Promise.all([getHorsesById(deps, follows.map((f) => f.horseId)), racesStartingFrom(deps, istanbulInstant(istanbulDate(now), '00:00'))]);
  const next = new Map<string, FollowedHorseView['nextRace']>();
  const races = upcoming.filter((r) => !r.hasResult).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  for (const race of races) {
    for (const entry of race.entries) {
      if (!next.has(entry.horseId)) {
        next.set(entry.horseId, { raceId: race.id, date: race.date, time: race.time, hippodrome: race.hippodrome, number: race.number, distance: race.distance, surface: race.surface });
      }
    }
  }
  return follows.map((f) => {
    const horse = horses.get(f.horseId) ?? null;
    return {
      horseId: f.horseId,
      name: horse?.name ?? f.horseName,
      followedAt: f.createdAt.toISOString(),
      nextRace: next.get(f.horseId) ?? null,
      lastResult: horse ? lastResultOf(horse) : null,
    };
  });
}
