import type { AppDeps } from '../../platform/deps.js';
import { canReadBody, type Reader, type ArticleRecord } from '../articles/index.js';
import { listArticleRaceEstimates, type RaceEstimate } from '../estimates/index.js';
import { findGeneralSetting, VIP_PROOF_SETTING } from '../membership/index.js';
import { foldTurkish } from '../text/index.js';

/**
 * Past VIP picks as public proof (issue 8). With the general setting
 * `vip_estimates_public_after_races` switched on, the estimates of a premium/private article
 * become readable by everyone once all their races are over (settled: every result is in).
 * Only the estimate opens up; the article body keeps its own access rule. Off by default: no
 * setting document, an inactive one, or content that does not say yes.
 */

const YES = new Set(['1', 'true', 'evet', 'acik', 'on', 'aktif']);

export async function vipProofEnabled(deps: Pick<AppDeps, 'store'>): Promise<boolean> {
  const setting = await findGeneralSetting(deps, VIP_PROOF_SETTING);
  if (!setting) return false;
  return setting.isActive && YES.has(foldTurkish(setting.content.trim()));
}

const VIP_VISIBILITIES: readonly ArticleRecord['visibility'][] = ['premium', 'private'];

/** True when the estimate's picks may be shown to this reader (the record page, the article). */
export function picksReadable(
  article: Pick<ArticleRecord, 'visibility' | 'authorId'> | null,
  estimate: Pick<RaceEstimate, 'settlement'>,
  reader: Reader | null,
  now: Date,
  proofEnabled: boolean,
): boolean {
  // An estimate whose article is gone is judged as a VIP one: nobody can check what it was.
  const visibility = article?.visibility ?? 'private';
  if (article && canReadBody(article, reader, now)) return true;
  return proofEnabled && VIP_VISIBILITIES.includes(visibility) && estimate.settlement !== null;
}

/**
 * The estimates a reader who may NOT read the article's body still gets: the settled ones of a
 * VIP article while the setting is on. Null means "no exception applies": the caller then
 * enforces the body rule as usual (401/403).
 */
export async function publicProofEstimates(deps: Pick<AppDeps, 'store'>, article: ArticleRecord, reader: Reader | null, now: Date) {
  if (canReadBody(article, reader, now) || !VIP_VISIBILITIES.includes(article.visibility)) return null;
  if (!(await vipProofEnabled(deps))) return null;
  const settled = (await listArticleRaceEstimates(deps, article.id)).filter((e) => e.settlement !== null);
  return settled.length > 0 ? settled : null;
}
