/**
 * Build-time data of /basari-kayitlari: the ranking and each author's proofs AS A VISITOR SEES
 * THEM (reader null), so VIP picks reach the built file only when the public-proof setting allows.
 */
import { RANKING_WINDOW } from '../../../functions/src/domain/records/author-record.js';
import { authorProfitLine, authorProofs, rankAuthors, type EstimateProof, type RankedAuthor } from '../../../functions/src/domain/records/records.js';
import { buildDeps } from '../../lib/build-data';

export interface RecordRow extends RankedAuthor {
  proofs: EstimateProof[];
}

export async function recordPage() {
  const deps = await buildDeps();
  const ranking = await rankAuthors(deps, RANKING_WINDOW);
  const withProofs = async (row: RankedAuthor): Promise<RecordRow> => ({ ...row, proofs: (await authorProofs(deps, row.author.id, null, { window: RANKING_WINDOW }))?.items ?? [] });
  return {
    ...ranking,
    ranked: await Promise.all(ranking.ranked.map(withProofs)),
    unranked: await Promise.all(ranking.unranked.map(withProofs)),
  };
}

/** The author page's all-time profit line (the record table beside it has every window). */
export async function authorPageLine(authorId: string) {
  return authorProfitLine(await buildDeps(), authorId, 'all');
}
