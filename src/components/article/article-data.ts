/**
 * Build-time data of the article pages. The one rule that matters here: a protected article
 * (premium, private, members-only) is turned into its detail view AS SEEN BY A VISITOR, so its
 * body, audio, video and race estimates never reach a built file. The canary test checks it.
 */
import { listArticleRaceEstimates } from '../../../functions/src/domain/articles/race-estimates.js';
import { canReadBody, listPublishedArticleRecords, toArticleDetail } from '../../../functions/src/domain/articles/public-view.js';
import { authorRecord, type AuthorRecord } from '../../../functions/src/domain/records/author-record.js';
import { buildDeps } from '../../lib/build-data';
import { toWire } from '../../../functions/src/platform/wire';
import type { RaceEstimate } from '../../islands/article/types';
import type { DetailData } from '../../islands/article/ArticleView';

export interface ArticlePageProps {
  article: DetailData;
  record: AuthorRecord | null;
  /** Public articles only; protected ones load theirs through the API with the reader's token. */
  estimates: RaceEstimate[] | null;
}

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
      const estimates = open && record.hasRaceEstimate ? toWire(await listArticleRaceEstimates(deps, record.id)) : null;
      pages.push({ slug: record.slug || record.id, props: { article, record: await records.get(record.authorId)!, estimates } });
    }
    if (batch.length < BATCH) break;
  }
  return pages;
}
