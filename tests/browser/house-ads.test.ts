/**
 * House ads in real Chromium (issue 15): a visitor sees the demo ads below the header, in the home
 * page's side column and inside an article after its first paragraphs, each marked "Reklam" with a
 * rel="sponsored noopener" link, and a double click counts once; an active VIP opening the same
 * pages never has an ad slot displayed in any frame (checked every animation frame) and never asks
 * for ads; layout shifts are measured for both (0). Staff create an ad in the 'Reklamlar' tab.
 * Screenshots at 390 and 1280 px to $GANYAN_ADS_SHOTS or /tmp/ganyan-ads-shots.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, DEMO_PASSWORD } from '../../server/seed/users.js';
import { launchBrowser, openStaffTab, startSiteServer, type SiteServer, saveScreen } from '../support/browser.js';
import { addUser, loginMember, loginStaff, type LoggedIn } from '../support/login.js';

const SHOTS = process.env.GANYAN_ADS_SHOTS ?? '/tmp/ganyan-ads-shots';
/** The seeded site, one browser and a signed-in admin, shared by the file's cases. */
let env: { site: SiteServer; browser: Browser; admin: LoggedIn; articlePath: string } | undefined;
const ctx = () => env!;

beforeAll(async () => {
  const site = await startSiteServer();
  // A public article with several paragraphs (the in-article slot goes after the second).
  const list = await site.server.api('GET', '/api/articles?limit=50');
  const chosen = (list.body.data as { slug: string; visibility: string }[]).find((a) => a.visibility === 'public')!;
  env = { site, browser: await launchBrowser(), admin: await loginStaff(site.server, ADMIN_EMAIL, DEMO_PASSWORD, { ip: '10.78.0.1' }), articlePath: `/makale/${chosen.slug}` };
}, 900_000);

afterAll(async () => {
  await env?.browser.close();
  await env?.site.close();
});

interface Watch {
  shifts: number;
  /** Every layout shift of the page, the header's too. */
  all: number;
  sources: string[];
  adSeen: boolean;
  /** Slot -> every height it had (px) across frames. */
  heights: Record<string, number[]>;
  adRequests: number;
}

