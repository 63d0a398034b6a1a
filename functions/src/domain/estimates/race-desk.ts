import { z } from 'zod';
import type { Actor } from '../../platform/actor.js';
import type { AppDeps } from '../../platform/deps.js';
import { articleCreateSchema, createArticle, getArticlesById, permanentlyDeleteArticle, type ArticleRecord } from '../articles/index.js';
import { istanbulDate } from '../../platform/time.js';
import { getRacesById, getResultsById, ISO_DATE, raceDaysOn, type Race } from '../races/index.js';
import { staffBadges } from '../staff/index.js';
import { BET_LABELS, betInputSchema, betText } from './bet.js';
import { parseRaceEstimate, type RaceEstimate } from './estimate.js';
import { createEstimate } from './manage-estimates.js';
import { parseRaceAmendment } from './race-amendments.js';
import { IMPORT_STATUS_ID, parseImportStatus, type ImportStatus } from './import-status.js';

/**
 * The staff panel's race-day desk (issue 49): one read of a day's meetings with, per race, its
 * tips, lock, result state and hand-made changes; the import status; the work waiting for an admin.
 * And the one-screen publish: an estimation article with its coupon, or neither.
 */

export const DESK_MESSAGES = {
  date: 'Tarih YYYY-AA-GG biçiminde olmalıdır.',
  noCoupon: 'Tahminin kuponu gerekli: bir koşu ve bahis türü ya da altılı ayakları seçin.',
  published: 'Tahmin kuponuyla birlikte yayımlandı.',
} as const;

export const deskQuerySchema = z.strictObject({ date: z.string().regex(ISO_DATE, DESK_MESSAGES.date).optional() });

export interface DeskTip {
  estimateId: string;
  articleId: string;
  title: string;
  vip: boolean;
  /** 'Altılı', 'Ganyan: 4', 'Sıralı İkili: 1. 3 / 2. 5-7'; VIP picks are shown to staff too. */
  pick: string;
  lockAt: Date;
  locked: boolean;
  result: 'won' | 'lost' | 'void' | null;
}

export interface DeskRace {
  id: string;
  number: number;
  time: string;
  startsAt: Date;
  category: string | null;
  distance: number;
  surface: string;
  entries: { number: number; name: string; agf: number | null }[];
  nonRunners: number[];
  disqualified: number[];
  /** Horse numbers in finishing order, when a result is in. */
  order: number[];
  ganyanDividend: number | null;
  resultBy: 'source' | 'staff' | null;
  /** 'Beklemede' before the start, 'Sonuç bekleniyor' after it without a result, 'Tamamlandı'. */
  status: string;
  tips: DeskTip[];
}

export interface DeskMeeting {
  id: string;
  hippodrome: string;
  location: string;
  races: DeskRace[];
}

export interface RaceDesk {
  date: string;
  now: Date;
  meetings: DeskMeeting[];
  /** The next estimate to lock today (its first race's start), null when none is left. */
  nextLock: { at: Date; raceNumber: number; location: string; tips: number } | null;
  importStatus: ImportStatus | null;
  /** Admins only (null for authors): payments and comments waiting. */
  waiting: { vipRequests: number; comments: number; messages: number } | null;
}

function pickText(estimate: RaceEstimate): string {
  if (estimate.bet) return betText(estimate.bet);
  const legs = estimate.races.filter((r) => r.selectedHorses.length > 0);
  return legs.length === 6 ? `Altılı: ${legs[0]!.raceNumber}-${legs[5]!.raceNumber}. koşular` : `${legs.length} koşuluk kupon`;
}

function resultOf(estimate: RaceEstimate): DeskTip['result'] {
  if (!estimate.settlement) return null;
  if (estimate.settlement.void) return 'void';
  return estimate.settlement.allHit ? 'won' : 'lost';
}

function statusOf(race: Race, hasResult: boolean, now: Date): string {
  if (hasResult) return 'Tamamlandı';
  return now.getTime() < race.startsAt.getTime() ? 'Beklemede' : 'Sonuç bekleniyor';
}

