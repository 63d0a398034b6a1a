import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Context, Hono } from 'hono';
import { isLoopback, socketAddress } from '../functions/src/api/http/client-address.js';
import type { ApiEnv } from '../functions/src/api/http/env.js';
import { getPublishedArticle } from '../functions/src/domain/articles/public-view.js';
import type { AppDeps } from '../functions/src/platform/deps.js';
import { loadHostingHeaders, loadHostingRedirects } from './hosting-headers.js';
import { acceptedCodings, ENCODINGS, PRECOMPRESSED_EXTENSIONS, type Coding } from './precompress.js';
import { recordPageResponse, type BuiltPage } from './record-handler.js';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.webmanifest': 'application/manifest+json',
  // Pagefind's index fragments
  '.pf_meta': 'application/octet-stream',
  '.pf_index': 'application/octet-stream',
  '.pf_fragment': 'application/octet-stream',
  '.pagefind': 'application/octet-stream',
  '.wasm': 'application/wasm',
};

export interface SiteOptions {
  /** The built site (dist/); may be a symlink that the rebuild swaps. */
  siteDir: string;
  /**
   * Whether an article slug or id is currently published. Lets `/makale/{slug}` pages that are not
   * in the build yet reach the client-side fallback, and stops serving unpublished ones before the
   * rebuild lands. Defaults to the articles read model over deps.store.
   */
  isArticlePublished?: (slugOrId: string) => Promise<boolean>;
}

/**
 * The pages an address without a file of its own falls back to: articles published after the last
 * build (the page reads the API for the slug in the address) and the staff panel's client-side
 * routes. firebase.json rewrites the same sections to the same pages, so production serves what
 * this server serves (tests/unit/hosting-fallbacks.test.ts holds them together). Horses and
 * jockeys are rendered on demand instead (`RECORD_ROUTES`, server/record-handler.ts).
 */
export const SITE_FALLBACKS = {
  article: { pattern: /^\/makale\/([^/]+)\/?$/, page: '/makale/_yeni/', example: '/makale/yeni-yayinlanan-makale' },
  admin: { pattern: /^\/admin(\/|$)/, page: '/admin/_app/', example: '/admin/makaleler/duzenle' },
} as const;

/**
 * Serves the built static site the way Firebase Hosting does: directory index.html, clean URLs,
 * content types, caching and the 404 page. Mounted after /api and /files in server/local-app.ts.
 */
export function mountSite(app: Hono<ApiEnv>, deps: AppDeps, options: SiteOptions): void {
  const hostingHeaders = loadHostingHeaders();
  const hostingRedirect = loadHostingRedirects();
  if (deps.config.env !== 'production') mountDevOutbox(app, deps, options.siteDir, hostingHeaders);
  const isArticlePublished = options.isArticlePublished ?? (async (slug: string) => (await getPublishedArticle(deps, slug)) !== null);
  const builtPage = builtPages(options.siteDir);

  app.on(['GET', 'HEAD'], '*', async (c) => {
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return notFound(c, options.siteDir, hostingHeaders);
    }
    // The build's compressed siblings are served as encodings of their file, never as files
    // (firebase.json does not even deploy them).
    if (/\.(br|gz)$/.test(urlPath) && PRECOMPRESSED_EXTENSIONS.has(extname(urlPath.slice(0, -3)).toLowerCase())) return notFound(c, options.siteDir, hostingHeaders);
    const redirect = hostingRedirect(urlPath);
    if (redirect) return c.redirect(redirect.location, redirect.status);
    const articleMatch = SITE_FALLBACKS.article.pattern.exec(urlPath);
    if (articleMatch && articleMatch[1] !== '_yeni') {
      const slug = articleMatch[1]!;
      const published = await isArticlePublished(slug);
      if (!published) return notFound(c, options.siteDir, hostingHeaders);
      const built = await resolveFile(options.siteDir, urlPath);
      if (built) return sendFile(c, built, urlPath, hostingHeaders);
      // Published after the last build: the article engineer's fallback page reads the API.
      const fallback = await resolveFile(options.siteDir, SITE_FALLBACKS.article.page);
      if (fallback) return sendFile(c, fallback, urlPath, hostingHeaders, 'no-store');
      return notFound(c, options.siteDir, hostingHeaders);
    }
    const file = await resolveFile(options.siteDir, urlPath);
    // Horses and jockeys not prebuilt (older horses, records added after the build): what the recordPages function answers.
    const rendered = file ? null : await recordPageResponse(deps, urlPath, builtPage);
    if (rendered) return sendRendered(c, rendered, urlPath, hostingHeaders);
    if (!file && SITE_FALLBACKS.admin.pattern.test(urlPath)) {
      // The staff panel routes on the client: any panel address not prebuilt gets the app shell,
      // like the firebase.json rewrite does in production.
      const shell = await resolveFile(options.siteDir, SITE_FALLBACKS.admin.page);
      if (shell) return sendFile(c, shell, urlPath, hostingHeaders);
    }
    if (!file) return notFound(c, options.siteDir, hostingHeaders);
    if (file.redirect) return c.redirect(file.redirect, 301);
    return sendFile(c, file, urlPath, hostingHeaders);
  });
}