/** Opens a page recording layout shifts (outside the header's session strip) and whether any ad slot was displayed in any frame. */
async function watch(page: Page, path: string): Promise<Watch> {
  let adRequests = 0;
  const count = (url: string) => {
    if (new URL(url).pathname === '/api/ads') adRequests += 1;
  };
  page.on('request', (request) => count(request.url()));
  await page.addInitScript(() => {
    const w = window as unknown as { __ads: { shifts: number; all: number; sources: string[]; adSeen: boolean; heights: Record<string, number[]> } };
    w.__ads = { shifts: 0, all: 0, sources: [], adSeen: false, heights: {} };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
        if (entry.hadRecentInput) continue;
        w.__ads.all += entry.value;
        const nodes = (entry.sources ?? []).map((s) => s.node).filter((n): n is Element => n instanceof Element);
        // As in vip-upsell.test.ts: the page's content moving as a whole (<main> itself a source) is the
        // header's session strip, measured by the header's tests. The ads' own boxes are checked below.
        // Only the page's column counts (header ad, banner, main): the header and the session strip
        // after it (a VIP's badge arriving) belong to the header's tests.
        if (nodes.some((n) => n.tagName === 'MAIN') || !nodes.some((n) => n.closest('.column'))) continue;
        w.__ads.shifts += entry.value;
        for (const n of nodes) w.__ads.sources.push(`${n.tagName}.${n.className}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
    const check = () => {
      document.querySelectorAll<HTMLElement>('.house-ad').forEach((slot, i) => {
        const height = Math.round(slot.getBoundingClientRect().height * 10) / 10;
        if (getComputedStyle(slot).display !== 'none' && height > 0) w.__ads.adSeen = true;
        // Every distinct height a slot had, from the first frame its box was there (the slow HTML can be
        // painted with only the label parsed, and nothing after it yet): one value = nothing moved because of it.
        if (!slot.querySelector('.house-ad__box')) return;
        const seen = (w.__ads.heights[`${slot.dataset.houseAd}-${i}`] ??= []);
        if (!seen.includes(height)) seen.push(height);
      });
      if (performance.now() < 8000) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  // The HTML arrives as over a slow phone connection (30 kB/s, then full speed once it is parsed), so
  // Chromium paints pages that are only partly there, as a real visitor's does: a part placed by where
  // it comes in the HTML rather than by the layout jumps when the rest arrives (the home page's side
  // column did, CLS 0.13). At full speed the page is complete before the first paint and hides that.
  const cdp = await page.context().newCDPSession(page);
  const network = (throughput: number) => cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: throughput, uploadThroughput: -1 });
  await network(30_000);
  page.once('domcontentloaded', () => void network(-1));
  await page.goto(`${ctx().site.baseUrl}${path}`);
  await page.waitForLoadState('load');
  // Every island and the session's VIP answer have had their chance to change the page.
  await page.waitForFunction(() => performance.now() > 4000);
  const figures = await page.evaluate(() => (window as unknown as { __ads: Omit<Watch, 'adRequests'> }).__ads);
  return { ...figures, adRequests };
}

/** Each slot kept one height from the first frame to the last: its space was reserved. */
function expectSteady(seen: Watch) {
  for (const [slot, heights] of Object.entries(seen.heights)) expect(heights, `${slot}: ${heights.join(' -> ')} px`).toHaveLength(1);
}

/** A slot that shows an ad: the image loaded, the label and the sponsored link. */
async function expectFilled(page: Page, placement: string) {
  const slot = page.locator(`[data-house-ad="${placement}"]`).first();
  await slot.locator('img').waitFor();
  await page.waitForFunction((p) => {
    const img = document.querySelector<HTMLImageElement>(`[data-house-ad="${p}"] img`);
    return !!img && img.complete && img.naturalWidth > 0;
  }, placement);
  expect(await slot.locator('.house-ad__label').textContent()).toBe('Reklam');
  expect(await slot.locator('a.house-ad__link').getAttribute('rel')).toBe('sponsored noopener');
  expect(await slot.locator('img').getAttribute('alt')).toBeTruthy();
  return slot;
}

describe('house ads', { timeout: 600_000 }, () => {
  it('a visitor sees the ads on the home page and in an article, with no layout shift; a double click counts once', async () => {
    for (const width of [390, 1280]) {
      const context = await ctx().browser.newContext({ viewport: { width, height: 900 }, locale: 'tr-TR' });
      const page = await context.newPage();
      const home = await watch(page, '/');
      // Nothing in the page column moves (0). The whole page, header included, is held under 0.001: the
      // header once moved by 0.0005 at 390 px on a loaded machine, and the header has tests of its own.
      expect(home.adSeen).toBe(true);
      expect(home.shifts, `/ at ${width}: ${JSON.stringify(home.sources)}`).toBe(0);
      expect(home.all, `/ at ${width}, header included`).toBeLessThan(0.001);
      expectSteady(home);
      await expectFilled(page, 'header');
      // The side column's ad only where there is a side column.
      if (width === 1280) await expectFilled(page, 'sidebar');
      else expect(await page.locator('[data-house-ad="sidebar"]').isVisible()).toBe(false);
      await saveScreen(page, join(SHOTS, `home-visitor-${width}.png`));

      const article = await watch(page, ctx().articlePath);
      expect(article, JSON.stringify(article.sources)).toMatchObject({ shifts: 0, adSeen: true });
      expectSteady(article);
      // The in-article slot is filled as it comes near the screen (the reader scrolls to it), not at load.
      await page.locator('[data-house-ad="article"]').scrollIntoViewIfNeeded();
      const inArticle = await expectFilled(page, 'article');
      // After the first paragraphs of the text, inside it.
      const before = await inArticle.evaluate((node) => {
        let n = node.previousElementSibling;
        let paragraphs = 0;
        while (n) {
          if (n.tagName === 'P') paragraphs += 1;
          n = n.previousElementSibling;
        }
        return { paragraphs, inProse: !!node.closest('.prose') };
      });
      expect(before.inProse).toBe(true);
      expect(before.paragraphs).toBeGreaterThanOrEqual(1);
      await inArticle.scrollIntoViewIfNeeded();
      await saveScreen(page, join(SHOTS, `article-visitor-${width}.png`));
      await context.close();
    }

    // A double click on one showing is one click for the staff counter.
    const context = await ctx().browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'tr-TR' });
    const page = await context.newPage();
    await page.goto(`${ctx().site.baseUrl}/`);
    const link = (await expectFilled(page, 'header')).locator('a.house-ad__link');
    const adId = (await link.getAttribute('data-ad-id'))!;
    const clicksOf = async () => {
      const list = await ctx().site.server.api('GET', '/api/admin/settings/ads', { token: ctx().admin.token });
      return (list.body.data as { id: string; clicks: number }[]).find((a) => a.id === adId)!.clicks;
    };
    const before = await clicksOf();
    const answered = page.waitForResponse((r) => r.url().includes(`/api/ads/${adId}/click`));
    await link.dblclick();
    await answered;
    await expect.poll(clicksOf, { timeout: 20_000 }).toBe(before + 1);
    await context.close();
  });

  it('an active VIP opening the same pages never has an ad displayed, in any frame, and no layout shift', async () => {
    const now = ctx().site.server.deps.now();
    // Cheap scrypt parameters: the login is not what is measured here (the seeded members' cost is slow on a loaded machine).
    const vip = await addUser(ctx().site.server, { params: { logN: 10, r: 8, p: 1 }, vip: { status: 'active', subscriptionId: null, startDate: now, endDate: new Date(now.getTime() + 20 * 86_400_000), durationDays: 30 } });
    // The state a real login leaves (tokens, user, the VIP end): the login form is the member area's test.
    const session = await loginMember(ctx().site.server, vip.email, vip.password, { rememberMe: true, ip: '10.78.0.2' });
    const vipUntil = new Date(now.getTime() + 20 * 86_400_000).toISOString();
    for (const width of [390, 1280]) {
      const context = await ctx().browser.newContext({ viewport: { width, height: 900 }, locale: 'tr-TR' });
      await context.addInitScript(
        ({ token, refreshToken, user, until }) => {
          if (localStorage.getItem('authToken')) return;
          localStorage.setItem('authToken', token);
          localStorage.setItem('refreshToken', refreshToken);
          localStorage.setItem('userData', JSON.stringify(user));
          localStorage.setItem('rememberMe', 'true');
          localStorage.setItem('vipUntil', until);
        },
        { token: session.token, refreshToken: session.refreshToken, user: session.user, until: vipUntil },
      );
      const page = await context.newPage();
      // Every page knows the VIP end before first paint, from the stored session.
      for (const path of ['/', ctx().articlePath]) {
        const seen = await watch(page, path);
        expect(seen, `${path} at ${width}`).toMatchObject({ adSeen: false, adRequests: 0 });
        expect(seen.shifts, `${path} at ${width}: ${JSON.stringify(seen.sources)}`).toBe(0);
        await saveScreen(page, join(SHOTS, `${path === '/' ? 'home' : 'article'}-vip-${width}.png`));
      }
      await context.close();
    }
  });

  it('staff create an ad in the Reklamlar tab; it reaches the public slot', async () => {
    const image = await sharp({ create: { width: 300, height: 250, channels: 3, background: '#1e7b34' } }).png().toBuffer();
    for (const width of [1280, 390]) {
      const { ctx: staffContext, page } = await openStaffTab(ctx().browser, `${ctx().site.baseUrl}/admin/settings`, ctx().admin, { width, confirms: 'accept' });
      await page.getByRole('tab', { name: 'Reklamlar' }).click();
      await page.getByTestId('ad-row').first().waitFor();
      await saveScreen(page, join(SHOTS, `staff-ads-${width}.png`), { fullPage: true });
      if (width === 1280) {
        await page.getByRole('button', { name: '+ Yeni Reklam' }).click();
        const dialog = page.getByRole('dialog', { name: 'Yeni Reklam' });
        // Saving without an image says what is missing.
        await dialog.getByRole('button', { name: 'Kaydet' }).click();
        await dialog.getByText('Reklam görseli gerekli').waitFor();
        await page.getByTestId('ad-image').setInputFiles({ name: 'yaz-kampanyasi.png', mimeType: 'image/png', buffer: image });
        await dialog.getByLabel('Bağlantı *').fill('https://ornek.com.tr/kampanya');
        await dialog.getByLabel('Alternatif metin *').fill('Yaz kampanyası: ilk ay ücretsiz');
        await dialog.getByLabel('Yerleşim *').selectOption('sidebar');
        await dialog.getByLabel('Bitiş tarihi (boşsa süresiz)').fill('31.12.2099');
        await saveScreen(page, join(SHOTS, `staff-ad-dialog-${width}.png`));
        await dialog.getByRole('button', { name: 'Kaydet' }).click();
        await page.getByText('Reklam oluşturuldu!').waitFor();
        const row = page.getByTestId('ad-row').filter({ hasText: 'Yaz kampanyası: ilk ay ücretsiz' });
        await row.waitFor();
        expect(await row.textContent()).toContain('31.12.2099');
        expect(await row.getByTestId('ad-clicks').textContent()).toBe('0');
        const pub = await ctx().site.server.api('GET', '/api/ads?placement=sidebar');
        expect((pub.body.data as { altText: string; linkUrl: string }[]).find((a) => a.altText === 'Yaz kampanyası: ilk ay ücretsiz')).toMatchObject({ linkUrl: 'https://ornek.com.tr/kampanya' });
      }
      await staffContext.close();
    }
  });
});
