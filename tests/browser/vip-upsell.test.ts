/**
 * No upsell to members who already pay: the home page's 'VIP ÜYELİK — Hemen Başla' card shows for a
 * visitor and a standard member, and never for an active VIP (not even in the first frame: the
 * card's variant is picked before first paint from the stored session), who sees the days left in
 * the same box with no layout shift (measured). Screenshots to $GANYAN_NOTIFY_SHOTS or /tmp/ganyan-notify-shots.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/build-site.js';
import { launchBrowser } from '../support/browser.js';
import { addUser } from '../support/login.js';
import { startTestServer, type TestServer } from '../support/server.js';

const SHOTS = process.env.GANYAN_NOTIFY_SHOTS ?? '/tmp/ganyan-notify-shots';
let server: TestServer;
let browser: Browser;
let siteRoot: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  siteRoot = mkdtempSync(join(tmpdir(), 'ganyan-upsell-site-'));
  const siteDir = join(siteRoot, 'dist');
  await buildSite({ siteDir, search: false, quiet: true, env: { ...process.env, GANYAN_DATA_DIR: join(siteRoot, 'data') } });
  server = await startTestServer({ siteDir });
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (siteRoot) rmSync(siteRoot, { recursive: true, force: true });
});

async function login(page: Page, email: string, password: string) {
  await page.goto(`${server.baseUrl}/giris`);
  await page.fill('#email', email);
  await page.fill('#password', password);
  await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
  await page.waitForURL(`${server.baseUrl}/`, { timeout: 30_000 });
  await page.getByTestId('welcome-strip').waitFor();
}

/** Records every layout shift and, at each animation frame, whether the upsell button was visible. */
async function watchHome(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: number; __upsellSeen: boolean; __sources: string[] };
    // Shifts of the page's content (main); the header's session strip is the header's own business.
    w.__shifts = 0;
    w.__sources = [];
    w.__upsellSeen = false;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
        if (entry.hadRecentInput) continue;
        const inMain = (entry.sources ?? []).filter((source) => source.node instanceof Element && source.node.closest('main'));
        // <main> itself moving means something above it (header, session strip) changed height: the
        // header's business, measured by its own tests. The VIP card's own changes move parts of main.
        if (inMain.length === 0 || inMain.some((source) => (source.node as Element).tagName === 'MAIN')) continue;
        w.__shifts += entry.value;
        for (const source of inMain) w.__sources.push(`${(source.node as Element).tagName}.${(source.node as Element).className}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
    const check = () => {
      const cta = document.querySelector('.vip-upsell .vip-cta');
      if (cta && getComputedStyle(cta).visibility === 'visible') w.__upsellSeen = true;
      if (performance.now() < 8000) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  await page.goto(`${server.baseUrl}/`);
  await page.waitForLoadState('load');
  // Let the session island answer (the VIP status) before reading the figures.
  await page.waitForFunction(() => performance.now() > 3000);
  return page.evaluate(() => {
    const w = window as unknown as { __shifts: number; __upsellSeen: boolean; __sources: string[] };
    return { shifts: w.__shifts, upsellSeen: w.__upsellSeen, sources: w.__sources };
  });
}

describe('no upsell to active VIPs', { timeout: 300_000 }, () => {
  it('a visitor and a standard member see the VIP card; an active VIP sees the days left instead, from the first frame, with no layout shift', async () => {
    const now = server.deps.now();
    const vip = await addUser(server, {
      params: { logN: 10, r: 8, p: 1 },
      vip: { status: 'active', subscriptionId: null, startDate: now, endDate: new Date(now.getTime() + 12 * 86_400_000 - 3_600_000), durationDays: 30 },
    });
    const member = await addUser(server, { params: { logN: 10, r: 8, p: 1 } });

    for (const width of [390, 1280]) {
      const visitor = await browser.newContext({ viewport: { width, height: 900 }, locale: 'tr-TR' });
      const visitorPage = await visitor.newPage();
      const seen = await watchHome(visitorPage);
      expect(seen.upsellSeen).toBe(true);
      expect(await visitorPage.getByRole('link', { name: 'Hemen Başla' }).isVisible()).toBe(true);
      await visitorPage.locator('.vip-card').screenshot({ path: join(SHOTS, `vip-card-visitor-${width}.png`) });
      await visitor.close();

      const standard = await browser.newContext({ viewport: { width, height: 900 }, locale: 'tr-TR' });
      const standardPage = await standard.newPage();
      await login(standardPage, member.email, member.password);
      const standardFigures = await watchHome(standardPage);
      expect(standardFigures.upsellSeen).toBe(true);
      await standard.close();

      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'tr-TR' });
      const page = await context.newPage();
      await login(page, vip.email, vip.password);
      // The first visit after login learns the end date; every later page knows it before first paint.
      const figures = await watchHome(page);
      expect(figures.upsellSeen).toBe(false);
      expect(figures).toMatchObject({ shifts: 0, sources: [] });
      expect(await page.getByRole('link', { name: 'Hemen Başla' }).isVisible()).toBe(false);
      expect(await page.getByTestId('vip-card-member').textContent()).toContain('12 gün kaldı');
      expect(await page.getByRole('link', { name: 'VIP Siparişlerim' }).first().isVisible()).toBe(true);
      await page.screenshot({ path: join(SHOTS, `home-vip-${width}.png`) });
      await page.locator('.vip-card').screenshot({ path: join(SHOTS, `vip-card-vip-${width}.png`) });
      await context.close();
    }
  });
});
