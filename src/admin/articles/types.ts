import type { StaffArticle as StaffArticleView } from '../../../functions/src/domain/articles/write-access';
import type { Wire } from '@shared/wire';

export type { ArticleStats } from '../../../functions/src/domain/articles/write-listing';

/** An article as the staff API returns it. */
export type StaffArticle = Wire<StaffArticleView>;
