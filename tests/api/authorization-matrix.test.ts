/**
 * The authorization matrix (issue 6 acceptance): ONE table lists every /api route with the status
 * each kind of caller gets. Requests carry an empty body, so a caller who is let through usually
 * meets validation (400) or a missing record (404): the table shows where each route draws its
 * line. The test fails when the app has a route the table does not list, or lists one it lacks.
 *
 * Columns: visitor (no token), member, VIP member, author on their own resource, author on
 * another's resource, admin. For article routes "own" and "another's" are real articles by the
 * author and by someone else; other routes have no owner, so both author columns match.
 *
 * `MATRIX_PRINT=1 npx vitest run tests/api/authorization-matrix.test.ts` prints what the app
 * answers today, to help add rows for new routes (read them before pasting: the table is the spec).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/api/app.js';
import { CACHE_POLICIES, NEVER_CACHED, PUBLIC_VARY } from '../../functions/src/api/http/cache-policy.js';
import { createAccount, createVipMember, type TestAccount } from '../support/accounts.js';
import { startTestServer, type ApiResult, type TestServer } from '../support/server.js';

type Caller = 'visitor' | 'member' | 'vip' | 'authorOwn' | 'authorOther' | 'admin';
const CALLERS: Caller[] = ['visitor', 'member', 'vip', 'authorOwn', 'authorOther', 'admin'];
/** [visitor, member, vip, authorOwn, authorOther, admin] */
type Row = [route: string, statuses: [number, number, number, number, number, number]];

const A = (s: number): Row[1] => [401, 403, 403, 403, 403, s]; // admin only
const S = (own: number, other = own): Row[1] => [401, 403, 403, own, other, own]; // staff (author or admin)
const M = (s: number): Row[1] => [401, s, s, 403, 403, 403]; // member sessions only
const P = (s: number): Row[1] => [s, s, s, s, s, s]; // public: the same for everyone

