/**
 * What one page costs a visitor, measured in Chromium: HTML bytes, JS gzip before any
 * interaction and after every island has hydrated, image bytes, request count.
 */
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { writeStoredSession, type StoredSession } from './stored-session.js';

export interface PageTarget {
  type: string;
  path: string;
  /** Session to put in localStorage before the page's own scripts run (a signed-in reader). */
  session?: StoredSession;
}

export interface PageWeight {
  type: string;
  path: string;
  status: number;
  finalPath: string;
  htmlBytes: number;
  htmlGzip: number;
  jsGzipBeforeInteraction: number;
  jsGzipAfterHydration: number;
  renderBlockingScripts: number;
  imageBytes: number;
  requests: number;
  islands: string[];
}

const gz = (data: Buffer) => gzipSync(data, { level: 6 }).length;

export async function measurePage(browser: Browser, base: string, target: PageTarget): Promise<PageWeight> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  if (target.session) await context.addInitScript(writeStoredSession, target.session);
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  const before = new Set<string>();
  let phase: 'before' | 'after' = 'before';
  let imageBytes = 0;
  let requests = 0;
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    requests += 1;
    const type = request.resourceType();
    if (type !== 'script' && type !== 'image') return;
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return;
        const body = await response.body().catch(() => null);
        if (!body) return;
        if (type === 'image') imageBytes += body.length;
        else {
          if (phase === 'before') before.add(request.url());
          scripts.set(request.url(), gz(body));
        }
      })(),
    );
  });
  page.on('requestfailed', () => {
    requests += 1;
  });

  const response = await page.goto(`${base}${target.path}`, { waitUntil: 'load' });
  const htmlBody = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
  await page.waitForLoadState('networkidle').catch(() => {});
  // Scripts in <head> without async/defer/module stop the parser: the goal is none.
  const renderBlockingScripts = await page
    .evaluate(() => [...document.querySelectorAll('head script[src]')].filter((s) => !(s as HTMLScriptElement).async && !(s as HTMLScriptElement).defer && (s as HTMLScriptElement).type !== 'module').length)
    .catch(() => 0);
  phase = 'after';
  // Bring client:visible islands into view and give client:idle ones their idle time.
  await page
    .evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 80));
      }
      window.scrollTo(0, document.body.scrollHeight);
    })
    .catch(() => {});
  // Islands that wait for the reader's first use (client:interact, client:session) get it: a focus
  // inside each (no click, so nothing navigates or changes).
  await page
    .evaluate(() => {
      for (const island of document.querySelectorAll('astro-island[ssr]')) island.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    })
    .catch(() => {});
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0, null, { timeout: 15_000 }).catch(() => {});
  await page.waitForLoadState('networkidle').catch(() => {});
  await Promise.all(pending);
  const islands = await page
    .locator('astro-island')
    .evaluateAll((els) => els.map((el) => (el.getAttribute('component-url') ?? '').split('/').pop()!.replace(/\.[^.]+\.js$/, '')))
    .catch(() => [] as string[]);
  const sum = (urls: Iterable<string>) => [...urls].reduce((total, url) => total + (scripts.get(url) ?? 0), 0);
  const result: PageWeight = {
    type: target.type,
    path: target.path,
    status: response?.status() ?? 0,
    finalPath: new URL(page.url()).pathname,
    htmlBytes: htmlBody.length,
    htmlGzip: htmlBody.length ? gz(htmlBody) : 0,
    jsGzipBeforeInteraction: sum(before),
    jsGzipAfterHydration: sum(scripts.keys()),
    renderBlockingScripts,
    imageBytes,
    requests,
    islands: [...new Set(islands)],
  };
  await context.close();
  return result;
}
