import { join } from 'node:path';
import { operationsSince, type OperationCounts } from '../functions/src/ports/operation-meter.js';
import { cdnCache } from '../server/cdn-cache.js';
import { createAccount, createVipMember, type TestAccount } from '../tests/support/accounts.js';
import { startTestServer, type TestServer } from '../tests/support/server.js';

/**
 * What 1,000 page views cost on Firebase (issue 21): 700 by visitors, 250 by members, 50 by VIPs,
 * each page with the API calls its islands really make (read from src/islands and src/lib), plus
 * the comments, likes, views and VIP requests such traffic brings. Replayed against the local
 * server with Firebase Hosting's CDN in front of the API (server/cdn-cache.ts) on a simulated
 * clock at 1 million page views a day (86.4 ms apart), and with the store counting operations as
 * Firestore bills them. Static pages (HTML, JS, images) come from Hosting's CDN in production and
 * never reach the function; their bytes are the page-weight figures of bench/pages.ts.
 *
 * Islands and what they call, per page view:
 *  - every public page: GET /api/settings/site (site notice, src/lib/site-notice.ts);
 *  - signed-in members on the first page of a visit: GET /api/users/vip-status (src/lib/session.ts
 *    keeps the answer in the tab for 5 minutes; a visit is PAGES_PER_VISIT pages), and on the next
 *    page after their own VIP request; once per visit, when they come back to the tab (focus), the
 *    same with the version they hold (`?known=`, answered `unchanged` from the user document);
 *  - home, article, predictions list, for non-VIPs: GET /api/ads?placement=… (src/lib/house-ads.ts);
 *  - home and predictions list: a tab or page switch GETs /api/articles?category=…&page=…&limit=…
 *    (PredictionTabs.tsx), here by 30 % of views;
 *  - article: POST /api/articles/:id/view once per session (count-view.ts), the comments list when
 *    the reader opens it (Comments.tsx, 20 %), GET /api/articles/:id for signed-in readers
 *    (LikeButton.tsx: their `liked` flag) and for premium ones (ArticleBody.tsx: the body);
 *  - race programme: the day's programme and results when the reader changes day or venue
 *    (RaceProgramme.tsx, client:interact, 50 %);
 *  - horse page: GET /api/horses/:id/siblings when the pedigree tab opens (HorseDetail.tsx, 30 %).
 */

export const VIEWS = 1_000;
/** The first measurement (before cache headers and the cuts of issue 21), per 1,000 page views. */
export const FIRST_MEASUREMENT = { invocations: 1298, reads: 5890 };
const VIEW_INTERVAL_MS = 86_400_000 / 1_000_000;
/**
 * Pages a signed-in reader opens per visit (one tab, within the 5 minutes the VIP status is kept).
 * News sites report 2-3 pages per session for all readers; members, who come for the tips, are
 * taken at the low end of that, so the figure does not flatter the cut.
 */
export const PAGES_PER_VISIT = 3;

interface Call {
  route: string;
  method: 'GET' | 'POST';
  path: string;
  token?: string;
  body?: unknown;
}

export interface RouteCost {
  route: string;
  requests: number;
  cdnHits: number;
  invocations: number;
  reads: number;
  writes: number;
  deletes: number;
  bytes: number;
}

export interface CostResult {
  views: number;
  requests: number;
  invocations: number;
  cdnHits: number;
  bytes: number;
  ops: OperationCounts;
  routes: RouteCost[];
  statuses: Record<string, number>;
}