const MATRIX: Row[] = [
  // health
  ['GET /api/health', P(200)],
  // auth (identity)
  ['POST /api/auth/register', P(400)],
  ['POST /api/auth/login', P(400)],
  ['POST /api/auth/admin/login', P(400)],
  ['POST /api/auth/refresh', P(400)],
  ['POST /api/auth/join', P(400)],
  ['POST /api/auth/admin/refresh', P(400)],
  ['POST /api/auth/logout', P(200)],
  ['GET /api/auth/profile', [401, 200, 200, 200, 200, 200]],
  ['PUT /api/auth/profile', [401, 400, 400, 400, 400, 400]],
  ['POST /api/auth/password-reset', P(400)],
  ['POST /api/auth/password-reset/confirm', P(400)],
  ['POST /api/auth/email-change/confirm', P(400)],
  ['POST /api/auth/email-change/cancel', P(400)],
  ['POST /api/auth/change-password', [401, 400, 400, 400, 400, 400]],
  ['GET /api/auth/me/export', [401, 200, 200, 200, 200, 200]],
  ['GET /api/auth/admin/badges', A(200)],
  ['GET /api/auth/admin/users', A(200)],
  ['GET /api/auth/admin/users/stats', A(200)],
  ['POST /api/auth/admin/users/:id/restore', A(404)],
  ['DELETE /api/auth/admin/users/:id/soft-delete', A(400)],
  // membership / VIP
  ['GET /api/users/vip-status', M(200)],
  // An empty body is a valid request (every field optional); staff cannot request VIP.
  ['POST /api/users/request-vip', M(201)],
  // Runs after the row above: the member's fresh request is the open one cancelled here.
  ['POST /api/users/request-vip/cancel', M(200)],
  ['PUT /api/users/vip-requests/:id/receipt', M(400)],
  ['GET /api/users/admin/vip-requests/:id/receipt-link', A(404)],
  ['GET /api/users/admin/vip-requests/:id/receipt', A(404)],
  ['POST /api/users/admin/vip-statements', A(400)],
  ['GET /api/users/admin/vip-statements/:id', A(404)],
  ['POST /api/users/admin/vip-statements/:id/approve', A(404)],
  ['GET /api/users/admin/vip-requests', A(200)],
  ['GET /api/users/admin/vip-subscriptions', A(200)],
  ['GET /api/users/admin/vip-stats', A(200)],
  ['POST /api/users/admin/vip-requests/:id/approve', A(404)],
  ['POST /api/users/admin/vip-requests/:id/reject', A(400)],
  ['POST /api/users/admin/users/:userId/grant-vip', A(400)],
  ['POST /api/users/admin/users/:userId/cancel-vip', A(400)],
  // contact
  ['POST /api/contact', P(400)],
  ['GET /api/contact/admin', A(200)],
  ['GET /api/contact/admin/stats', A(200)],
  ['GET /api/contact/admin/unassigned', A(200)],
  ['GET /api/contact/admin/:id', A(404)],
  ['PUT /api/contact/admin/:id', A(400)],
  ['DELETE /api/contact/admin/:id', A(404)],
  ['POST /api/contact/admin/:id/assign', A(404)],
  ['POST /api/contact/admin/:id/respond', A(400)],
  // settings
  ['GET /api/settings/bank-account', P(200)],
  ['GET /api/settings/site', P(200)],
  ['GET /api/settings/company', P(200)],
  ['PUT /api/admin/settings/company', A(400)],
  ['POST /api/admin/settings/bank-account', A(400)],
  ['PUT /api/admin/settings/bank-account/:id', A(400)],
  ['DELETE /api/admin/settings/bank-account/:id', A(404)],
  // Members' screens read the active public settings and packages here; admins see all of them.
  ['GET /api/admin/settings/general-settings', P(200)],
  // A key outside the public ones is refused to everyone but admins, signed in or not.
  ['GET /api/admin/settings/general-settings/:key', [403, 403, 403, 403, 403, 404]],
  ['POST /api/admin/settings/general-settings', A(400)],
  ['PUT /api/admin/settings/general-settings/:key', A(400)],
  ['DELETE /api/admin/settings/general-settings/:key', A(404)],
  ['GET /api/admin/settings/vip-packages', P(200)],
  ['POST /api/admin/settings/vip-packages', A(400)],
  ['PUT /api/admin/settings/vip-packages/:id', A(400)],
  ['DELETE /api/admin/settings/vip-packages/:id', A(404)],
  // house ads (issue 15): the slot's read and click are public (no placement / no impression: 400)
  ['GET /api/ads', P(400)],
  ['POST /api/ads/:id/click', P(400)],
  ['GET /api/admin/settings/ads', A(200)],
  ['POST /api/admin/settings/ads', A(400)],
  ['PUT /api/admin/settings/ads/:id', A(400)],
  ['DELETE /api/admin/settings/ads/:id', A(404)],
  // VIP notice fan-outs (issue 15): progress on an article for staff, totals for admins
  ['GET /api/admin/articles/:id/notifications', S(200)],
  ['GET /api/admin/notifications/fanouts', A(200)],
  // staff articles (this issue): authors only on their own
  ['GET /api/admin/articles', S(200)],
  ['GET /api/admin/articles/:id', S(200, 403)],
  ['GET /api/articles/stats', S(200)],
  ['GET /api/articles/deleted', S(200)],
  ['POST /api/articles', S(400)],
  ['PUT /api/articles/:id', S(400)],
  ['PUT /api/articles/:id/restore', S(409, 403)],
  ['PUT /api/articles/:id/toggle-publish', S(200, 403)],
  ['PUT /api/articles/:id/race-result', S(400)],
  ['DELETE /api/articles/:id', S(200, 403)],
  ['POST /api/media/articles/:id/media/image', S(400)],
  ['POST /api/media/articles/:id/media/audio', S(400)],
  ['POST /api/media/articles/:id/media/youtube', S(400)],
  ['DELETE /api/media/articles/:id/media/:kind', S(200, 403)],
  // authors: self profile (staff) and management (admin)
  ['GET /api/authors/profile/me', S(200)],
  ['PUT /api/authors/profile/me', S(400)],
  ['PUT /api/authors/profile/me/password', S(400)],
  ['PUT /api/authors/profile/me/email', S(400)],
  ['POST /api/authors/profile/email/confirm', P(400)],
  ['GET /api/admin/authors', A(200)],
  ['GET /api/admin/authors/:id', A(200)],
  ['POST /api/authors', A(400)],
  ['PUT /api/authors/:id', A(400)],
  ['PUT /api/authors/:id/status', A(400)],
  ['PUT /api/authors/:id/password', A(400)],
  ['DELETE /api/authors/:id', A(200)],
  // public reads and reader actions
  ['GET /api/articles', P(200)],
  ['GET /api/articles/featured', P(200)],
  ['GET /api/articles/latest', P(200)],
  ['GET /api/articles/popular', P(200)],
  ['GET /api/articles/categories', P(200)],
  ['GET /api/articles/search', P(400)],
  ['GET /api/articles/category/:category', P(200)],
  ['GET /api/articles/author/:authorId', P(200)],
  ['GET /api/articles/slug/:slug', P(200)],
  ['GET /api/articles/:id', P(200)],
  ['GET /api/articles/:id/race-estimates', P(200)],
  ['POST /api/articles/:id/like', [401, 200, 200, 200, 200, 200]],
  ['POST /api/articles/:id/view', P(200)],
  ['GET /api/authors', P(200)],
  ['GET /api/authors/:id', P(200)],
  ['GET /api/authors/slug/:slug', P(404)],
  // comments
  ['GET /api/articles/:articleId/comments', P(200)],
  ['POST /api/articles/:articleId/comments', [401, 400, 400, 400, 400, 400]],
  ['POST /api/comments/:id/like', [401, 404, 404, 404, 404, 404]],
  ['GET /api/articles/admin/comments', A(200)],
  ['GET /api/admin/comments', A(200)],
  ['GET /api/comments/:id', A(404)],
  ['PUT /api/comments/:id/approve', A(404)],
  ['PUT /api/comments/:id/reject', A(404)],
  ['PUT /api/comments/:id', A(400)],
  ['DELETE /api/comments/:id', A(404)],
  // uploads
  ['POST /api/uploads', [401, 400, 400, 400, 400, 400]],
  ['POST /api/uploads/:id/finalize', [401, 404, 404, 404, 404, 404]],
  // races, horses, records (public reads); 'missing-id' is not a valid race or horse id: 400
  ['GET /api/races', P(200)],
  ['GET /api/races/today', P(200)],
  ['GET /api/races/date/:date', P(200)],
  ['GET /api/races/locations', P(200)],
  ['GET /api/races/upcoming', P(200)],
  ['GET /api/races/results', P(200)],
  ['GET /api/races/tips', P(200)],
  ['GET /api/races/stamp', P(200)],
  ['GET /api/races/day', P(200)],
  // horse tracker: member sessions; 'missing-id' is not a valid horse id (400)
  ['GET /api/users/followed-horses', M(200)],
  ['POST /api/horses/:id/follow', M(400)],
  ['DELETE /api/horses/:id/follow', M(400)],
  ['GET /api/races/:id', P(400)],
  ['GET /api/races/:id/results', P(400)],
  ['GET /api/races/:id/live', P(400)],
  ['GET /api/horses', P(200)],
  ['GET /api/horses/search', P(400)],
  ['GET /api/horses/tjk/:id', P(400)],
  ['GET /api/horses/:id', P(400)],
  ['GET /api/horses/:id/pedigree', P(400)],
  ['GET /api/horses/:id/statistics', P(400)],
  ['GET /api/horses/:id/results', P(400)],
  ['GET /api/horses/:id/siblings', P(400)],
  // jockey pages: 'missing-id' is not a valid jockey id (400)
  ['GET /api/jockeys/:id', P(400)],
  ['GET /api/jockeys/:id/rides', P(400)],
  ['GET /api/trainers/:id', P(400)],
  ['GET /api/trainers/:id/runs', P(400)],
  ['GET /api/standings', P(200)],
  ['GET /api/records/authors', P(200)],
  ['GET /api/records/authors/:id/estimates', P(404)],
  // race estimates (staff writes)
  ['GET /api/race-estimate/health-check', P(200)],
  ['GET /api/race-estimate/articles', S(200)],
  ['GET /api/admin/race-desk', S(200)],
  ['POST /api/admin/race-desk/tips', S(400)],
  ['PUT /api/admin/races/:raceId/result', A(400)],
  ['PUT /api/admin/races/:raceId/non-runners', A(400)],
  ['POST /api/admin/race-import', A(503)],
  ['GET /api/race-estimate/all', S(200)],
  ['POST /api/articles/:articleId/race-estimates', S(400)],
  ['PUT /api/articles/:articleId/race-estimates/:estimateId', S(404)],
  ['DELETE /api/articles/:articleId/race-estimates/:estimateId', S(404)],
  // Own article without estimates: 404; another author's article: refused before the lookup.
  ['DELETE /api/articles/:articleId/race-estimates', [401, 403, 403, 404, 403, 404]],
  ['POST /api/articles/:articleId/race-estimates/:estimateId/audio', S(400)],
  ['DELETE /api/articles/:articleId/race-estimates/:estimateId/audio', S(404)],
  ['POST /api/articles/:articleId/race-estimates/:estimateId/video', S(400)],
  ['DELETE /api/articles/:articleId/race-estimates/:estimateId/video', S(404)],
  // notifications (issue 15): the member's own preferences; the unsubscribe link needs no session (its token is the authority)
  ['GET /api/users/notification-preferences', M(200)],
  ['PUT /api/users/notification-preferences', M(400)],
  // SMS number proof (issue 52 §3): codes for VIP members only; the VIP caller's number is already proved.
  ['POST /api/users/phone-verification', [401, 403, 409, 403, 403, 403]],
  ['POST /api/users/phone-verification/confirm', M(400)],
  ['POST /api/notifications/unsubscribe', P(400)],
];

