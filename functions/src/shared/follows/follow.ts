import { z } from 'zod';

/**
 * A member following a horse (collection `horseFollows`, id `<userId>__<horseId>`: following twice
 * lands on the same document). `horseName` is copied at follow time for the list and the mails.
 */
export const MAX_FOLLOWED_HORSES = 100;

export const FOLLOW_MESSAGES = {
  limit: `En fazla ${MAX_FOLLOWED_HORSES} at takip edebilirsiniz. Yeni bir at eklemek için listenizden bir atı çıkarın.`,
  followed: 'At takip listenize eklendi.',
  unfollowed: 'At takip listenizden çıkarıldı.',
} as const;

export const horseFollowSchema = z.object({
  id: z.string(),
  userId: z.string(),
  horseId: z.string(),
  horseName: z.string(),
  createdAt: z.date(),
});
export type HorseFollow = z.infer<typeof horseFollowSchema>;
export const parseHorseFollow = (raw: unknown) => horseFollowSchema.parse(raw);

export const followId = (userId: string, horseId: string) => `${userId}__${horseId}`;

/**
 * One notice per member, horse, race and kind (collection `horseFollowNotices`): the document is
 * claimed before the mail is queued and marked sent after, so a repeated import finds it sent.
 */
export const NOTICE_KINDS = ['declared', 'result'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
export const horseFollowNoticeSchema = z.object({
  id: z.string(),
  userId: z.string(),
  horseId: z.string(),
  raceId: z.string(),
  kind: z.enum(NOTICE_KINDS),
  status: z.enum(['pending', 'sent']),
  claimedAt: z.date(),
  sentAt: z.date().nullable(),
  /** Channels the notice went out on (the member's preferences at sending time); absent on notices sent before SMS. */
  channels: z.array(z.enum(['email', 'sms'])).default(['email']),
});
export type HorseFollowNotice = z.infer<typeof horseFollowNoticeSchema>;
export const parseHorseFollowNotice = (raw: unknown) => horseFollowNoticeSchema.parse(raw);
export const noticeId = (userId: string, horseId: string, raceId: string, kind: NoticeKind) => `${userId}__${horseId}__${raceId}__${kind}`;

/** What GET /api/users/followed-horses answers per horse. */
/** `GET /users/followed-horses`: the member's horses and the most they may follow. */
export interface FollowListView {
  horses: FollowedHorseView[];
  limit: number;
}

/** `POST`/`DELETE /horses/{id}/follow`. */
export interface FollowStateView {
  following: boolean;
  count: number;
  limit: number;
}

export interface FollowedHorseView {
  horseId: string;
  name: string;
  followedAt: string;
  /** The next race the horse is declared for (not yet run), if any programme has it. */
  nextRace: { raceId: string; date: string; time: string; hippodrome: string; number: number; distance: number; surface: string } | null;
  /** The newest result in the horse's history. */
  lastResult: { raceId: string; date: string; racecourse: string; raceNumber: number; finishPos: number | null } | null;
}
