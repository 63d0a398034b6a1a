/**
 * No upsell to members who already pay: the home page's 'VIP ÜYELİK — Hemen Başla' card shows for a
 * visitor and a standard member, and never for an active VIP (not even in the first frame: the
 * card's variant is picked before first paint from the stored session), who sees the days left in
 * the same box with no layout shift (measured). Screenshots to $GANYAN_NOTIFY_SHOTS or /tmp/ganyan-notify-shots.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, signInThroughForm, saveScreen } from '../support/browser.js';
import { addUser } from '../support/login.js';

const SHOTS = process.env.GANYAN_NOTIFY_SHOTS ?? '/tmp/ganyan-notify-shots';
// An empty store: the home page's VIP card is measured with nothing else on the page moving.
const suite = browserSuite({ seed: false, shots: SHOTS });

/** A tab at this width where the account has just signed in through /giris. */
async function signedInTab(width: number, account: { email: string; password: string }) {
  const ctx = await suite.browser.newContext({ viewport: { width, height: 900 }, locale: 'tr-TR' });
  const page = await ctx.newPage();
  await signInThroughForm(page, suite.site.baseUrl, account.email, account.password);
  await page.getByTestId('welcome-strip').waitFor();
  return { ctx, page };
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
  await page.goto(`${suite.site.baseUrl}/`);
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
    const now = suite.site.server.deps.now();
    const vip = await addUser(suite.site.server, {
      params: { logN: 10, r: 8, p: 1 },
      vip: { status: 'active', subscriptionId: null, startDate: now, endDate: new Date(now.getTime() + 12 * 86_400_000 - 3_600_000), durationDays: 30 },
    });
    const member = await addUser(suite.site.server, { params: { logN: 10, r: 8, p: 1 } });

    for (const width of [390, 1280]) {
      const visitor = await suite.browser.newContext({ viewport: { width, height: 900 }, locale: 'tr-TR' });
      const visitorPage = await visitor.newPage();
      const seen = await watchHome(visitorPage);
      expect(seen.upsellSeen).toBe(true);
      expect(await visitorPage.getByRole('link', { name: 'Hemen Başla' }).isVisible()).toBe(true);
      await saveScreen(visitorPage.locator('.vip-card'), join(SHOTS, `vip-card-visitor-${width}.png`));
      await visitor.close();

      const { ctx: standard, page: standardPage } = await signedInTab(width, member);
      const standardFigures = await watchHome(standardPage);
      expect(standardFigures.upsellSeen).toBe(true);
      await standard.close();

      const { ctx: context, page } = await signedInTab(width, vip);
      // The first visit after login learns the end date; every later page knows it before first paint.
      const figures = await watchHome(page);
      expect(figures.upsellSeen).toBe(false);
      expect(figures).toMatchObject({ shifts: 0, sources: [] });
      expect(await page.getByRole('link', { name: 'Hemen Başla' }).isVisible()).toBe(false);
      expect(await page.getByTestId('vip-card-member').textContent()).toContain('12 gün kaldı');
      expect(await page.getByRole('link', { name: 'VIP Siparişlerim' }).first().isVisible()).toBe(true);
      await saveScreen(page, join(SHOTS, `home-vip-${width}.png`));
      await saveScreen(page.locator('.vip-card'), join(SHOTS, `vip-card-vip-${width}.png`));
      await context.close();
    }
  });
});