let server: TestServer;
const accounts = {} as Record<'member' | 'vip' | 'author' | 'otherAuthor' | 'admin', TestAccount>;

beforeAll(async () => {
  server = await startTestServer();
  accounts.member = await createAccount(server, { role: 'user' });
  accounts.vip = await createVipMember(server);
  accounts.author = await createAccount(server, { role: 'author' });
  accounts.otherAuthor = await createAccount(server, { role: 'author' });
  accounts.admin = await createAccount(server, { role: 'admin' });
});
afterAll(() => server.close());

function appRoutes(): string[] {
  const app = createApp(server.deps);
  return [...new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))];
}

let fixture = 0;
/** A fresh published estimation article by `authorId`, so every request meets an untouched one. */
async function article(authorId: string): Promise<{ id: string; slug: string }> {
  fixture += 1;
  const id = `matrix-article-${fixture}`;
  const slug = `matris-makale-${fixture}`;
  const now = server.deps.now();
  await server.deps.store.set('articles', id, {
    title: `Matris makalesi ${fixture}`,
    slug,
    authorId,
    category: 'estimation',
    status: 'published',
    excerpt: 'Yetki tablosu için makale.',
    content: '<p>Yetki tablosu için yazılmış bir makale gövdesi.</p>',
    publishedAt: now,
    createdAt: now,
    updatedAt: now,
    isDeleted: false,
  });
  return { id, slug };
}