/** A small deterministic generator, so two runs replay the same traffic. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Content {
  publicArticles: string[];
  premiumArticles: string[];
  horses: string[];
  today: string;
}

async function pickContent(server: TestServer): Promise<Content> {
  const { store } = server.deps;
  const published = await store.collection('articles').where('status', '==', 'published').where('isDeleted', '==', false).orderBy('publishedAt', 'desc').limit(200).get();
  const horses = await store.collection('horses').limit(200).get();
  return {
    // Readers mostly read what is new: the 40 latest take the views.
    publicArticles: published.filter((a) => a.visibility === 'public').slice(0, 40).map((a) => a.id),
    premiumArticles: published.filter((a) => a.visibility !== 'public').slice(0, 10).map((a) => a.id),
    horses: horses.map((h) => h.id),
    today: new Date().toISOString().slice(0, 10),
  };
}

type Reader = { kind: 'visitor' } | { kind: 'member'; account: TestAccount } | { kind: 'vip'; account: TestAccount };
type Page = 'home' | 'article' | 'premium' | 'news' | 'predictions' | 'programme' | 'horse';

function pageCalls(page: Page, reader: Reader, content: Content, pick: <T>(list: readonly T[]) => T, chance: (p: number) => boolean, firstOfVisit: boolean): Call[] {
  const token = reader.kind === 'visitor' ? undefined : reader.account.token;
  const calls: Call[] = [{ route: 'GET /api/settings/site', method: 'GET', path: '/api/settings/site' }];
  if (token && firstOfVisit) calls.push({ route: 'GET /api/users/vip-status', method: 'GET', path: '/api/users/vip-status', token });
  const ads = (placement: string) => {
    if (reader.kind !== 'vip') calls.push({ route: 'GET /api/ads', method: 'GET', path: `/api/ads?placement=${placement}` });
  };
  const tabs = (category: string) => {
    if (chance(0.3)) {
      const query = chance(0.5) ? `category=${category}&raceResult=won` : `category=${category}&page=${1 + Math.floor(chance(0.5) ? 1 : 0)}`;
      calls.push({ route: 'GET /api/articles', method: 'GET', path: `/api/articles?${query}&limit=12` });
    }
  };
  switch (page) {
    case 'home':
      ads('sidebar');
      tabs('estimation');
      break;
    case 'news':
      break;
    case 'predictions':
      ads('sidebar');
      tabs('estimation');
      break;
    case 'article':
    case 'premium': {
      const id = page === 'premium' && content.premiumArticles.length ? pick(content.premiumArticles) : pick(content.publicArticles);
      ads('article');
      calls.push({ route: 'POST /api/articles/:id/view', method: 'POST', path: `/api/articles/${id}/view`, token });
      if (token) calls.push({ route: 'GET /api/articles/:id', method: 'GET', path: `/api/articles/${id}`, token });
      if (page === 'premium' && token) calls.push({ route: 'GET /api/articles/:id', method: 'GET', path: `/api/articles/${id}`, token });
      if (chance(0.2)) calls.push({ route: 'GET /api/articles/:id/comments', method: 'GET', path: `/api/articles/${id}/comments?page=1&limit=10`, token });
      break;
    }
    case 'programme':
      if (chance(0.5)) {
        calls.push({ route: 'GET /api/races/today', method: 'GET', path: '/api/races/today' });
        calls.push({ route: 'GET /api/races/results', method: 'GET', path: `/api/races/results?date=${content.today}` });
      }
      break;
    case 'horse':
      if (chance(0.3)) calls.push({ route: 'GET /api/horses/:id/siblings', method: 'GET', path: `/api/horses/${pick(content.horses)}/siblings` });
      break;
  }
  return calls;
}

/** Pages by share of each reader kind's views. */
const VISITOR_PAGES: [Page, number][] = [['home', 0.28], ['article', 0.42], ['news', 0.06], ['predictions', 0.06], ['programme', 0.1], ['horse', 0.08]];
const MEMBER_PAGES: [Page, number][] = [['home', 0.24], ['article', 0.48], ['news', 0.04], ['predictions', 0.04], ['programme', 0.12], ['horse', 0.08]];
const VIP_PAGES: [Page, number][] = [['home', 0.2], ['article', 0.2], ['premium', 0.4], ['programme', 0.15], ['horse', 0.05]];

function choosePage(pages: [Page, number][], r: number): Page {
  let acc = 0;
  for (const [page, share] of pages) {
    acc += share;
    if (r < acc) return page;
  }
  return pages[0]![0];
}

/** Actions per 1,000 views that such traffic brings, by members: comments, likes, VIP requests. */
const ACTIONS = { comments: 5, likes: 15, vipRequests: 2 };

