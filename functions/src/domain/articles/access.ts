import { AppError } from '../../platform/errors.js';
import { hasActiveVip, type UserRecord } from '../identity/index.js';
import type { ArticleRecord } from './article.js';

/** The part of a caller the body rule needs; the API's `Viewer` fits it. */
export interface Reader {
  user: Pick<UserRecord, 'id' | 'role' | 'vip'>;
}

/** Why a body is withheld: 'login' sends a visitor to /giris, 'vip' to /vip-uyari (spec 000 §2.12). */
export type LockReason = 'login' | 'vip';

/**
 * Who may read an article's body (spec 000 §2.12, §6), enforced by the API and the static build:
 *
 * | visibility   | visitor | member | active VIP | expired VIP | author          | admin |
 * | public       | yes     | yes    | yes        | yes         | yes             | yes   |
 * | members-only | no      | yes    | yes        | yes         | yes             | yes   |
 * | premium      | no      | no     | yes        | no          | own articles    | yes   |
 * | private      | no      | no     | yes        | no          | own articles    | yes   |
 *
 * Staff are non-VIP in the public area (spec 000 §4.1), but an author must be able to proofread
 * what they wrote and an admin answers for everything published, so both keep reading access;
 * another author's premium piece stays closed to an author, as it is to any non-VIP.
 */
export function bodyLockReason(article: Pick<ArticleRecord, 'visibility' | 'authorId'>, reader: Reader | null, now: Date): LockReason | null {
  if (article.visibility === 'public') return null;
  if (!reader) return 'login';
  if (reader.user.role === 'admin') return null;
  if (article.visibility === 'members-only') return null;
  if (reader.user.role === 'author' && reader.user.id === article.authorId) return null;
  return hasActiveVip(reader.user, now) ? null : 'vip';
}

export function canReadBody(article: Pick<ArticleRecord, 'visibility' | 'authorId'>, reader: Reader | null, now: Date): boolean {
  return bodyLockReason(article, reader, now) === null;
}

/** Paid parts (comments, race estimates) answer like the body: 401 to visitors, 403 to non-VIPs. */
export function assertCanRead(article: Pick<ArticleRecord, 'visibility' | 'authorId'>, reader: Reader | null, now: Date): void {
  const reason = bodyLockReason(article, reader, now);
  if (reason === 'login') throw new AppError('UNAUTHORIZED', 'Bu içeriği görmek için giriş yapmalısınız.');
  if (reason === 'vip') throw new AppError('FORBIDDEN', 'Bu içerik yalnızca VIP üyelere açıktır.');
}