async function call(route: string, caller: Caller): Promise<number> {
  return (await answer(route, caller)).status;
}

async function answer(route: string, caller: Caller): Promise<ApiResult<unknown>> {
  const [method, pattern] = route.split(' ') as [string, string];
  const token = {
    visitor: undefined,
    member: accounts.member.token,
    vip: accounts.vip.token,
    authorOwn: accounts.author.token,
    authorOther: accounts.author.token,
    admin: accounts.admin.token,
  }[caller];
  const isArticlePath = /^\/api\/(admin\/|media\/)?articles\/:(id|articleId)/.test(pattern);
  const owner = caller === 'authorOther' ? accounts.otherAuthor.id : accounts.author.id;
  const target = isArticlePath || pattern.includes(':slug') ? await article(owner) : null;
  // Author management acts on an author account; a fresh one per request, since DELETE removes it.
  const authorTarget = pattern.startsWith('/api/authors/:id') || pattern.startsWith('/api/admin/authors/:id') ? (await createAccount(server, { role: 'author' })).id : null;
  const path = pattern
    .replace(':articleId', target?.id ?? 'missing')
    .replace(':id', authorTarget ?? target?.id ?? 'missing-id')
    .replace(':slug', target?.slug ?? 'missing')
    .replace(':kind', 'image')
    .replace(':category', 'news')
    .replace(':authorId', accounts.author.id)
    .replace(':date', '2026-11-22')
    .replace(':userId', 'missing-user')
    .replace(':estimateId', 'missing-estimate')
    .replace(':key', 'missing_key');
  const body = method === 'POST' || method === 'PUT' ? {} : undefined;
  return server.api(method, path, { token, body });
}

