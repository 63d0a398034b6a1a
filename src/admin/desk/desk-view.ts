import type { DeskRace, RaceDesk } from '../../../functions/src/domain/estimates/race-desk';
import type { Wire } from '@shared/wire';

/** The desk's answer as the browser receives it (dates as ISO strings). */
export type DeskView = Wire<RaceDesk>;
export type DeskRaceView = Wire<DeskRace>;

/** Horse numbers typed as '3, 7 5' (any separators) → [3, 7, 5]. */
export const numberList = (text: string) => text.split(/[^0-9]+/).filter(Boolean).map(Number);
