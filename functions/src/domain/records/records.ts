import type { AppDeps } from '../../platform/deps.js';
import { type Reader, getArticlesById, type ArticleRecord } from '../articles/index.js';
import { isDocumentId } from '../../ports/document-values.js';
import { authorDisplayName, type UserRecord, getUser, listStaffUsers } from '../identity/index.js';
import { turkishCollator } from '../text/index.js';
import { type RaceEstimate, selectionsText } from '../estimates/index.js';
import {
  computeRecord,
  declaredResultsOf,
  MIN_RANKED_SAMPLE,
  profitLine,
  RANKING_WINDOW,
  settledEstimatesOf,
  toSample,
  type AuthorRecord,
  type ProfitPoint,
  type RecordStats,
  type RecordWindow,
  type SettledSample,
  windowFrom,
} from './author-record.js';
import { rankingRule, unrankedNote } from './record-text.js';
import { picksReadable, vipProofEnabled } from './vip-proof.js';

/**
 * The record page's data (`/basari-kayitlari`, GET /api/records/*): every author's record in one
 * window, ranked by net result at the unit stake among those with the minimum sample, and one
 * author's settled estimates as proof (legs, winners, hits, lock time, selections hash).
 */

type Deps = Pick<AppDeps, 'store' | 'now'>;

export interface RankedAuthor {
  /** 1-based place among ranked authors; null below the minimum sample. */
  rank: number | null;
  author: { id: string; name: string; avatar: string | null };
  stats: RecordStats;
  record: AuthorRecord;
  /** Running net of the window's tips, one point per race day: the page draws it as a line. */
  profitLine: ProfitPoint[];
  /** Why the tipster is not ranked ('Henüz yeterli kupon yok: …'); null when ranked. */
  note: string | null;
}

export interface Ranking {
  window: RecordWindow;
  minimumSample: number;
  asOf: string;
  /** The rule in the reader's words, as the page states it. */
  rule: string;
  ranked: RankedAuthor[];
  /** Authors with at least one settled estimate but fewer than the minimum in the window. */
  unranked: RankedAuthor[];
}

function isPublicAuthor(user: UserRecord): boolean {
  return (user.role === 'author' || user.role === 'admin') && !user.isDeleted && user.status === 'active';
}

async function staffAuthors(deps: Deps): Promise<UserRecord[]> {
  return (await listStaffUsers(deps)).filter(isPublicAuthor);
}

/**
 * Ranking order: net result at the unit stake, then return on cost (the same net on a smaller
 * outlay ranks first), then the larger sample, then name (Turkish). Leg hit rate is shown but never
 * ranks: five 5/6 coupons hit most legs and pay nothing.
 */
export function compareRanked(a: Pick<RankedAuthor, 'stats' | 'author'>, b: Pick<RankedAuthor, 'stats' | 'author'>): number {
  return (
    b.stats.net - a.stats.net ||
    (b.stats.returnOnCost ?? -Infinity) - (a.stats.returnOnCost ?? -Infinity) ||
    b.stats.estimates - a.stats.estimates ||
    turkishCollator.compare(a.author.name, b.author.name)
  );
}

export async function rankAuthors(deps: Deps, window: RecordWindow = RANKING_WINDOW): Promise<Ranking> {
  const authors = await staffAuthors(deps);
  const rows: RankedAuthor[] = [];
  for (const user of authors) {
    const estimates = await settledEstimatesOf(deps, user.id);
    if (estimates.length === 0) continue;
    const samples = estimates.map(toSample).filter((s): s is SettledSample => s !== null);
    const record = computeRecord(samples, deps.now(), await declaredResultsOf(deps, user.id));
    const stats = record.windows[window];
    rows.push({
      rank: null,
      author: { id: user.id, name: authorDisplayName(user), avatar: user.avatarUrl },
      stats,
      record,
      profitLine: profitLine(samples, record.asOf, windowFrom(record.asOf, window)),
      note: stats.estimates >= MIN_RANKED_SAMPLE ? null : unrankedNote(stats.estimates, MIN_RANKED_SAMPLE, window),
    });
  }
  const ranked = rows.filter((r) => r.stats.estimates >= MIN_RANKED_SAMPLE).sort(compareRanked);
  ranked.forEach((r, i) => (r.rank = i + 1));
  // Apart, the nearest to the minimum first: their money figures rest on too few tips to order by.
  const unranked = rows
    .filter((r) => r.stats.estimates < MIN_RANKED_SAMPLE)
    .sort((a, b) => b.stats.estimates - a.stats.estimates || turkishCollator.compare(a.author.name, b.author.name));
  return { window, minimumSample: MIN_RANKED_SAMPLE, asOf: computeRecord([], deps.now()).asOf, rule: rankingRule(MIN_RANKED_SAMPLE, window), ranked, unranked };
}