interface ResolvedFile {
  path: string;
  size: number;
  mtimeMs: number;
  redirect?: string;
}

/** Maps a URL path to a file inside root; never outside it. */
export async function resolveFile(root: string, urlPath: string): Promise<ResolvedFile | null> {
  if (urlPath.includes('\0')) return null;
  const relative = normalize(urlPath).replace(/^([/\\])+/, '');
  if (relative.split(sep).includes('..')) return null;
  const base = join(root, relative);
  if (base !== root && !base.startsWith(root + sep) && !base.startsWith(root)) return null;
  const candidates = urlPath.endsWith('/') ? [join(base, 'index.html')] : [base, join(base, 'index.html'), `${base}.html`];
  for (const candidate of candidates) {
    try {
      const info = await stat(candidate);
      if (info.isFile()) {
        // '/yazarlar' and '/yazarlar/' are both fine; no redirect needed for clean URLs.
        return { path: candidate, size: info.size, mtimeMs: info.mtimeMs };
      }
    } catch {
      // try the next candidate
    }
  }
  return null;
}

type HostingHeaders = (urlPath: string) => Record<string, string>;

async function sendFile(c: Context<ApiEnv>, file: ResolvedFile, urlPath: string, hostingHeaders: HostingHeaders, cacheOverride?: string) {
  const extension = extname(file.path).toLowerCase();
  const type = CONTENT_TYPES[extension] ?? 'application/octet-stream';
  // The build's brotli or gzip sibling (server/precompress.ts), as Firebase Hosting compresses.
  const encoded = PRECOMPRESSED_EXTENSIONS.has(extension) ? await precompressedSibling(file.path, c.req.header('accept-encoding')) : null;
  const sent = encoded ?? { path: file.path, size: file.size };
  const tag = createHash('sha1').update(`${file.path}:${file.size}:${file.mtimeMs}`).digest('base64url').slice(0, 16);
  const etag = `W/"${tag}${encoded ? `-${encoded.coding}` : ''}"`;
  // Exactly what firebase.json declares for this path; the article fallback alone must not be cached.
  const headers: Record<string, string> = { ...hostingHeaders(urlPath), 'Content-Type': type, ETag: etag };
  if (PRECOMPRESSED_EXTENSIONS.has(extension)) headers.Vary = 'Accept-Encoding';
  if (encoded) headers['Content-Encoding'] = encoded.coding;
  if (cacheOverride) headers['Cache-Control'] = cacheOverride;
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  headers['Content-Length'] = String(sent.size);
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  const body = await readFile(sent.path);
  return c.body(new Uint8Array(body.buffer, body.byteOffset, body.byteLength), 200, headers);
}

/** The pages of the build in `root` by address, for the on-demand renderer. */
function builtPages(root: string): BuiltPage {
  return async (path) => {
    const file = await resolveFile(root, path);
    return file ? readFile(file.path, 'utf8') : null;
  };
}

/**
 * A page rendered on demand: the static pages' headers under the function's own (as Hosting adds
 * firebase.json's headers to a function's answer), compressed as Hosting's CDN compresses it.
 */
async function sendRendered(c: Context<ApiEnv>, rendered: Response, urlPath: string, hostingHeaders: HostingHeaders) {
  const headers: Record<string, string> = { ...hostingHeaders(urlPath), 'Content-Type': rendered.headers.get('content-type')!, 'Cache-Control': rendered.headers.get('cache-control')!, Vary: 'Accept-Encoding' };
  const body = Buffer.from(await rendered.arrayBuffer());
  const coding = acceptedCodings(c.req.header('accept-encoding'))[0];
  const sent = coding === 'br' ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }) : coding === 'gzip' ? gzipSync(body) : body;
  if (coding) headers['Content-Encoding'] = coding;
  headers['Content-Length'] = String(sent.byteLength);
  const status = rendered.status === 404 ? 404 : 200;
  if (c.req.method === 'HEAD') return c.body(null, status, headers);
  return c.body(new Uint8Array(sent.buffer, sent.byteOffset, sent.byteLength), status, headers);
}

