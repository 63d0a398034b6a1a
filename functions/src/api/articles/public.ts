import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { AUDIENCES, CATEGORIES, RACE_RESULTS, type ArticleRecord, assertCanRead, ARTICLE_NOT_FOUND, hasLikedArticle, recordArticleView, toggleArticleLike, viewerKey, articleDetailFor, getPublishedArticle, listCategories, listPublishedArticles, type ListOptions, type ReaderArticleView } from '../../domain/articles/index.js';
import { listArticleRaceEstimates } from '../../domain/estimates/index.js';
import { publicProofEstimates } from '../../domain/records/index.js';
import { AppError } from '../../platform/errors.js';
import { optionalViewer, requireViewer } from '../http/auth-context.js';
import { clientAddress } from '../http/client-address.js';
import type { ApiEnv } from '../http/env.js';
import { ok, pagination } from '../http/respond.js';
import { pageQuery, parseQuery, queryBool } from '../http/validation.js';

/** Public article reads and reader actions (spec 000 §7.2). Staff writes live in admin-articles.ts. */

const MAX_LIMIT = 50;
const category = z.enum(CATEGORIES, { error: 'Geçersiz kategori.' });
const audience = z.enum(AUDIENCES, { error: 'Geçersiz hitap değeri.' });
const raceResult = z.enum(RACE_RESULTS, { error: 'Geçersiz yarış sonucu.' });
const searchText = z.string().trim().min(2, 'Arama en az 2 karakter olmalıdır.').max(100, 'Arama en fazla 100 karakter olabilir.');

const listQuerySchema = z
  .strictObject({
    ...pageQuery(20, MAX_LIMIT),
    category: category.optional(),
    hitap: audience.optional(),
    audience: audience.optional(),
    search: searchText.optional(),
    status: z.literal('published', { error: 'Yalnızca yayımlanmış makaleler listelenebilir.' }).optional(),
    raceResult: raceResult.optional(),
    authorId: z.string().min(1).max(200).optional(),
    featured: queryBool.optional(),
    sort: z.enum(['newest', 'popular'], { error: 'Geçersiz sıralama.' }).optional(),
    includeDeleted: z.literal('false', { error: 'Silinmiş makaleler yalnızca yönetim panelinden görüntülenebilir.' }).optional(),
  })
  .refine((q) => !(q.hitap && q.audience && q.hitap !== q.audience), { message: 'hitap ve audience farklı olamaz.' });

const limitOnly = (fallback: number) => z.strictObject({ limit: pageQuery(fallback, MAX_LIMIT).limit });
const pagedOnly = (fallback: number) => z.strictObject(pageQuery(fallback, MAX_LIMIT));
const searchQuerySchema = z.strictObject({
  q: z.string({ error: 'Arama metni zorunludur.' }).pipe(searchText),
  ...pageQuery(5, MAX_LIMIT),
  category: category.optional(),
});

async function listing(c: Context<ApiEnv>, options: ListOptions) {
  const { items, total } = await listPublishedArticles(c.get('deps'), options);
  return ok(c, items, { pagination: pagination(options.page, options.limit, total) });
}

/** The article for an action, or the spec's 404. */
async function findArticle(c: Context<ApiEnv>, idOrSlug: string, prefer: 'id' | 'slug' = 'id'): Promise<ArticleRecord> {
  const article = await getPublishedArticle(c.get('deps'), idOrSlug, prefer);
  if (!article) throw new AppError('NOT_FOUND', ARTICLE_NOT_FOUND);
  return article;
}

async function detail(c: Context<ApiEnv>, idOrSlug: string, prefer: 'id' | 'slug') {
  const deps = c.get('deps');
  const article = await findArticle(c, idOrSlug, prefer);
  const viewer = optionalViewer(c);
  const view = await articleDetailFor(deps, article, viewer, deps.now());
  const liked = viewer ? await hasLikedArticle(deps, article.id, viewer.user.id) : false;
  return ok<ReaderArticleView>(c, { ...view, liked });
}

export const articleRoutes = new Hono<ApiEnv>()
  .get('/', (c) => {
    const q = parseQuery(c, listQuerySchema);
    return listing(c, {
      page: q.page,
      limit: q.limit,
      category: q.category,
      audience: q.hitap ?? q.audience,
      search: q.search,
      raceResult: q.raceResult,
      authorId: q.authorId,
      featured: q.featured,
      sort: q.sort,
    });
  })
  .get('/featured', (c) => {
    const q = parseQuery(c, limitOnly(6));
    return listing(c, { featured: true, page: 1, limit: q.limit });
  })
  .get('/latest', (c) => listing(c, { page: 1, limit: parseQuery(c, limitOnly(10)).limit }))
  .get('/popular', (c) => listing(c, { page: 1, limit: parseQuery(c, limitOnly(10)).limit, sort: 'popular' }))
  .get('/categories', async (c) => {
    parseQuery(c, z.strictObject({}));
    return ok(c, await listCategories(c.get('deps')));
  })
  .get('/search', (c) => {
    const q = parseQuery(c, searchQuerySchema);
    return listing(c, { search: q.q, category: q.category, page: q.page, limit: q.limit });
  })
  .get('/category/:category', (c) => {
    const parsed = category.safeParse(c.req.param('category'));
    if (!parsed.success) throw new AppError('VALIDATION', 'Geçersiz kategori.');
    const q = parseQuery(c, pagedOnly(20));
    return listing(c, { category: parsed.data, page: q.page, limit: q.limit });
  })
  .get('/author/:authorId', (c) => {
    const q = parseQuery(c, pagedOnly(20));
    return listing(c, { authorId: c.req.param('authorId'), page: q.page, limit: q.limit });
  })
  .get('/slug/:slug', (c) => {
    parseQuery(c, z.strictObject({}));
    return detail(c, c.req.param('slug'), 'slug');
  })
  .get('/:id/race-estimates', async (c) => {
    const article = await findArticle(c, c.req.param('id'));
    // Past VIP picks may be public proof by setting (domain/records/vip-proof.ts); the body stays gated.
    const proof = await publicProofEstimates(c.get('deps'), article, optionalViewer(c), c.get('deps').now());
    if (proof) return ok(c, proof);
    assertCanRead(article, optionalViewer(c), c.get('deps').now());
    return ok(c, await listArticleRaceEstimates(c.get('deps'), article.id));
  })
  .get('/:id', (c) => {
    parseQuery(c, z.strictObject({}));
    // The spec's rule (§2.12: a non-numeric identifier is a slug first) holds for the reader's detail.
    return detail(c, c.req.param('id'), 'slug');
  })
  .post('/:id/like', async (c) => {
    const viewer = requireViewer(c);
    const article = await findArticle(c, c.req.param('id'));
    return ok(c, await toggleArticleLike(c.get('deps'), { articleId: article.id, userId: viewer.user.id }));
  })
  .post('/:id/view', async (c) => {
    const article = await findArticle(c, c.req.param('id'));
    const viewer = viewerKey({ userId: optionalViewer(c)?.user.id ?? null, address: clientAddress(c), userAgent: c.req.header('user-agent') ?? '' });
    return ok(c, await recordArticleView(c.get('deps'), article, viewer));
  });
