import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { bundleRecordPages } from '../../scripts/bundle-record-pages.js';
import type { handleRecordRequest } from '../../server/record-handler.js';
import { RECORD_PAGE_CACHE, renderRecordPage } from '../../server/record-page.js';
import { browserSuite, cspViolations, RECORD_VIOLATIONS, signedInContext, waitForIsland } from '../support/browser.js';
import { DEMO_PASSWORD, loginMember } from '../support/login.js';

/**
 * Issue 21 at scale: horse and jockey pages that are not prebuilt (older horses, records added
 * after the build) are rendered by the server from the section's `_yeni` page: the same HTML a
 * prebuilt page has, a 404 page for an unknown id, a CDN-cacheable answer, and a page that
 * hydrates under the site's CSP without a violation or a hydration error.
 */
const suite = browserSuite({ shots: process.env.RECORD_SHOTS ?? '/tmp/record-on-demand-shots' });

const NEW_HORSE = { id: 'h99000001', name: 'SONRADAN GELEN' };
const NEW_JOCKEY = { id: 'j-sonradan-gelen-jokey', name: 'Sonradan Gelen Jokey' };

/** A horse and a jockey imported after the build: copies of prebuilt ones under new ids and names. */
async function addRecordsAfterTheBuild() {
  const { store } = suite.site.server.deps;
  const [horse] = await store.collection('horses').where('programmeDate', '>=', '2000-01-01').limit(1).get();
  const [jockey] = await store.collection('jockeys').limit(1).get();
  const { id: _h, ...horseData } = horse!;
  const { id: _j, ...jockeyData } = jockey!;
  await store.set('horses', NEW_HORSE.id, { ...horseData, tjkId: NEW_HORSE.id.slice(1), name: NEW_HORSE.name, nameKey: 'sonradan gelen', programmeDate: '2001-01-01' });
  await store.set('jockeys', NEW_JOCKEY.id, { ...jockeyData, name: NEW_JOCKEY.name, nameKey: 'sonradan gelen jokey' });
}

const get = (path: string) => fetch(suite.url(path));
const built = (section: string) => readdirSync(join(suite.site.siteDir, section)).filter((name) => name !== '_yeni');
const withoutIslandIds = (html: string) => html.replace(/ uid="[^"]*"/g, '');

