import type { AppDeps } from '../../platform/deps.js';
import { istanbulDate } from '../../platform/time.js';
import { listPersonIds, personHead, personProfile, personRuns, withRates, type JockeyView } from '../jockeys/index.js';
import { raceStatus, racesOn, type RaceStatus } from '../races/index.js';
import { TRAINERS } from './record-runs.js';
import { trainerIdFromName } from './trainer-id.js';
import type { TrainerHorse, TrainerRun } from './trainer.js';

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
  return withRates(h);
}

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
  const [{ person, runs, horses }, today] = await Promise.all([personProfile(deps, TRAINERS, id), todayRunners(deps, id)]);
  return { ...personHead(person), lastRuns: runs.map(trainerRunView), horses: horses.map(horseView), today };
}

/** GET /api/trainers/{id}/runs: newest first; the total is the record's runner count. */
export async function listTrainerRuns(deps: Deps, id: string, page: number, limit: number): Promise<{ runs: TrainerRunView[]; total: number }> {
  const { runs, total } = await personRuns(deps, TRAINERS, id, page, limit);
  return { runs: runs.map(trainerRunView), total };
}

/** Every trainer id, for the prebuilt pages. */
export const listTrainerIds = (deps: Pick<Deps, 'store'>) => listPersonIds(deps, TRAINERS);
