import type { ArticleRecord } from '../../../functions/src/domain/articles/article';

/** An article as the staff API returns it (dates arrive as ISO strings). */
export type StaffArticle = Omit<ArticleRecord, 'publishedAt' | 'scheduledAt' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'searchTokens'> & {
  publishedAt: string | null;
  scheduledAt: string | null;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  author: { id: string; displayName: string; isVerified: boolean };
};

export interface ArticleStats {
  total: number;
  published: number;
  draft: number;
  archived: number;
  scheduled: number;
  inReview: number;
  featured: number;
  deleted: number;
}