describe('authorization matrix', () => {
  it('lists every route of the app, and only those', () => {
    const listed = MATRIX.map(([route]) => route);
    expect(new Set(listed).size).toBe(listed.length);
    const actual = appRoutes();
    expect(actual.filter((r) => !listed.includes(r)), 'routes missing from the matrix').toEqual([]);
    expect(listed.filter((r) => !actual.includes(r)), 'matrix rows for routes the app no longer has').toEqual([]);
  });

  it('every caller gets the listed status on every route', async () => {
    const mismatches: string[] = [];
    const observed: string[] = [];
    for (const [route, expected] of MATRIX) {
      const got: number[] = [];
      for (const caller of CALLERS) got.push(await call(route, caller));
      observed.push(`  ['${route}', [${got.join(', ')}]],`);
      CALLERS.forEach((caller, i) => {
        if (got[i] !== expected[i]) mismatches.push(`${route} as ${caller}: expected ${expected[i]}, got ${got[i]}`);
      });
    }
    if (process.env.MATRIX_PRINT) console.log(observed.join('\n'));
    expect(mismatches).toEqual([]);
  }, 120_000);

  // Issue 21: Hosting's CDN may answer visitors' public reads for a while (api/http/cache-policy.ts); never a signed-in caller's.
  it('every public GET route is cacheable for visitors as its policy says, and private with a token', async () => {
    const publicReads = MATRIX.filter(([route, [visitor]]) => route.startsWith('GET ') && visitor !== 401 && visitor !== 403).map(([route]) => route);
    expect(publicReads.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const route of publicReads) {
      const pattern = route.slice('GET '.length);
      const policy = CACHE_POLICIES.find((p) => p.route === pattern);
      if (!policy && !NEVER_CACHED[pattern]) {
        wrong.push(`${route}: no cache policy (add it to CACHE_POLICIES or NEVER_CACHED, with the reason)`);
        continue;
      }
      const visitor = await answer(route, 'visitor');
      const expected = policy ? `public, max-age=${policy.browser}, s-maxage=${policy.shared}` : 'private, no-store';
      if (visitor.headers.get('cache-control') !== expected) wrong.push(`${route} as visitor: ${visitor.headers.get('cache-control')}, expected ${expected}`);
      if (policy && visitor.headers.get('vary') !== PUBLIC_VARY) wrong.push(`${route} as visitor: Vary ${visitor.headers.get('vary')}`);
      for (const caller of ['member', 'admin'] as const) {
        const signedIn = (await answer(route, caller)).headers.get('cache-control');
        if (signedIn !== 'private, no-store') wrong.push(`${route} as ${caller}: ${signedIn}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('no admin-only or staff-only route lets a visitor or member through', () => {
    for (const [route, [visitor, member, vip, own, , admin]] of MATRIX) {
      if (admin !== own && own === 403) {
        expect([401, 403], `${route} as visitor`).toContain(visitor);
        expect([member, vip], route).toEqual([403, 403]);
      }
    }
  });
});
