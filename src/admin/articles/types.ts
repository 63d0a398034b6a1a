import type { ArticleRecord } from '../../../functions/src/domain/articles/article';

/** An article as the staff API returns it (dates arrive as ISO strings). */
export type StaffArticle = Omit<ArticleRecord, 'publishedAt' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'searchTokens'> & {
  publishedAt: string | null;
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

const dateFormat = new Intl.DateTimeFormat('tr-TR', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Europe/Istanbul' });
export function formatDate(iso: string | null): string {
  return iso ? dateFormat.format(new Date(iso)) : '—';
}
export const numberFormat = new Intl.NumberFormat('tr-TR');

/** "1-10 / 24" range text of a page. */
export function rangeText(page: number, limit: number, total: number): string {
  if (total === 0) return '0 kayıt';
  const from = (page - 1) * limit + 1;
  const to = Math.min(page * limit, total);
  return `${total} kayıttan ${from}-${to} arası gösteriliyor`;
}
