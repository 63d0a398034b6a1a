import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import type { ArticleRecord, AttachedEstimateChecks } from '../articles/index.js';
import { parseRaceEstimate, isLocked, type RaceEstimate } from './estimate.js';
import { teaserLeakMessage, teaserLeakProblem } from './teaser-check.js';
import { assertTipNamesDeclared, withRunners } from './tip-horses.js';

/**
 * One definition of a winning tip (docs/records.md). An article with a locked estimate takes its
 * result from the settlement: 'won' when a settled estimate hit every leg, 'lost' when all are
 * settled and none did, undecided until then. Staff may set a result by hand only on an article
 * without a locked estimate; such a result is the author's declaration ("yazar beyanı") and is
 * shown and counted apart from verified ones.
 */

export const RESULT_MESSAGES = {
  settledConflict: (label: string) => `Bu makalenin kilitli tahmini sonuçlandı (${label}). Sonuç elle değiştirilemez; tahminin sonucu geçerlidir.`,
  lockedPending: 'Bu makalenin kilitli tahmini var: sonuç, yarış sonuçları geldiğinde otomatik belirlenir.',
  teaserLeak: teaserLeakMessage,
} as const;

const LABELS = { won: 'Kazandı', lost: 'Kaybetti' } as const;

/**
 * 'won' / 'lost' from the article's coupon, or null while it waits for results (or was void: every
 * line refunded). One coupon decides: the first the article received. Articles from before the
 * one-coupon rule may hold several; counting a win when *any* of them hit would reward hedging
 * (issue 49), so the later ones count in the track record on their own and never make the article a win.
 */
export function settledResult(estimates: Pick<RaceEstimate, 'settlement' | 'createdAt'>[]): 'won' | 'lost' | null {
  const first = [...estimates].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0];
  const settlement = first?.settlement;
  if (!settlement || settlement.void) return null;
  return settlement.allHit ? 'won' : 'lost';
}

export async function estimatesOfArticle(deps: Pick<AppDeps, 'store'>, articleId: string): Promise<RaceEstimate[]> {
  return (await deps.store.collection('raceEstimates').where('articleId', '==', articleId).get()).map(parseRaceEstimate);
}

/**
 * For a hand-set result: refuses one that contradicts a locked estimate (409). Returns the
 * settled result when the choice agrees with it, so the article keeps 'settlement' as its source.
 */
export async function checkHandSetResult(deps: Pick<AppDeps, 'store' | 'now'>, articleId: string, choice: 'won' | 'lost' | 'pending' | null): Promise<'settlement' | 'manual'> {
  const locked = (await estimatesOfArticle(deps, articleId)).filter((e) => isLocked(e, deps.now()));
  if (locked.length === 0) return 'manual';
  const settled = settledResult(locked);
  if (settled === null) {
    if (choice === 'pending' || choice === null) return 'settlement';
    throw new AppError('CONFLICT', RESULT_MESSAGES.lockedPending);
  }
  if (choice !== settled) throw new AppError('CONFLICT', RESULT_MESSAGES.settledConflict(LABELS[settled]));
  return 'settlement';
}

/** Refuses (400) a VIP article whose teaser names a horse selected in one of its active estimates. */
export function assertTeaserKeepsSecrets(article: Pick<ArticleRecord, 'title' | 'subtitle' | 'excerpt' | 'visibility'>, estimates: RaceEstimate[]): void {
  const problem = teaserLeakProblem(article, estimates);
  if (problem) throw new AppError('VALIDATION', problem);
}

/**
 * The checks the articles area runs when staff change an article with estimates: the API passes
 * this in, since articles may not import estimates (they depend on articles).
 */
export const attachedEstimateChecks: AttachedEstimateChecks = {
  async tipText(deps, articleId, text) {
    const estimates = await estimatesOfArticle(deps, articleId);
    assertTeaserKeepsSecrets(text, await withRunners(deps, estimates));
    await assertTipNamesDeclared(deps, text, estimates);
  },
  handSetResultSource: checkHandSetResult,
};