export async function benchCost(demoDataDir: string, log: (line: string) => void = () => {}): Promise<CostResult> {
  process.env.GANYAN_SEED_TEMPLATE = join(demoDataDir, 'ganyan.sqlite');
  let clock = Date.now();
  const cdn = cdnCache({ now: () => clock });
  const server = await startTestServer({ seeded: true, cdn });
  try {
    const content = await pickContent(server);
    if (!content.publicArticles.length || !content.horses.length) throw new Error('the seeded store has no public article or horse');
    const members: TestAccount[] = [];
    for (let i = 0; i < 40; i += 1) members.push(await createAccount(server));
    const vips: TestAccount[] = [];
    for (let i = 0; i < 10; i += 1) vips.push(await createVipMember(server));
    const rand = random(21);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
    const chance = (p: number) => rand() < p;

    const routes = new Map<string, RouteCost>();
    const statuses: Record<string, number> = {};
    const totals = { requests: 0, invocations: 0, cdnHits: 0, bytes: 0 };
    const opsBefore = server.deps.store.meter.snapshot();
    let address = 0;
    /** The status version each member's tab holds, for its focus check. */
    const versions = new Map<string, string>();
    const send = async (call: Call) => {
      const before = server.deps.store.meter.snapshot();
      address += 1;
      const res = await server.api(call.method, call.path, {
        token: call.token,
        body: call.body,
        // Each reader from their own address, as on the internet (per-address limits).
        headers: { 'X-Forwarded-For': `10.21.${(address >> 8) & 255}.${address & 255}`, 'Accept-Encoding': 'gzip, br' },
      });
      const ops = operationsSince(before, server.deps.store.meter.snapshot());
      const hit = res.headers.get('x-cache') === 'HIT';
      // Bytes on the wire: compressed answers (the programme) count compressed.
      const length = Number(res.headers.get('content-length'));
      const bytes = Number.isFinite(length) && length > 0 ? length : Buffer.byteLength(typeof res.body === 'string' ? res.body : JSON.stringify(res.body));
      const row = routes.get(call.route) ?? { route: call.route, requests: 0, cdnHits: 0, invocations: 0, reads: 0, writes: 0, deletes: 0, bytes: 0 };
      row.requests += 1;
      row.cdnHits += hit ? 1 : 0;
      row.invocations += hit ? 0 : 1;
      row.reads += ops.reads;
      row.writes += ops.writes;
      row.deletes += ops.deletes;
      row.bytes += bytes;
      routes.set(call.route, row);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      totals.requests += 1;
      totals.cdnHits += hit ? 1 : 0;
      totals.invocations += hit ? 0 : 1;
      totals.bytes += bytes;
      const answer = res.body as { data?: { version?: unknown } } | undefined;
      if (call.route === 'GET /api/users/vip-status' && call.token && typeof answer?.data?.version === 'string') versions.set(call.token, answer.data.version);
    };

    // Which views carry an action: spread over the run, by members.
    const actionAt = new Map<number, 'comment' | 'like' | 'vip'>();
    const slots = (n: number, kind: 'comment' | 'like' | 'vip', offset: number) => {
      for (let i = 0; i < n; i += 1) actionAt.set(Math.floor(((i + 0.5) * VIEWS) / n + offset) % VIEWS, kind);
    };
    slots(ACTIONS.comments, 'comment', 7);
    slots(ACTIONS.likes, 'like', 3);
    slots(ACTIONS.vipRequests, 'vip', 11);

    const visitLeft = new Map<string, number>();
    for (let view = 0; view < VIEWS; view += 1) {
      clock += VIEW_INTERVAL_MS;
      const r = rand();
      const reader: Reader = r < 0.7 ? { kind: 'visitor' } : r < 0.95 ? { kind: 'member', account: pick(members) } : { kind: 'vip', account: pick(vips) };
      const action = actionAt.get(view);
      const pages = reader.kind === 'visitor' ? VISITOR_PAGES : reader.kind === 'member' ? MEMBER_PAGES : VIP_PAGES;
      const page = action === 'comment' || action === 'like' ? 'article' : action === 'vip' ? 'home' : choosePage(pages, rand());
      const actor = action ? { kind: 'member' as const, account: members[view % members.length]! } : reader;
      // Pages left in each signed-in reader's visit: the first page of a visit asks for the VIP status.
      let firstOfVisit = false;
      if (actor.kind !== 'visitor') {
        const left = visitLeft.get(actor.account.id) ?? 0;
        firstOfVisit = left === 0;
        visitLeft.set(actor.account.id, firstOfVisit ? PAGES_PER_VISIT - 1 : left - 1);
      }
      const calls = pageCalls(page, actor, content, pick, chance, firstOfVisit);
      // The member comes back to the tab once per visit (its last page): the version check.
      const known = actor.kind !== 'visitor' ? versions.get(actor.account.token) : undefined;
      if (actor.kind !== 'visitor' && !firstOfVisit && visitLeft.get(actor.account.id) === 0 && known) {
        calls.push({ route: 'GET /api/users/vip-status?known', method: 'GET', path: `/api/users/vip-status?known=${encodeURIComponent(known)}`, token: actor.account.token });
      }
      const articleId = calls.find((c) => c.route === 'POST /api/articles/:id/view')?.path.split('/')[3];
      const token = actor.kind === 'visitor' ? undefined : actor.account.token;
      if (action === 'comment' && articleId) {
        calls.push({ route: 'POST /api/articles/:articleId/comments', method: 'POST', path: `/api/articles/${articleId}/comments`, token, body: { content: 'Emeğinize sağlık, çok faydalı bir analiz olmuş.' } });
      }
      if (action === 'like' && articleId) calls.push({ route: 'POST /api/articles/:id/like', method: 'POST', path: `/api/articles/${articleId}/like`, token });
      if (action === 'vip') {
        calls.push({ route: 'POST /api/users/request-vip', method: 'POST', path: '/api/users/request-vip', token, body: {} });
        calls.push({ route: 'POST /api/users/request-vip/cancel', method: 'POST', path: '/api/users/request-vip/cancel', token, body: {} });
        // The member's own change: the next page asks for the status again.
        if (actor.kind !== 'visitor') visitLeft.set(actor.account.id, 0);
      }
      for (const call of calls) await send(call);
      if (view % 250 === 249) log(`  cost: ${view + 1} page views replayed`);
    }
    const ops = operationsSince(opsBefore, server.deps.store.meter.snapshot());
    return { views: VIEWS, ...totals, ops, routes: [...routes.values()].sort((a, b) => b.reads - a.reads), statuses };
  } finally {
    await server.close();
  }
}
