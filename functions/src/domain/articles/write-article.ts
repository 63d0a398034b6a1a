import type { Actor } from '../../platform/actor.js';
import type { Transaction } from '../../ports/document-store.js';
import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { STAFF_ROLES, getUser } from '../identity/index.js';
import { slugify } from '../text/index.js';
import { parseArticle, type ArticleRecord } from './article.js';
import type { AttachedEstimateChecks } from './attached-estimates.js';
import { buildArticleDocument, deriveArticleFields } from './derive-fields.js';
import { assertMayFeature, isAdmin, loadForChange, rebuildIfPublic, saveChanges, type ArticleAction } from './write-access.js';
import { ARTICLE_WRITE_MESSAGES as M, type ArticleCreateInput, type ArticleUpdateInput, type RaceResultChoice } from './write-schema.js';

/**
 * Staff writes to `articles` (spec 002 §2 article management). Every service checks the role
 * rules of §6 itself, keeps the derived fields (sanitized body, read time, search tokens, slug)
 * in step, and asks for a site rebuild when readers could see the change.
 */

/** The author an article is written under: authors only themselves, admins any active staff member. */
async function resolveAuthorId(deps: AppDeps, actor: Actor, authorId: string): Promise<string> {
  if (!isAdmin(actor)) {
    if (authorId !== actor.user.id) throw new AppError('FORBIDDEN', M.authorSelfOnly);
    return authorId;
  }
  const user = await getUser(deps, authorId);
  if (!user || user.isDeleted || !STAFF_ROLES.includes(user.role)) throw new AppError('VALIDATION', M.authorUnknown);
  return authorId;
}

/**
 * A slug no other article holds: the title's slug, then -2, -3 ... Checked inside the
 * transaction that writes the article, so two saves of the same title cannot both win it.
 */
async function uniqueSlug(tx: Transaction, deps: AppDeps, title: string, ownId: string): Promise<string> {
  const base = slugify(title) || 'makale';
  for (let n = 1; n < 200; n += 1) {
    const candidate = n === 1 ? base : `${base.slice(0, 74)}-${n}`;
    const holders = await tx.query(deps.store.collection('articles').where('slug', '==', candidate).limit(2));
    if (holders.every((h) => h.id === ownId)) return candidate;
  }
  return `${base.slice(0, 60)}-${ownId.slice(0, 12).toLowerCase()}`;
}

/**
 * The publish time an article keeps after a write: a scheduled article needs one that is still
 * ahead (checked against the server clock, so a form left open cannot schedule into the past);
 * any other status has none.
 */
function scheduleOf(status: ArticleRecord['status'], scheduledAt: Date | null | undefined, now: Date, checkFuture: boolean): Date | null {
  if (status !== 'scheduled') return null;
  if (!scheduledAt) throw new AppError('VALIDATION', M.scheduleRequired);
  if (checkFuture && scheduledAt.getTime() <= now.getTime()) throw new AppError('VALIDATION', M.scheduleInPast);
  return scheduledAt;
}

export async function createArticle(deps: AppDeps, actor: Actor, input: ArticleCreateInput): Promise<ArticleRecord> {
  if (input.isFeatured) assertMayFeature(actor);
  const authorId = await resolveAuthorId(deps, actor, input.authorId);
  const id = deps.store.newId();
  const now = deps.now();
  const scheduledAt = scheduleOf(input.status, input.scheduledAt, now, true);
  const article = await deps.store.runTransaction(async (tx) => {
    const slug = await uniqueSlug(tx, deps, input.title, id);
    const doc = buildArticleDocument({ ...input, scheduledAt, subtitle: input.subtitle ?? null, authorId, slug }, now);
    tx.create('articles', id, doc);
    return { id, ...doc } as ArticleRecord;
  });
  rebuildIfPublic(deps, null, article, `article created: ${article.slug}`);
  return article;
}

/** Which permission message applies to an update: a bare status change is a publish or an archive. */
function actionOf(input: ArticleUpdateInput): ArticleAction {
  const keys = Object.keys(input).filter((k) => k !== 'status');
  if (keys.length === 0 && input.status === 'published') return 'publish';
  if (keys.length === 0 && input.status === 'archived') return 'archive';
  return 'edit';
}

/** The article's text once `input` is applied (a null subtitle clears it). */
function textAfter(input: ArticleUpdateInput, base: ArticleRecord): Pick<ArticleRecord, 'title' | 'subtitle' | 'excerpt' | 'content'> {
  return {
    title: input.title ?? base.title,
    subtitle: input.subtitle !== undefined ? input.subtitle : base.subtitle,
    excerpt: input.excerpt ?? base.excerpt,
    content: input.content ?? base.content,
  };
}

