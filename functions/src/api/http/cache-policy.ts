import type { Hono, MiddlewareHandler } from 'hono';
import type { ApiEnv } from './env.js';

/**
 * How long Firebase Hosting's CDN (s-maxage) and a browser (max-age) may keep a VISITOR's answer
 * of each public read (issue 21). A kept answer never reaches the function, so it costs neither
 * an invocation nor a Firestore read; the price is that visitors see a change up to that long
 * after it happened. Hosting cannot purge one path, so the time is the only bound: each is as
 * long as a reader would not notice.
 *
 * A caller with a token always gets `private, no-store` (the default of response-headers.ts): the
 * answer may carry their `liked` flag, their own pending comment or a premium body. `Vary:
 * Authorization` keeps the two apart in any shared cache; `Accept-Encoding` because Hosting
 * stores compressed and plain answers apart; `Origin` for the CORS header.
 */
export interface CachePolicy {
  /** Route pattern as the routes declare it (`GET` only). */
  route: string;
  /** Seconds a shared cache (the CDN) may keep a visitor's answer. */
  shared: number;
  /** Seconds a browser may keep it: shorter, since a reader can reload but not purge. */
  browser: number;
  why: string;
}

const LISTS = 'a publish reaches the static pages only after a rebuild (a minute or more): the lists may lag as long';
const ARTICLE = "a visitor's copy of an article changes with edits and counters; a minute of lag is unnoticeable";
const RACES = 'the programme and results change a few times an hour on race days; a minute keeps the CDN useful at peaks';
const RECORDS = 'horses, jockeys, authors and records change with imports or staff edits, not by the minute';
const SETTINGS = 'site settings, packages and ads change by staff hand, seldom';

