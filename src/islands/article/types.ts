/**
 * What the article islands read from /api/articles/... answers. Dates arrive as ISO strings
 * over JSON. Kept loose on purpose where the spec tolerates alternatives (spec 000 §3).
 */

export type Visibility = 'public' | 'premium' | 'private' | 'members-only';

export interface MediaAudio {
  url: string;
  title?: string;
  artist?: string;
  mimeType?: string;
  duration?: number | null;
}

export interface MediaVideo {
  url: string;
  title?: string;
  platform?: 'youtube' | 'vimeo' | 'other';
  videoId?: string | null;
  embedUrl?: string | null;
}

export interface ArticleBodyData {
  id: string;
  content: string | null;
  media?: { audio?: MediaAudio[]; videos?: MediaVideo[] } | null;
  hasRaceEstimate?: boolean;
}

export interface SelectedHorse {
  number: number | string;
  name: string;
}

export interface EstimateRace {
  id?: string;
  raceNumber: number;
  startTime?: string | null;
  selectedHorses: SelectedHorse[];
}

export interface RaceEstimate {
  id: string;
  title?: string | null;
  description?: string | null;
  races: EstimateRace[];
  raceData?: { date?: string | null; location?: string | null } | null;
  /** When the first race covered starts: the selections cannot change after it (issue 8). */
  lockAt?: string | Date | null;
  /** sha256 of the canonical selections, stored at every change: lets a reader check nothing moved. */
  selectionsHash?: string | null;
  settlement?: EstimateSettlement | null;
  /** Race id -> selected horse number -> finishing place (null: did not finish), for races with a result. */
  finishPlaces?: Record<string, Record<string, number | null>>;
}

export interface EstimateSettlement {
  legs: { raceId: string; raceNumber: number; selected: number[]; winners: number[]; hit: boolean; banko: boolean }[];
  legsTotal: number;
  legsHit: number;
  bankoLegs: number;
  bankoHits: number;
  allHit: boolean;
  couponSize: number;
  cost: number;
  payout: number;
}

export interface CommentData {
  id: string;
  content: string;
  parentId?: string | null;
  authorId?: string | null;
  authorName?: string | null;
  username?: string | null;
  displayName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  createdAt: string;
  likes?: number;
  liked?: boolean;
  status?: string;
  isPending?: boolean;
  replies?: CommentData[];
}
