import type { AppDeps } from '../functions/src/platform/deps.js';
import { RECORD_PAGE_CACHE, renderRecordPage, type RecordSection } from './record-page.js';

/**
 * The one entry point of horse and jockey pages rendered on demand (issue 21), for both servers:
 * the local server (server/site.ts) calls `recordPageResponse` with the files of its build, the
 * `recordPages` Cloud Function calls `handleRecordRequest` from the esbuild bundle of this file
 * (scripts/bundle-record-pages.ts), which reads the same pages from Hosting.
 */

/** A built page by its address (`/at-detay/_yeni/`), or null when the build has none. */
export type BuiltPage = (path: string) => Promise<string | null>;

/**
 * Addresses answered on demand where the build wrote no file. firebase.json rewrites the same
 * sections to the `recordPages` function (tests/unit/hosting-fallbacks.test.ts holds them together).
 */
export const RECORD_ROUTES = {
  horse: { pattern: /^\/at-detay\/([^/]+)\/?$/, page: '/at-detay/_yeni/', notFound: '/hata/at-bulunamadi/', example: '/at-detay/h-sonradan-gelen' },
  jockey: { pattern: /^\/jokey\/([^/]+)\/?$/, page: '/jokey/_yeni/', notFound: '/hata/jokey-bulunamadi/', example: '/jokey/j-sonradan-gelen' },
  trainer: { pattern: /^\/antrenor\/([^/]+)\/?$/, page: '/antrenor/_yeni/', notFound: '/hata/antrenor-bulunamadi/', example: '/antrenor/a-sonradan-gelen' },
} as const satisfies Record<RecordSection, { pattern: RegExp; page: string; notFound: string; example: string }>;

/** The function firebase.json rewrites the record sections to (functions/src/index.ts exports it). */
export const RECORD_FUNCTION = { functionId: 'recordPages', region: 'europe-west1' } as const;

const LAST_RESORT_404 = '<!doctype html><html lang="tr"><meta charset="utf-8"><title>Sayfa bulunamadı</title><h1>Sayfa bulunamadı</h1><p><a href="/">Ana Sayfa</a></p>';

function recordRoute(urlPath: string): { section: RecordSection; id: string } | null {
  for (const section of Object.keys(RECORD_ROUTES) as RecordSection[]) {
    const id = RECORD_ROUTES[section].pattern.exec(urlPath)?.[1];
    // `_yeni` is the template itself, a file of the build: never a record id.
    if (id && id !== '_yeni') return { section, id };
  }
  return null;
}

function htmlResponse(html: string, status: number): Response {
  // A 404 is kept as long as a page: a record imported meanwhile shows within the same 10 minutes
  // Hosting's CDN keeps a function's 404 by default.
  return new Response(html, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': RECORD_PAGE_CACHE } });
}

/**
 * The page of the horse or jockey at `urlPath` (200), or its section's 404 page for an unknown or
 * malformed id; null when the address is not a record page at all.
 */
export async function recordPageResponse(deps: AppDeps, urlPath: string, builtPage: BuiltPage): Promise<Response | null> {
  const route = recordRoute(urlPath);
  if (!route) return null;
  const paths = RECORD_ROUTES[route.section];
  const template = await builtPage(paths.page);
  const html = template === null ? null : await renderRecordPage(deps, route.section, route.id, template);
  if (html !== null) return htmlResponse(html, 200);
  return htmlResponse((await builtPage(paths.notFound)) ?? (await builtPage('/404.html')) ?? LAST_RESORT_404, 404);
}

/** How long an instance reuses a page read from Hosting before asking again. */
export const HOSTED_PAGE_TTL_MS = 60_000;
/** A page the CDN does not send within this fails the request (500) rather than hold the function. */
const HOSTED_PAGE_TIMEOUT_MS = 5_000;

/**
 * Pages read from the live deploy on Hosting (its CDN answers), kept a minute per instance. Read
 * at run time rather than bundled at deploy: every content rebuild redeploys the site, and the
 * template's CSP hashes and asset names must be those of the pages the reader's browser gets next.
 */
export function hostedPages(siteUrl: string, now: () => number = Date.now): BuiltPage {
  const kept = new Map<string, { at: number; html: Promise<string | null> }>();
  return (path) => {
    const hit = kept.get(path);
    if (hit && now() - hit.at < HOSTED_PAGE_TTL_MS) return hit.html;
    const html = fetch(new URL(path, siteUrl), { redirect: 'follow', signal: AbortSignal.timeout(HOSTED_PAGE_TIMEOUT_MS) }).then(async (response) => (response.ok ? await response.text() : null));
    kept.set(path, { at: now(), html });
    // A failed read is not kept: the next request asks again.
    html.then(
      (value) => value === null && kept.delete(path),
      () => kept.delete(path),
    );
    return html;
  };
}

let pagesOfSite: { siteUrl: string; read: BuiltPage } | null = null;

/** The `recordPages` function's request handler: Hosting rewrites only addresses that have no file. */
export async function handleRecordRequest(deps: AppDeps, request: Request): Promise<Response> {
  if (pagesOfSite?.siteUrl !== deps.config.siteUrl) pagesOfSite = { siteUrl: deps.config.siteUrl, read: hostedPages(deps.config.siteUrl) };
  let urlPath: string;
  try {
    urlPath = decodeURIComponent(new URL(request.url).pathname);
  } catch {
    urlPath = '';
  }
  const response = await recordPageResponse(deps, urlPath, pagesOfSite.read);
  return response ?? htmlResponse((await pagesOfSite.read('/404.html')) ?? LAST_RESORT_404, 404);
}
