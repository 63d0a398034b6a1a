import type { AppDeps } from '../../platform/deps.js';
import type { Reader } from '../articles/access.js';
import { parseArticle, type ArticleRecord } from '../articles/article.js';
import { isDocumentId } from '../../ports/document-values.js';
import { authorDisplayName, parseUser, type UserRecord } from '../identity/user.js';
import { turkishCollator } from '../text/turkish.js';
import type { RaceEstimate } from '../estimates/estimate.js';
import { selectionsText } from '../estimates/selections-text.js';
import {
  computeRecord,
  declaredResultsOf,
  MIN_RANKED_SAMPLE,
  RANKING_WINDOW,
  settledEstimatesOf,
  toSample,
  type AuthorRecord,
  type RecordStats,
  type RecordWindow,
  type SettledSample,
  windowStart,
} from './author-record.js';
import { picksReadable, vipProofEnabled } from './vip-proof.js';

/**
 * The record page's data (`/basari-kayitlari`, GET /api/records/*): every author's record in one
 * window, ranked by leg hit rate among those with the minimum sample, and one author's settled
 * estimates as proof (legs, winners, hits, lock time, selections hash).
 */

type Deps = Pick<AppDeps, 'store' | 'now'>;

export interface RankedAuthor {
  /** 1-based place among ranked authors; null below the minimum sample. */
  rank: number | null;
  author: { id: string; name: string; avatar: string | null };
  stats: RecordStats;
  record: AuthorRecord;
}

export interface Ranking {
  window: RecordWindow;
  minimumSample: number;
  asOf: string;
  ranked: RankedAuthor[];
  /** Authors with at least one settled estimate but fewer than the minimum in the window. */
  unranked: RankedAuthor[];
}

function isPublicAuthor(user: UserRecord): boolean {
  return (user.role === 'author' || user.role === 'admin') && !user.isDeleted && user.status === 'active';
}

async function staffAuthors(deps: Deps): Promise<UserRecord[]> {
  const docs = await deps.store.collection('users').where('role', 'in', ['author', 'admin']).get();
  return docs.map(parseUser).filter(isPublicAuthor);
}

/** Ranking order: leg hit rate, then the larger sample, then 6/6 count, then name (Turkish). */
export function compareRanked(a: Pick<RankedAuthor, 'stats' | 'author'>, b: Pick<RankedAuthor, 'stats' | 'author'>): number {
  return (
    (b.stats.legHitRate ?? -1) - (a.stats.legHitRate ?? -1) ||
    b.stats.estimates - a.stats.estimates ||
    b.stats.sixOfSix - a.stats.sixOfSix ||
    turkishCollator.compare(a.author.name, b.author.name)
  );
}

export async function rankAuthors(deps: Deps, window: RecordWindow = RANKING_WINDOW): Promise<Ranking> {
  const authors = await staffAuthors(deps);
  const rows: RankedAuthor[] = [];
  for (const user of authors) {
    const estimates = await settledEstimatesOf(deps, user.id);
    if (estimates.length === 0) continue;
    const record = computeRecord(estimates.map(toSample).filter((s): s is SettledSample => s !== null), deps.now(), await declaredResultsOf(deps, user.id));
    rows.push({ rank: null, author: { id: user.id, name: authorDisplayName(user), avatar: user.avatarUrl }, stats: record.windows[window], record });
  }
  const ranked = rows.filter((r) => r.stats.estimates >= MIN_RANKED_SAMPLE).sort(compareRanked);
  ranked.forEach((r, i) => (r.rank = i + 1));
  const unranked = rows.filter((r) => r.stats.estimates < MIN_RANKED_SAMPLE).sort(compareRanked);
  return { window, minimumSample: MIN_RANKED_SAMPLE, asOf: computeRecord([], deps.now()).asOf, ranked, unranked };
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
  const raw = await deps.store.get('users', authorId);
  const user = raw ? parseUser(raw) : null;
  if (!user || !isPublicAuthor(user)) return null;
  const [estimates, proofEnabled] = await Promise.all([settledEstimatesOf(deps, user.id), vipProofEnabled(deps)]);
  const record = computeRecord(estimates.map(toSample).filter((s): s is SettledSample => s !== null), deps.now());
  const window = options.window ?? 'all';
  const from = window === 'all' ? '' : windowStart(record.asOf, Number(window));
  const inWindow = estimates.filter((e) => e.raceData.date >= from && e.raceData.date <= record.asOf);
  const articleIds = [...new Set(inWindow.map((e) => e.articleId))];
  const articles = new Map<string, ArticleRecord>();
  for (let i = 0; i < articleIds.length; i += 100) {
    (await deps.store.getAll('articles', articleIds.slice(i, i + 100))).forEach((doc) => doc && articles.set(doc.id, parseArticle(doc)));
  }
  const now = deps.now();
  const items = inWindow.map((e) => {
    const article = articles.get(e.articleId) ?? null;
    return toProof(e, article, picksReadable(article, e, reader, now, proofEnabled));
  });
  return { author: { id: user.id, name: authorDisplayName(user), avatar: user.avatarUrl }, window, record, items };
}

/** `GET /records/authors/{id}/estimates`: one author's record and proofs. */
export type AuthorProofsView = NonNullable<Awaited<ReturnType<typeof authorProofs>>>;