/** The first sibling the request accepts (brotli before gzip) that the build wrote. */
async function precompressedSibling(path: string, acceptEncoding: string | undefined): Promise<{ path: string; size: number; coding: Coding } | null> {
  for (const coding of acceptedCodings(acceptEncoding)) {
    const sibling = `${path}${ENCODINGS.find((e) => e.coding === coding)!.suffix}`;
    try {
      const info = await stat(sibling);
      if (info.isFile()) return { path: sibling, size: info.size, coding };
    } catch {
      // not written (the file was too small to gain from it): try the next coding
    }
  }
  return null;
}

/** Sections with their own not-found page (spec 000 §2.11 'Yazar Bulunamadı', §2.12 'Makale Bulunamadı', §2.15 'At bulunamadı'). */
const SECTION_NOT_FOUND: [prefix: string, page: string][] = [
  ['/yazarlar/', 'yazarlar/yazar-bulunamadi/index.html'],
  ['/makale/', 'hata/makale-bulunamadi/index.html'],
  ['/at-detay/', 'hata/at-bulunamadi/index.html'],
  ['/jokey/', 'hata/jokey-bulunamadi/index.html'],
  ['/antrenor/', 'hata/antrenor-bulunamadi/index.html'],
];

async function notFound(c: Context<ApiEnv>, root: string, hostingHeaders: HostingHeaders) {
  const path = new URL(c.req.url).pathname;
  const section = SECTION_NOT_FOUND.find(([prefix, file]) => path.startsWith(prefix) && existsSync(join(root, file)));
  const page = join(root, section ? section[1] : '404.html');
  const headers = { ...hostingHeaders(path), 'Content-Type': 'text/html; charset=utf-8' };
  if (existsSync(page)) {
    if (c.req.method === 'HEAD') return c.body(null, 404, headers);
    return c.body(new Uint8Array(await readFile(page)), 404, headers);
  }
  return c.body('<!doctype html><html lang="tr"><meta charset="utf-8"><title>Sayfa bulunamadı</title><h1>Sayfa bulunamadı</h1><p><a href="/">Ana Sayfa</a></p>', 404, headers);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * `GET /_dev/outbox`: the local mail outbox (password resets, verifications), so mail flows can be
 * completed without a real mail server. Never mounted in production.
 */
function mountDevOutbox(app: Hono<ApiEnv>, deps: AppDeps, siteDir: string, hostingHeaders: HostingHeaders): void {
  // Reset links are account keys: only someone at this computer may read them, even when HOST
  // opens the server to the network. A forwarding header means a proxy relayed someone else.
  app.use('/_dev/*', async (c, next) => {
    if (!isLoopback(socketAddress(c)) || c.req.header('x-forwarded-for') || c.req.header('forwarded')) return notFound(c, siteDir, hostingHeaders);
    await next();
  });
  app.get('/_dev/outbox', async (c) => {
    const [mails, texts] = await Promise.all([
      deps.store.collection('mail').orderBy('createdAt', 'desc').limit(100).get(),
      deps.store.collection('messages').orderBy('createdAt', 'desc').limit(100).get(),
    ]);
    const rows = mails
      .map((mail) => {
        const message = (mail.message ?? {}) as { subject?: string; text?: string; html?: string };
        const createdAt = mail.createdAt instanceof Date ? mail.createdAt : null;
        const body = message.html ?? escapeHtml(message.text ?? '').replace(/\n/g, '<br>');
        return `<article><header><strong>${escapeHtml(message.subject ?? '(konu yok)')}</strong><br><small>Alıcı: ${escapeHtml(
          Array.isArray(mail.to) ? mail.to.join(', ') : String(mail.to ?? ''),
        )} · ${createdAt ? createdAt.toLocaleString('tr-TR', { timeZone: 'Europe/Istanbul' }) : ''}</small></header><div class="body">${body}</div></article>`;
      })
      .join('');
    const smsRows = texts
      .map((sms) => {
        const createdAt = sms.createdAt instanceof Date ? sms.createdAt : null;
        return `<article class="sms"><small>Alıcı: ${escapeHtml(String(sms.to ?? ''))} · ${createdAt ? createdAt.toLocaleString('tr-TR', { timeZone: 'Europe/Istanbul' }) : ''}</small><div class="body">${escapeHtml(String(sms.body ?? ''))}</div></article>`;
      })
      .join('');
    return c.html(
      `<!doctype html><html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Geliştirme: Giden e-postalar</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;background:#f3f4f6;color:#1f2933}article{background:#fff;border-radius:10px;padding:1rem 1.25rem;margin:1rem 0;box-shadow:0 1px 3px #0002}.body{margin-top:.75rem;border-top:1px solid #e5e7eb;padding-top:.75rem}</style></head>
<body><h1>Giden e-postalar ve SMS'ler (yalnızca geliştirme)</h1><p>Üretimde bu sayfa yoktur; e-postaları Trigger Email, SMS'leri Send Messages with Twilio eklentisi gönderir.</p>
<section id="sms"><h2>SMS (son ${texts.length})</h2>${smsRows || '<p>Henüz SMS yok.</p>'}</section>
<section id="e-posta"><h2>E-postalar (son ${mails.length})</h2>${rows || '<p>Henüz e-posta yok.</p>'}</section></body></html>`,
      200,
      { 'Cache-Control': 'no-store' },
    );
  });
}

export interface Rebuilder {
  /** Asks for a rebuild; every request that arrives before a build starts is covered by that one build. */
  request(reason: string): void;
  /** Resolves when no build is pending or running (tests and shutdown). */
  idle(): Promise<void>;
  close(): void;
}

/**
 * Coalescing rebuild trigger behind `deps.requestRebuild`. Waits for `debounceMs` of quiet (at most
 * `maxWaitMs` after the first request), and never runs two builds at once: whatever arrives during
 * a build is built, all of it, by the next one. A staff member publishing every minute would
 * otherwise keep a build running all the time on the machine that serves the visitors, so builds
 * start at least `minIntervalMs` apart; the new article is served meanwhile by its on-demand page
 * (SITE_FALLBACKS), only the lists wait for the build. A failed build's reasons are not dropped:
 * they are built again after `retryMs`, doubled after each failure in a row up to 16 times that.
 */
export function createRebuilder(options: {
  build: (reasons: string[]) => Promise<void>;
  log: AppDeps['log'];
  debounceMs?: number;
  maxWaitMs?: number;
  minIntervalMs?: number;
  retryMs?: number;
}): Rebuilder {
  const debounceMs = options.debounceMs ?? 2_000;
  const maxWaitMs = options.maxWaitMs ?? 15_000;
  const minIntervalMs = options.minIntervalMs ?? 60_000;
  const retryMs = options.retryMs ?? 60_000;
  let timer: NodeJS.Timeout | null = null;
  let firstRequestAt = 0;
  let lastStartAt: number | null = null;
  let failuresInARow = 0;
  let pending: string[] = [];
  let running: Promise<void> | null = null;
  let closed = false;
  let waiters: (() => void)[] = [];

  const settle = () => {
    if (!timer && !running && pending.length === 0) {
      for (const resolve of waiters) resolve();
      waiters = [];
    }
  };

  /** How long until the pending reasons may be built: the debounce, bounded by the maximum wait, and the spacing. */
  const delay = () => {
    const now = Date.now();
    const debounced = Math.max(0, Math.min(debounceMs, maxWaitMs - (now - firstRequestAt)));
    const spaced = lastStartAt === null ? 0 : lastStartAt + minIntervalMs - now;
    return Math.max(debounced, spaced);
  };

  const run = () => {
    timer = null;
    if (running || closed) return;
    const reasons = pending;
    pending = [];
    const started = Date.now();
    lastStartAt = started;
    options.log.info('site rebuild started', { reasons });
    let failed = false;
    running = options
      .build(reasons)
      .then(
        () => {
          failuresInARow = 0;
          options.log.info('site rebuild finished', { ms: Date.now() - started });
        },
        (error: unknown) => {
          failed = true;
          failuresInARow += 1;
          pending = [...reasons, ...pending];
          options.log.error('site rebuild failed', { error: error instanceof Error ? error.message : String(error), retryInMs: retryDelay() });
        },
      )
      .finally(() => {
        running = null;
        if (pending.length > 0 && !closed) schedule(failed ? Math.max(retryDelay(), delay()) : delay());
        settle();
      });
  };

  const retryDelay = () => retryMs * 2 ** Math.min(failuresInARow - 1, 4);

  const schedule = (ms: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, ms);
  };

  return {
    request(reason) {
      if (closed) return;
      if (pending.length === 0) firstRequestAt = Date.now();
      pending.push(reason);
      if (running) return; // picked up when the current build finishes
      // After a failure the retry is already scheduled; a new request does not hurry it.
      if (failuresInARow > 0 && timer) return;
      schedule(delay());
    },
    idle() {
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        settle();
      });
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      pending = [];
      settle();
    },
  };
}
