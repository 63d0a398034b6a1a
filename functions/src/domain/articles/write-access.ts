import type { Actor } from '../../platform/actor.js';
import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { authorDisplayName, getUsersById } from '../identity/index.js';
import { isDocumentId } from '../../ports/document-values.js';
import { isPubliclyListed, parseArticle, type ArticleRecord } from './article.js';
import { ARTICLE_WRITE_MESSAGES as M } from './write-schema.js';

/**
 * Who may do what to an article in the staff panel (spec 002 §6): admins everything, authors
 * only their own articles and never the feature flag. The API calls these before every change,
 * whatever the panel shows.
 */

export type ArticleAction = 'edit' | 'delete' | 'publish' | 'archive' | 'raceResult' | 'restore';

const FORBIDDEN: Record<ArticleAction, string> = {
  edit: M.forbiddenEdit,
  delete: M.forbiddenDelete,
  publish: M.forbiddenPublish,
  archive: M.forbiddenArchive,
  raceResult: M.forbiddenRaceResult,
  restore: M.forbiddenRestore,
};

export function isAdmin(actor: Actor): boolean {
  return actor.user.role === 'admin';
}

export function assertMayChange(actor: Actor, article: Pick<ArticleRecord, 'authorId'>, action: ArticleAction): void {
  if (isAdmin(actor)) return;
  if (actor.user.role !== 'author' || article.authorId !== actor.user.id) throw new AppError('FORBIDDEN', FORBIDDEN[action]);
}

export function assertMayFeature(actor: Actor): void {
  if (!isAdmin(actor)) throw new AppError('FORBIDDEN', M.forbiddenFeature);
}

/** The article by id (deleted ones included), or the spec's 404. */
export async function loadArticle(deps: Pick<AppDeps, 'store'>, id: string): Promise<ArticleRecord> {
  const raw = isDocumentId(id) ? await deps.store.get('articles', id) : null;
  if (!raw) throw new AppError('NOT_FOUND', M.notFound);
  return parseArticle(raw);
}

/** The article an actor wants to change, once the action is theirs: not found (404) is said before forbidden (403). */
export async function loadForChange(deps: Pick<AppDeps, 'store'>, actor: Actor, id: string, action: ArticleAction): Promise<ArticleRecord> {
  const current = await loadArticle(deps, id);
  assertMayChange(actor, current, action);
  return current;
}

/** Writes a change made outside a transaction and returns the article as now stored; `reason` names the rebuild. */
export async function saveChanges(deps: Pick<AppDeps, 'store' | 'requestRebuild'>, current: ArticleRecord, changes: Partial<ArticleRecord>, reason: string): Promise<ArticleRecord> {
  await deps.store.update('articles', current.id, changes);
  const after = parseArticle({ ...current, ...changes });
  rebuildIfPublic(deps, current, after, `${reason}: ${after.slug}`);
  return after;
}

/** Rebuild the static site when readers could see the article before or after the change. */
export function rebuildIfPublic(deps: Pick<AppDeps, 'requestRebuild'>, before: ArticleRecord | null, after: ArticleRecord | null, reason: string): void {
  if ((before && isPubliclyListed(before)) || (after && isPubliclyListed(after))) deps.requestRebuild(reason);
}

/** An article as the panel shows it: everything staff wrote, plus the author's name. */
export interface StaffArticle extends Omit<ArticleRecord, 'searchTokens'> {
  author: { id: string; displayName: string; isVerified: boolean };
}

/** One article as the staff screens show it. */
export async function toStaffArticle(deps: Pick<AppDeps, 'store'>, article: ArticleRecord): Promise<StaffArticle> {
  const [view] = await toStaffArticles(deps, [article]);
  // One article in, one view out: the answer's type says the view is there.
  if (!view) throw new Error('toStaffArticles returned no view for one article');
  return view;
}

export async function toStaffArticles(deps: Pick<AppDeps, 'store'>, articles: ArticleRecord[]): Promise<StaffArticle[]> {
  const users = await getUsersById(deps, articles.map((a) => a.authorId));
  const names = new Map<string, string>();
  users.forEach((u, id) => {
    names.set(id, authorDisplayName(u));
  });
  return articles.map(({ searchTokens: _tokens, ...article }) => ({
    ...article,
    author: { id: article.authorId, displayName: names.get(article.authorId) ?? 'Silinmiş yazar', isVerified: names.has(article.authorId) },
  }));
}