export async function updateArticle(deps: AppDeps, actor: Actor, id: string, input: ArticleUpdateInput, checks: AttachedEstimateChecks): Promise<ArticleRecord> {
  const current = await loadForChange(deps, actor, id, actionOf(input));
  if (current.hasRaceEstimate) {
    await checks.tipText(deps, id, { ...textAfter(input, current), visibility: input.visibility ?? current.visibility });
  }
  const onlyFeature = Object.keys(input).length === 1 && input.isFeatured !== undefined;
  // A bare feature request is the feature action itself, even when it changes nothing: an author
  // must not be told an article was featured.
  if (input.isFeatured !== undefined && (input.isFeatured !== current.isFeatured || onlyFeature)) assertMayFeature(actor);
  if (onlyFeature && input.isFeatured === current.isFeatured) throw new AppError('CONFLICT', input.isFeatured ? M.alreadyFeatured : M.notFeatured);
  const authorId = input.authorId !== undefined && input.authorId !== current.authorId ? await resolveAuthorId(deps, actor, input.authorId) : current.authorId;

  const { before, after } = await deps.store.runTransaction(async (tx) => {
    const raw = await tx.get('articles', id);
    if (!raw) throw new AppError('NOT_FOUND', M.notFound);
    const before = parseArticle(raw);
    const now = deps.now();
    const merged = { ...textAfter(input, before), tags: input.tags ?? before.tags };
    const status = input.status ?? before.status;
    const scheduleTouched = input.status !== undefined || input.scheduledAt !== undefined;
    const scheduledAt = scheduleOf(status, input.scheduledAt !== undefined ? input.scheduledAt : before.scheduledAt, now, scheduleTouched);
    const changes: Record<string, unknown> = { ...input, authorId, subtitle: merged.subtitle, scheduledAt, updatedAt: now };
    if (input.title !== undefined || input.subtitle !== undefined || input.excerpt !== undefined || input.content !== undefined || input.tags !== undefined) {
      Object.assign(changes, deriveArticleFields(merged));
    }
    if (input.title !== undefined && input.title !== before.title) changes.slug = await uniqueSlug(tx, deps, input.title, id);
    // publishedAt marks the first publication; later unpublish/republish keeps the original date.
    if (input.status === 'published' && before.publishedAt === null) changes.publishedAt = now;
    const after = parseArticle({ ...before, ...changes });
    tx.update('articles', id, changes);
    return { before, after };
  });
  rebuildIfPublic(deps, before, after, `article updated: ${after.slug}`);
  return after;
}

/**
 * Publishes a scheduled article whose time has come (the publish job's one write). Decided inside
 * the transaction from the stored state, so two runs at once, or a run after staff changed the
 * article, publish it at most once and never override what staff did meanwhile.
 */
export async function publishScheduledArticle(deps: AppDeps, id: string): Promise<ArticleRecord | null> {
  const result = await deps.store.runTransaction(async (tx) => {
    const raw = await tx.get('articles', id);
    if (!raw) return null;
    const before = parseArticle(raw);
    const now = deps.now();
    if (before.status !== 'scheduled' || before.isDeleted || !before.scheduledAt || before.scheduledAt.getTime() > now.getTime()) return null;
    const changes = { status: 'published' as const, scheduledAt: null, publishedAt: before.publishedAt ?? now, updatedAt: now };
    tx.update('articles', id, changes);
    return { before, after: parseArticle({ ...before, ...changes }) };
  });
  if (!result) return null;
  rebuildIfPublic(deps, result.before, result.after, `scheduled article published: ${result.after.slug}`);
  return result.after;
}

/** Published goes back to draft; anything else is published. */
export async function togglePublish(deps: AppDeps, actor: Actor, id: string, checks: AttachedEstimateChecks): Promise<ArticleRecord> {
  const current = await loadForChange(deps, actor, id, 'publish');
  if (current.isDeleted) throw new AppError('NOT_FOUND', M.notFound);
  return updateArticle(deps, actor, id, { status: current.status === 'published' ? 'draft' : 'published' }, checks);
}

export async function setRaceResult(deps: AppDeps, actor: Actor, id: string, choice: RaceResultChoice, checks: AttachedEstimateChecks): Promise<ArticleRecord> {
  const current = await loadForChange(deps, actor, id, 'raceResult');
  const raceResult = choice === 'cleared' ? null : choice;
  // A locked estimate decides the result; a hand-set one is only the author's declaration.
  const source = await checks.handSetResultSource(deps, id, raceResult);
  const declared = raceResult === 'won' || raceResult === 'lost' ? source : null;
  // The author's public record (won / lost) is computed from these results: the rebuild shows it.
  return saveChanges(deps, current, { raceResult, raceResultSource: declared, updatedAt: deps.now() }, 'race result');
}

/** Soft delete: the article leaves every list and the site, and can be restored. */
export async function deleteArticle(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  const current = await loadForChange(deps, actor, id, 'delete');
  if (current.isDeleted) return;
  const now = deps.now();
  await deps.store.update('articles', id, { isDeleted: true, deletedAt: now, updatedAt: now });
  rebuildIfPublic(deps, current, null, `article deleted: ${current.slug}`);
}

export async function restoreArticle(deps: AppDeps, actor: Actor, id: string): Promise<ArticleRecord> {
  const current = await loadForChange(deps, actor, id, 'restore');
  if (!current.isDeleted) throw new AppError('CONFLICT', M.notDeleted);
  // A deleted article is listed nowhere, so only the restored one can call for a rebuild.
  return saveChanges(deps, current, { isDeleted: false, deletedAt: null, updatedAt: deps.now() }, 'article restored');
}

/**
 * Removes the article for good, with its likes. Its comments are the comments area's: the API
 * route removes them right after (comments depend on articles, not the other way round).
 */
export async function permanentlyDeleteArticle(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  const current = await loadForChange(deps, actor, id, 'delete');
  const likes = await deps.store.collection('articleLikes').where('articleId', '==', id).get();
  // Firestore batches hold at most 500 writes.
  for (let i = 0; i < likes.length; i += 450) {
    const batch = deps.store.batch();
    for (const like of likes.slice(i, i + 450)) batch.delete('articleLikes', like.id);
    await batch.commit();
  }
  await deps.store.delete('articles', id);
  rebuildIfPublic(deps, current, null, `article removed: ${current.slug}`);
}