describe('horse and jockey pages on demand', () => {
  it('a horse and a jockey not in the build get a server-rendered page with their name, title and canonical, cacheable by the CDN', async () => {
    await addRecordsAfterTheBuild();
    expect(built('at-detay')).not.toContain(NEW_HORSE.id);
    for (const [path, name, title] of [
      [`/at-detay/${NEW_HORSE.id}`, NEW_HORSE.name, `${NEW_HORSE.name} – At Detayı | Ganyan`],
      [`/jokey/${NEW_JOCKEY.id}`, NEW_JOCKEY.name, `${NEW_JOCKEY.name} – Jokey | Ganyan`],
    ] as const) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe(RECORD_PAGE_CACHE);
      expect(response.headers.get('cache-control')).toMatch(/^public, .*s-maxage=\d+/);
      const html = await response.text();
      expect(html).toMatch(new RegExp(`<h1[^>]*>${name}</h1>`));
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toContain(`<link rel="canonical" href="${suite.url(path)}">`);
      expect(html).toContain(`<meta property="og:url" content="${suite.url(path)}">`);
      expect(html).not.toContain('noindex');
      expect(html).not.toContain('bilgileri yükleniyor');
    }
  });

  it('the recordPages function’s bundle, behind a plain HTTP server, answers as the local server does, reading its pages from the site', async () => {
    await addRecordsAfterTheBuild();
    const dir = mkdtempSync(join(tmpdir(), 'record-bundle-'));
    const bundle = (await import(pathToFileURL(await bundleRecordPages(join(dir, 'index.js'))).href)) as { handleRecordRequest: typeof handleRecordRequest };
    const { deps } = suite.site.server;
    const server: ServerType = await new Promise((resolve) => {
      const s = serve({ fetch: (request) => bundle.handleRecordRequest(deps, request), port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    const functionUrl = (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
    try {
      const path = `/at-detay/${NEW_HORSE.id}`;
      const response = await fetch(functionUrl(path));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe(RECORD_PAGE_CACHE);
      expect(response.headers.get('cache-control')).toMatch(/^public, .*s-maxage=\d+/);
      const html = await response.text();
      expect(html).toMatch(new RegExp(`<h1[^>]*>${NEW_HORSE.name}</h1>`));
      expect(html).toContain(`<title>${NEW_HORSE.name} – At Detayı | Ganyan</title>`);
      expect(html).toContain(`<link rel="canonical" href="${suite.url(path)}">`);
      expect(withoutIslandIds(html)).toBe(withoutIslandIds(await (await get(path)).text()));
      const jockey = await fetch(functionUrl(`/jokey/${NEW_JOCKEY.id}`));
      expect(jockey.status).toBe(200);
      expect(await jockey.text()).toContain(`<title>${NEW_JOCKEY.name} – Jokey | Ganyan</title>`);
      for (const [unknown, text] of [
        ['/at-detay/h99999999', 'At bulunamadı'],
        ['/jokey/j-boyle-biri-yok', 'Jokey bulunamadı'],
        ['/baska-bir-yer', 'bulunamadı'],
      ] as const) {
        const missing = await fetch(functionUrl(unknown));
        expect(missing.status, unknown).toBe(404);
        expect(await missing.text()).toContain(text);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('an unknown or malformed id gets the section’s 404 page', async () => {
    for (const [path, text] of [
      ['/at-detay/h99999999', 'At bulunamadı'],
      ['/at-detay/bilinmeyen', 'At bulunamadı'],
      ['/jokey/j-boyle-biri-yok', 'Jokey bulunamadı'],
      ['/antrenor/a-boyle-biri-yok', 'Antrenör bulunamadı'],
    ] as const) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain(text);
    }
  });

  it('renders a prebuilt horse, jockey and trainer exactly as the build wrote them', async () => {
    const { deps } = suite.site.server;
    for (const [section, kind] of [
      ['at-detay', 'horse'],
      ['jokey', 'jockey'],
      ['antrenor', 'trainer'],
    ] as const) {
      const id = built(section)[0]!;
      const fallback = readFileSync(join(suite.site.siteDir, section, '_yeni', 'index.html'), 'utf8');
      const rendered = await renderRecordPage(deps, kind, id, fallback);
      const prebuilt = readFileSync(join(suite.site.siteDir, section, id, 'index.html'), 'utf8');
      expect(withoutIslandIds(rendered!), `${section}/${id}`).toBe(withoutIslandIds(prebuilt));
    }
  });

  it('a visitor’s horse page loads React only when its record has changed since the page was made; a member’s at once, for the follow button', async () => {
    const { deps } = suite.site.server;
    const id = built('at-detay')[0]!;
    const island = '[component-url*="/HorseDetail."]';
    /** Opens the page in a fresh context (the browser keeps the record's API answer a minute) and waits until it has compared the record. */
    const open = async (context: Awaited<ReturnType<typeof suite.browser.newContext>>) => {
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await Promise.all([page.waitForResponse((response) => response.url().endsWith(`/api/horses/${id}`)), page.goto(suite.url(`/at-detay/${id}`))]);
      return { page, scripts };
    };
    const visitor = () => suite.browser.newContext({ viewport: { width: 390, height: 900 }, locale: 'tr-TR' });

    // Unchanged: the record answers, nothing more is fetched, the island keeps its static HTML.
    const unchanged = await visitor();
    const { page, scripts } = await open(unchanged);
    await page.waitForLoadState('networkidle');
    expect(await page.locator(`astro-island${island}`).getAttribute('ssr')).not.toBeNull();
    expect(scripts.filter((path) => path.includes('/HorseDetail.'))).toEqual([]);
    // The first use brings React in, and a tab pressed meanwhile still opens.
    await page.getByRole('tab', { name: 'Koşu Geçmişi' }).click();
    await waitForIsland(page, 'HorseDetail');
    await expect(page.getByRole('tab', { name: 'Koşu Geçmişi' }).getAttribute('aria-selected')).resolves.toBe('true');
    await unchanged.close();

    // Changed since the build (a results import the next build has not reached): React at once, the live record shown.
    const horse = await deps.store.get('horses', id);
    await deps.store.update('horses', id, { name: 'ADI DEĞİŞEN' });
    try {
      const changed = await visitor();
      const fresh = await open(changed);
      await waitForIsland(fresh.page, 'HorseDetail');
      await fresh.page.locator('h1', { hasText: 'ADI DEĞİŞEN' }).waitFor();
      await changed.close();
    } finally {
      await deps.store.update('horses', id, { name: horse!.name });
    }

    // A member who follows the horse sees 'Takipte' without touching the page.
    const member = await loginMember(suite.site.server, 'uye04@ganyan.local', DEMO_PASSWORD);
    expect((await suite.site.server.api('POST', `/api/horses/${id}/follow`, { token: member.token })).status).toBe(201);
    const signedIn = await signedInContext(suite.browser, member, 'member', { width: 390 });
    const own = await open(signedIn);
    await waitForIsland(own.page, 'HorseDetail');
    await own.page.getByRole('button', { name: `${horse!.name as string} takibini bırak` }).waitFor();
    await signedIn.close();
  }, 180_000);

  it('the rendered page hydrates under the CSP without a violation or an error, at 390 and 1280 px', async () => {
    for (const width of [390, 1280]) {
      const context = await suite.browser.newContext({ viewport: { width, height: 900 }, locale: 'tr-TR' });
      await context.addInitScript(RECORD_VIOLATIONS);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(suite.url(`/at-detay/${NEW_HORSE.id}`));
      await expect(page.locator('h1').innerText()).resolves.toBe(NEW_HORSE.name);
      // Unchanged since it was rendered, so React comes with the first use.
      await page.getByRole('tab', { name: 'Koşu Geçmişi' }).click();
      await waitForIsland(page, 'HorseDetail');
      await page.locator('.horse table tbody tr').first().waitFor();
      await suite.shot(page, `horse-on-demand-${width}`);
      expect(await cspViolations(page)).toEqual([]);
      await page.goto(suite.url(`/jokey/${NEW_JOCKEY.id}`));
      await page.getByTestId('jockey-detail').hover();
      await waitForIsland(page, 'JockeyDetail');
      await expect(page.getByTestId('jockey-detail').locator('h1').innerText()).resolves.toBe(NEW_JOCKEY.name);
      await suite.shot(page, `jockey-on-demand-${width}`);
      expect(await cspViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 180_000);
});
