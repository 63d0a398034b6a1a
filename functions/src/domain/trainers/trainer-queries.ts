import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { istanbulDate } from '../../platform/time.js';
import { jockeyStatistics, LAST_RIDES, TOP_PARTNERSHIPS, type JockeyView } from '../jockeys/index.js';
import { raceStatus, racesOn, winRate, type RaceStatus } from '../races/index.js';
import { TRAINER_ID, trainerIdFromName } from './trainer-id.js';
import { parseTrainer, parseTrainerHorse, parseTrainerRun, TRAINER_MESSAGES, type Trainer, type TrainerHorse, type TrainerRun } from './trainer.js';

/** Read side of trainers: the record with statistics, runners page by page, today's declared runners. */

type Deps = Pick<AppDeps, 'store' | 'now'>;

export type TrainerRunView = Omit<TrainerRun, 'trainerId' | 'trainerName'>;
export type TrainerHorseView = Omit<TrainerHorse, 'id' | 'trainerId'> & { winRate: number; placeRate: number };

/** A runner the trainer has declared today, from the day's programme. */
export interface TodayRunner {
  raceId: string;
  startsAt: string;
  status: RaceStatus;
  venueId: string;
  city: string;
  raceNumber: number;
  distance: number;
  surface: string;
  number: number;
  horseId: string;
  horseName: string;
  jockey: string | null;
  nonRunner: boolean;
}

export type TrainerView = Pick<JockeyView, 'id' | 'name' | 'lastRideDate' | 'totals' | 'byVenue' | 'bySurface' | 'byDistance' | 'byYear'> & {
  lastRuns: TrainerRunView[];
  horses: TrainerHorseView[];
  today: TodayRunner[];
};

export function trainerRunView({ trainerId: _t, trainerName: _n, ...run }: TrainerRun): TrainerRunView {
  return run;
}

function horseView({ id: _id, trainerId: _t, ...h }: TrainerHorse): TrainerHorseView {
  return { ...h, winRate: winRate(h.wins, h.rides), placeRate: winRate(h.places, h.rides) };
}

export async function loadTrainer(deps: Pick<Deps, 'store'>, id: string): Promise<Trainer> {
  if (!TRAINER_ID.test(id)) throw new AppError('BAD_REQUEST', TRAINER_MESSAGES.invalidId);
  const doc = await deps.store.get('trainers', id);
  if (!doc) throw new AppError('NOT_FOUND', TRAINER_MESSAGES.notFound);
  return parseTrainer(doc);
}

const runsQuery = (deps: Pick<Deps, 'store'>, id: string) => deps.store.collection('trainerRuns').where('trainerId', '==', id).orderBy('startsAt', 'desc');

/** The trainer's runners on today's cards (Istanbul date), in start order: one read of the day's races. */
async function todayRunners(deps: Deps, id: string): Promise<TodayRunner[]> {
  const now = deps.now();
  const races = await racesOn(deps, istanbulDate(now));
  return races
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.location.localeCompare(b.location, 'tr'))
    .flatMap((race) =>
      race.entries
        .filter((e) => trainerIdFromName(e.trainer) === id)
        .map((e) => ({
          raceId: race.id,
          startsAt: race.startsAt.toISOString(),
          status: raceStatus(race, now),
          venueId: race.venueId,
          city: race.location,
          raceNumber: race.number,
          distance: race.distance,
          surface: race.surface,
          number: e.number,
          horseId: e.horseId,
          horseName: e.name,
          jockey: e.jockey,
          nonRunner: e.nonRunner,
        })),
    );
}

/** GET /api/trainers/{id}: four reads (the record, 30 runners, 10 horses, today's races) whatever the history. */
export async function getTrainerView(deps: Deps, id: string): Promise<TrainerView> {
  const [trainer, runs, horses, today] = await Promise.all([
    loadTrainer(deps, id),
    runsQuery(deps, id).limit(LAST_RIDES).get(),
    deps.store.collection('trainerHorses').where('trainerId', '==', id).orderBy('wins', 'desc').orderBy('places', 'desc').limit(TOP_PARTNERSHIPS).get(),
    todayRunners(deps, id),
  ]);
  return {
    id: trainer.id,
    name: trainer.name,
    lastRideDate: trainer.lastRideDate,
    ...jockeyStatistics(trainer),
    lastRuns: runs.map((r) => trainerRunView(parseTrainerRun(r))),
    horses: horses.map((h) => horseView(parseTrainerHorse(h))),
    today,
  };
}

/** GET /api/trainers/{id}/runs: newest first; the total is the record's runner count. */
export async function listTrainerRuns(deps: Deps, id: string, page: number, limit: number): Promise<{ runs: TrainerRunView[]; total: number }> {
  const trainer = await loadTrainer(deps, id);
  const docs = await runsQuery(deps, id).offset((page - 1) * limit).limit(limit).get();
  return { runs: docs.map((r) => trainerRunView(parseTrainerRun(r))), total: trainer.totals.rides };
}

/** Every trainer id, for the prebuilt pages. */
export async function listTrainerIds(deps: Pick<Deps, 'store'>): Promise<string[]> {
  return (await deps.store.collection('trainers').get()).map((d) => d.id);
}