export async function raceDesk(deps: Pick<AppDeps, 'store' | 'now'>, actor: Actor, date?: string): Promise<RaceDesk> {
  const now = deps.now();
  const day = date ?? istanbulDate(now);
  const days = await raceDaysOn(deps, day);
  const raceIds = days.flatMap((d) => d.raceIds);
  const [races, results, amendDocs, estimateLists, statusRaw] = await Promise.all([
    getRacesById(deps, raceIds),
    getResultsById(deps, raceIds),
    raceIds.length ? deps.store.getAll('raceAmendments', raceIds) : [],
    Promise.all(days.map((d) => deps.store.collection('raceEstimates').where('raceDayId', '==', d.id).get())),
    deps.store.get('importStatus', IMPORT_STATUS_ID),
  ]);
  const estimates = estimateLists.flat().map(parseRaceEstimate);
  const articleIds = [...new Set(estimates.map((e) => e.articleId))];
  const articles = await getArticlesById(deps, articleIds);
  // Authors see their own tips; admins everyone's.
  const visible = estimates.filter((e) => actor.user.role === 'admin' || e.authorId === actor.user.id);
  const amendments = new Map(amendDocs.filter((d) => d !== null).map((d) => [d!.id, parseRaceAmendment(d)]));

  const meetings: DeskMeeting[] = days
    .sort((a, b) => a.opening.localeCompare(b.opening) || a.location.localeCompare(b.location, 'tr'))
    .map((d) => ({
      id: d.id,
      hippodrome: d.hippodrome,
      location: d.location,
      races: d.raceIds
        .map((id) => races.get(id))
        .filter((r): r is Race => r !== undefined)
        .sort((a, b) => a.number - b.number)
        .map((race) => {
          const result = results.get(race.id);
          const amendment = amendments.get(race.id);
          const tips = visible
            // A coupon is listed at the race it locks at (its first leg); a single-race tip at its race.
            .filter((e) => e.races.filter((r) => r.selectedHorses.length > 0).sort((a, b) => a.raceNumber - b.raceNumber)[0]?.id === race.id)
            .map((e) => {
              const article = articles.get(e.articleId);
              return {
                estimateId: e.id,
                articleId: e.articleId,
                title: article?.title ?? e.title,
                vip: article ? article.visibility === 'premium' || article.visibility === 'private' : false,
                pick: pickText(e),
                lockAt: e.lockAt,
                locked: now.getTime() >= e.lockAt.getTime(),
                result: resultOf(e),
              };
            });
          return {
            id: race.id,
            number: race.number,
            time: race.time,
            startsAt: race.startsAt,
            category: race.category,
            distance: race.distance,
            surface: race.surface,
            entries: race.entries.map((e) => ({ number: e.number, name: e.name, agf: e.agf })),
            nonRunners: amendment?.nonRunners ?? [],
            disqualified: amendment?.disqualified ?? [],
            order: result ? result.finishers.filter((f) => f.position !== null).map((f) => f.number) : [],
            ganyanDividend: result?.ganyanDividend ?? null,
            resultBy: result ? (amendment?.resultBy ? 'staff' : 'source') : null,
            status: statusOf(race, Boolean(result), now),
            tips,
          };
        }),
    }));

  const upcoming = visible.filter((e) => e.lockAt.getTime() > now.getTime()).sort((a, b) => a.lockAt.getTime() - b.lockAt.getTime());
  const first = upcoming[0];
  const firstRace = first ? races.get(first.races.filter((r) => r.selectedHorses.length > 0).sort((a, b) => a.raceNumber - b.raceNumber)[0]!.id) : undefined;
  const nextLock =
    first && firstRace
      ? { at: first.lockAt, raceNumber: firstRace.number, location: firstRace.location, tips: upcoming.filter((e) => e.lockAt.getTime() === first.lockAt.getTime()).length }
      : null;
  const badges = actor.user.role === 'admin' ? await staffBadges(deps) : null;
  return {
    date: day,
    now,
    meetings,
    nextLock,
    importStatus: statusRaw ? parseImportStatus(statusRaw) : null,
    waiting: badges ? { vipRequests: badges.pendingVipRequests, comments: badges.unrespondedComments, messages: badges.unrespondedMessages } : null,
  };
}

// ---------------------------------------------------------------------------------------------
// One-screen publish.

const legSchema = z.strictObject({ raceId: z.string('Koşu seçin').min(1, 'Koşu seçin').max(20), horses: z.array(z.number().int().min(1).max(30)).max(30) });

/** POST /api/admin/race-desk/tips: the article's fields and its coupon (a single-race bet or legs). */
export const publishTipSchema = z
  .strictObject({
    title: articleCreateSchema.shape.title,
    excerpt: articleCreateSchema.shape.excerpt,
    content: articleCreateSchema.shape.content,
    visibility: z.enum(['public', 'premium'], 'Görünürlük herkese açık veya VIP olmalıdır.'),
    /** A single-race tip: its race and bet. */
    raceId: z.string().max(20).optional(),
    bet: betInputSchema.optional(),
    /** A coupon of several legs (altılı): horses per race. */
    legs: z.array(legSchema).max(6).optional(),
  })
  .refine((v) => (v.raceId && v.bet) || (v.legs && v.legs.some((l) => l.horses.length > 0)), { message: DESK_MESSAGES.noCoupon, path: ['bet'] });
export type PublishTipInput = z.output<typeof publishTipSchema>;

/**
 * Publishes an estimation article with its coupon in one step. The coupon is checked by the same
 * service as in the estimate tool (lock, runners, teaser, one coupon); when it is refused the
 * article that was just created is removed again, so nothing half-made stays on the site.
 */
export async function publishTip(deps: AppDeps, actor: Actor, input: PublishTipInput): Promise<{ article: ArticleRecord; estimate: RaceEstimate }> {
  const article = await createArticle(
    deps,
    actor,
    // The tip is the signed-in staff member's own (resolveAuthorId checks an admin's choice too).
    articleCreateSchema.parse({ title: input.title, excerpt: input.excerpt, content: input.content, authorId: actor.user.id, category: 'estimation', status: 'published', visibility: input.visibility }),
  );
  try {
    const races = input.bet
      ? [{ id: input.raceId!, selectedHorses: [] }]
      : input.legs!.filter((l) => l.horses.length > 0).map((l) => ({ id: l.raceId, selectedHorses: l.horses.map((number) => ({ number })) }));
    const estimate = await createEstimate(deps, actor, article.id, {
      races,
      bet: input.bet ?? null,
      title: input.bet ? `${article.title} (${BET_LABELS[input.bet.kind]})` : article.title,
      exportInfo: { exportType: 'admin-selection', version: '1.0', raceFilter: input.bet ? 'single' : 'custom' },
    } as Parameters<typeof createEstimate>[3]);
    return { article, estimate };
  } catch (error) {
    await permanentlyDeleteArticle(deps, actor, article.id).catch((cleanup: unknown) => deps.log.error('desk publish cleanup failed', { articleId: article.id, error: String(cleanup) }));
    throw error;
  }
}
