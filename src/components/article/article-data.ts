/**
 * Build-time data of the article pages. The one rule that matters here: a protected article
 * (premium, private, members-only) is turned into its detail view AS SEEN BY A VISITOR, so its
 * body, audio, video and race estimates never reach a built file. The canary test checks it.
 */
import { listArticleRaceEstimates } from '../../../functions/src/domain/estimates/race-estimates.js';
import { canReadBody, listPublishedArticleRecords, toArticleDetail } from '../../../functions/src/domain/articles/public-view.js';
import { authorRecord, type AuthorRecord } from '../../../functions/src/domain/records/author-record.js';
import { buildDeps } from '../../lib/build-data';
import { toWire } from '@shared/wire';
import type { RaceEstimate } from '../../islands/article/types';
import type { DetailData } from '../../islands/article/ArticleView';

/**
 * What a VIP article's coupon shows to someone who may not read it (issue 50): the races and the
 * lock time, never a selected horse. Built into the page's wall, so a reader knows what is behind it.
 */
export interface CouponTeaser {
  title: string;
  hipodrom: string;
  /** ISO: when the coupon was locked (or locks), before the first race. */
  lockAt: string;
  races: { raceNumber: number; startTime: string; title: string; distance: number; surface: string; totalHorses: number }[];
}

export interface ArticlePageProps {
  article: DetailData;
  record: AuthorRecord | null;
  /** Public articles only; protected ones load theirs through the API with the reader's token. */
  estimates: RaceEstimate[] | null;
  /** VIP (premium, private) articles only: the public part of their coupons. */
  teasers: CouponTeaser[] | null;
}

const VIP_VISIBILITIES = new Set(['premium', 'private']);

const BATCH = 500;

/** Every published article as a static page, read in batches so a large store stays bounded. */
export async function articlePages(): Promise<{ slug: string; props: ArticlePageProps }[]> {
  const deps = await buildDeps();
  const now = deps.now();
  const records = new Map<string, Promise<AuthorRecord>>();
  const pages: { slug: string; props: ArticlePageProps }[] = [];
  for (let page = 1; ; page += 1) {
    const { records: batch } = await listPublishedArticleRecords(deps, { page, limit: BATCH });
    for (const record of batch) {
      const open = canReadBody(record, null, now);
      const article = await toArticleDetail(deps, record, { includeBody: open });
      if (!records.has(record.authorId)) records.set(record.authorId, authorRecord(deps, record.authorId));
      const all = record.hasRaceEstimate && (open || VIP_VISIBILITIES.has(record.visibility)) ? await listArticleRaceEstimates(deps, record.id) : null;
      const estimates = open && all ? toWire(all) : null;
      // Field by field, so nothing of the selections can slip into the built page.
      const teasers: CouponTeaser[] | null =
        !open && all
          ? all.map((e) => ({
              title: e.title,
              hipodrom: e.raceData.hipodrom,
              lockAt: e.lockAt.toISOString(),
              races: e.races.map((r) => ({ raceNumber: r.raceNumber, startTime: r.startTime, title: r.title, distance: r.distance, surface: r.surface, totalHorses: r.totalHorses })),
            }))
          : null;
      pages.push({ slug: record.slug || record.id, props: { article, record: await records.get(record.authorId)!, estimates, teasers } });
    }
    if (batch.length < BATCH) break;
  }
  return pages;
}