/** An author's profit line over a window (the author page draws it beside the record). */
export async function authorProfitLine(deps: Deps, authorId: string, window: RecordWindow): Promise<ProfitPoint[]> {
  const samples = (await settledEstimatesOf(deps, authorId)).map(toSample).filter((s): s is SettledSample => s !== null);
  const today = computeRecord([], deps.now()).asOf;
  return profitLine(samples, today, windowFrom(today, window));
}

export interface ProofLeg {
  raceId: string;
  raceNumber: number;
  startTime: string;
  /** Horse numbers picked; null when the picks are VIP content this reader may not see. */
  selected: { number: number; name: string }[] | null;
  selectedCount: number;
  winners: number[];
  hit: boolean;
  banko: boolean;
}

export interface EstimateProof {
  id: string;
  title: string;
  raceDate: string;
  location: string;
  hippodrome: string;
  lockAt: Date;
  selectionsHash: string;
  /** The exact text hashed, for the reader to recompute; null while the picks are hidden from this reader. */
  hashedText: string | null;
  picksVisible: boolean;
  article: { id: string; title: string; slug: string; visibility: ArticleRecord['visibility']; published: boolean } | null;
  legs: ProofLeg[];
  legsTotal: number;
  legsHit: number;
  allHit: boolean;
  bankoLegs: number;
  bankoHits: number;
  couponSize: number;
  unitStake: number;
  cost: number;
  payout: number;
  settledAt: Date;
}

export function toProof(estimate: RaceEstimate, article: ArticleRecord | null, visible: boolean): EstimateProof {
  const s = estimate.settlement!;
  const raceOf = new Map(estimate.races.map((r) => [r.id, r]));
  return {
    id: estimate.id,
    title: estimate.title,
    raceDate: estimate.raceData.date,
    location: estimate.raceData.location,
    hippodrome: estimate.raceData.hipodrom,
    lockAt: estimate.lockAt,
    selectionsHash: estimate.selectionsHash,
    hashedText: visible ? selectionsText(estimate.races, estimate.bet) : null,
    picksVisible: visible,
    article: article
      ? { id: article.id, title: article.title, slug: article.slug, visibility: article.visibility, published: article.status === 'published' && !article.isDeleted }
      : null,
    legs: s.legs.map((leg) => {
      const race = raceOf.get(leg.raceId);
      return {
        raceId: leg.raceId,
        raceNumber: leg.raceNumber,
        startTime: race?.startTime ?? '',
        selected: visible ? leg.selected.map((n) => ({ number: n, name: race?.selectedHorses.find((h) => h.number === n)?.name ?? '' })) : null,
        selectedCount: leg.selected.length,
        winners: leg.winners,
        hit: leg.hit,
        banko: leg.banko,
      };
    }),
    legsTotal: s.legsTotal,
    legsHit: s.legsHit,
    allHit: s.allHit,
    bankoLegs: s.bankoLegs,
    bankoHits: s.bankoHits,
    couponSize: s.couponSize,
    unitStake: s.unitStake,
    cost: s.cost,
    payout: s.payout,
    settledAt: s.settledAt,
  };
}

/**
 * One author's settled estimates, newest race first, as proof. Picks are shown when the reader
 * may read the article (or past VIP picks are public by setting); otherwise only the outcome.
 * Null when there is no such public author.
 */
export async function authorProofs(deps: Deps, authorId: string, reader: Reader | null, options: { window?: RecordWindow } = {}) {
  if (!isDocumentId(authorId)) return null;
  const user = await getUser(deps, authorId);
  if (!user || !isPublicAuthor(user)) return null;
  const [estimates, proofEnabled] = await Promise.all([settledEstimatesOf(deps, user.id), vipProofEnabled(deps)]);
  const record = computeRecord(estimates.map(toSample).filter((s): s is SettledSample => s !== null), deps.now());
  const window = options.window ?? 'all';
  const from = windowFrom(record.asOf, window);
  const inWindow = estimates.filter((e) => e.raceData.date >= from && e.raceData.date <= record.asOf);
  const articleIds = [...new Set(inWindow.map((e) => e.articleId))];
  const articles = await getArticlesById(deps, articleIds);
  const now = deps.now();
  const items = inWindow.map((e) => {
    const article = articles.get(e.articleId) ?? null;
    return toProof(e, article, picksReadable(article, e, reader, now, proofEnabled));
  });
  return { author: { id: user.id, name: authorDisplayName(user), avatar: user.avatarUrl }, window, record, items };
}

/** `GET /records/authors/{id}/estimates`: one author's record and proofs. */
export type AuthorProofsView = NonNullable<Awaited<ReturnType<typeof authorProofs>>>;