export const CACHE_POLICIES: readonly CachePolicy[] = [
  { route: '/api/articles', shared: 60, browser: 30, why: LISTS },
  { route: '/api/articles/featured', shared: 60, browser: 30, why: LISTS },
  { route: '/api/articles/latest', shared: 60, browser: 30, why: LISTS },
  { route: '/api/articles/popular', shared: 60, browser: 30, why: LISTS },
  { route: '/api/articles/categories', shared: 60, browser: 30, why: LISTS },
  { route: '/api/articles/search', shared: 60, browser: 30, why: LISTS },
  { route: '/api/articles/category/:category', shared: 60, browser: 30, why: LISTS },
  { route: '/api/articles/author/:authorId', shared: 60, browser: 30, why: LISTS },
  { route: '/api/articles/slug/:slug', shared: 60, browser: 30, why: ARTICLE },
  { route: '/api/articles/:id', shared: 60, browser: 30, why: ARTICLE },
  { route: '/api/articles/:id/race-estimates', shared: 60, browser: 30, why: ARTICLE },
  {
    route: '/api/articles/:articleId/comments',
    shared: 30,
    browser: 15,
    why: 'visitors see approved comments only, after moderation anyway; the poster reads with a token and sees their own at once',
  },
  { route: '/api/authors', shared: 300, browser: 60, why: RECORDS },
  { route: '/api/authors/:id', shared: 300, browser: 60, why: RECORDS },
  { route: '/api/authors/slug/:slug', shared: 300, browser: 60, why: RECORDS },
  { route: '/api/records/authors', shared: 300, browser: 60, why: RECORDS },
  { route: '/api/records/authors/:id/estimates', shared: 300, browser: 60, why: RECORDS },
  { route: '/api/races', shared: 60, browser: 30, why: RACES },
  { route: '/api/races/today', shared: 60, browser: 30, why: RACES },
  { route: '/api/races/date/:date', shared: 60, browser: 30, why: RACES },
  { route: '/api/races/locations', shared: 300, browser: 60, why: RECORDS },
  { route: '/api/races/upcoming', shared: 60, browser: 30, why: RACES },
  { route: '/api/races/results', shared: 60, browser: 30, why: RACES },
  { route: '/api/races/stamp', shared: 10, browser: 5, why: 'a built programme page asks whether an import came after its build: seconds matter on race day' },
  { route: '/api/races/day', shared: 10, browser: 5, why: "the home page's race day: results should reach it within seconds of an import" },
  { route: '/api/races/tips', shared: 60, browser: 30, why: `${RACES}; the same for every reader (no VIP pick is in it)` },
  { route: '/api/races/:id', shared: 60, browser: 30, why: RACES },
  { route: '/api/races/:id/results', shared: 60, browser: 30, why: RACES },
  { route: '/api/races/:id/live', shared: 10, browser: 5, why: 'the live race screen: seconds matter, but at a peak thousands watch the same race' },
  { route: '/api/horses', shared: 300, browser: 60, why: RECORDS },
  { route: '/api/horses/search', shared: 300, browser: 60, why: RECORDS },
  { route: '/api/horses/tjk/:id', shared: 300, browser: 60, why: RECORDS },
  { route: '/api/horses/:id', shared: 300, browser: 60, why: RECORDS },
  { route: '/api/horses/:id/pedigree', shared: 300, browser: 60, why: RECORDS },
  { route: '/api/horses/:id/statistics', shared: 300, browser: 60, why: RECORDS },
  { route: '/api/horses/:id/results', shared: 300, browser: 60, why: RECORDS },
  { route: '/api/horses/:id/siblings', shared: 300, browser: 60, why: RECORDS },
  { route: '/api/jockeys/:id', shared: 300, browser: 60, why: RECORDS },
  { route: '/api/jockeys/:id/rides', shared: 300, browser: 60, why: RECORDS },
  { route: '/api/trainers/:id', shared: 300, browser: 60, why: RECORDS },
  { route: '/api/trainers/:id/runs', shared: 300, browser: 60, why: RECORDS },
  { route: '/api/standings', shared: 300, browser: 60, why: RECORDS },
  { route: '/api/settings/site', shared: 60, browser: 30, why: `${SETTINGS}; every public page asks on load` },
  { route: '/api/settings/bank-account', shared: 60, browser: 30, why: SETTINGS },
  { route: '/api/settings/company', shared: 60, browser: 30, why: SETTINGS },
  { route: '/api/admin/settings/general-settings', shared: 60, browser: 30, why: `${SETTINGS} (admins read with a token and see all)` },
  { route: '/api/admin/settings/vip-packages', shared: 60, browser: 30, why: `${SETTINGS} (admins read with a token and see all)` },
  { route: '/api/ads', shared: 60, browser: 60, why: SETTINGS },
];

/** Public GET routes whose visitors' answers are never kept, and why. */
export const NEVER_CACHED: Readonly<Record<string, string>> = {
  '/api/health': 'a health check answered by the CDN would report a dead function as alive',
  '/api/race-estimate/health-check': 'a health check answered by the CDN would report a dead function as alive',
};

export const PUBLIC_VARY = 'Origin, Authorization, Accept-Encoding';

function visitorCaching(policy: CachePolicy): MiddlewareHandler<ApiEnv> {
  const value = `public, max-age=${policy.browser}, s-maxage=${policy.shared}`;
  return async (c, next) => {
    // Set before the handler answers (see response-headers.ts); an error answer resets it (app.ts).
    if (c.req.method === 'GET' && c.req.header('authorization') === undefined) {
      c.header('Cache-Control', value);
      c.header('Vary', PUBLIC_VARY);
    }
    await next();
  };
}

export function mountCachePolicies(app: Hono<ApiEnv>): void {
  // use(), not get(): a middleware, not a route (the authorization matrix lists the routes).
  // Routes with parameters first: '/api/races/:id' also matches '/api/races/locations', whose own policy must win (set last).
  const byGenerality = [...CACHE_POLICIES].sort((a, b) => b.route.split(':').length - a.route.split(':').length);
  for (const policy of byGenerality) app.use(policy.route, visitorCaching(policy));
}

/** What an answer that must not be kept anywhere carries: anything personal, any error but a plain 400/404. */
export const PRIVATE_NO_STORE = 'private, no-store';
