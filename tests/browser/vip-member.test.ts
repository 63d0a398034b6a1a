/**
 * Being a VIP (issue 50), in real Chromium on the seeded demo site: a new tab of the same browser
 * joins the signed-in session (no "Beni hatırla") and reads a VIP article; a VIP article keeps its
 * page for a visitor, with the wall in place of the body saying what the article is, and signing in
 * from the wall comes back to it. Screenshots at 390 and 1280 px go to $GANYAN_VIP50_SHOTS or
 * /tmp/ganyan-vip50-shots (kept with GANYAN_SCREENS=1).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, signInThroughForm } from '../support/browser.js';
import { addUser } from '../support/login.js';

const SHOTS = process.env.GANYAN_VIP50_SHOTS ?? '/tmp/ganyan-vip50-shots';
const suite = browserSuite({ shots: SHOTS });
const { url } = suite;
const DAY = 86_400_000;

/** A published VIP (premium) article of the demo with a coupon, and its title. */
async function vipArticle(): Promise<{ path: string; title: string }> {
  const rows = await suite.site.server.deps.store.collection('articles').where('visibility', '==', 'premium').get();
  const now = Date.now();
  const row = rows.find((a) => a.status === 'published' && !a.isDeleted && a.hasRaceEstimate === true && (a.publishedAt as Date).getTime() <= now)!;
  return { path: `/makale/${String(row.slug || row.id)}`, title: String(row.title) };
}

async function vipMember() {
  const now = new Date();
  return addUser(suite.site.server, {
    firstName: 'Serkan',
    params: { logN: 10, r: 8, p: 1 },
    vip: { status: 'active', subscriptionId: null, startDate: now, endDate: new Date(now.getTime() + 20 * DAY), durationDays: 30 },
  });
}

async function signInOn(page: Page, email: string, password: string) {
  await page.fill('#email', email);
  await page.fill('#password', password);
  await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
}

/** The article's body as the member reads it (the island's HTML, never the static page's). */
const body = (page: Page) => page.locator('.article-body-island .prose');

describe('being a VIP', { timeout: 240_000 }, () => {
  it('a VIP who signed in without "Beni hatırla" opens a VIP article in a new tab and reads it; another browser still meets the wall', async () => {
    const article = await vipArticle();
    const vip = await vipMember();
    const ctx = await suite.browser.newContext({ viewport: { width: 390, height: 900 }, locale: 'tr-TR' });
    try {
      const first = await ctx.newPage();
      await signInThroughForm(first, suite.site.baseUrl, vip.email, vip.password);
      await first.getByTestId('welcome-strip').waitFor();
      const firstTokens = await first.evaluate(() => ({ local: localStorage.getItem('refreshToken'), session: sessionStorage.getItem('refreshToken') }));
      expect(firstTokens.local).toBeNull();

      // A new tab (a share link, a long-press): its sessionStorage starts empty.
      const second = await ctx.newPage();
      await second.goto(url(article.path));
      await body(second).waitFor();
      expect((await body(second).innerText()).length).toBeGreaterThan(50);
      expect(await second.getByTestId('article-wall').isVisible()).toBe(false);
      // The tab holds a session of its own, still per-session: nothing went to localStorage.
      const secondTokens = await second.evaluate(() => ({ local: localStorage.getItem('refreshToken'), session: sessionStorage.getItem('refreshToken') }));
      expect(secondTokens.local).toBeNull();
      expect(secondTokens.session).toBeTruthy();
      expect(secondTokens.session).not.toBe(firstTokens.session);
      await suite.shot(second, 'new-tab-vip-article-390');

      // The first tab's session is untouched: it reads the article too.
      await first.goto(url(article.path));
      await body(first).waitFor();
    } finally {
      await ctx.close();
    }

    // Another browser (no open tab to ask) is a visitor: the wall, in place.
    const { ctx: other, page } = await suite.tab(article.path, 390);
    try {
      await page.getByTestId('article-wall').waitFor();
      expect(await body(page).count()).toBe(0);
    } finally {
      await other.close();
    }
  });

  for (const width of [390, 1280]) {
    it(`the wall shows what the VIP article is and signing in from it returns to the article at ${width} px`, async () => {
      const article = await vipArticle();
      const vip = await vipMember();
      const { ctx, page } = await suite.tab(article.path, width);
      try {
        const wall = page.getByTestId('article-wall');
        await wall.waitFor();
        // The article's own page: its title, author and date above the wall, the coupon's public part in it.
        expect(page.url()).toBe(url(article.path));
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(article.title);
        const teaser = wall.getByTestId('coupon-teaser');
        const teaserText = await teaser.innerText();
        expect(teaserText).toMatch(/\d+\. Koşu/);
        expect(teaserText).toContain('seçimler gizli');
        expect(teaserText).toMatch(/(Tahmin kilitlendi|Seçimler ilk koşuda kilitlenir|Seçimlerin kilit zamanı \(ilk koşu\)): ?\d\d\.\d\d\.\d{4} \d\d:\d\d/);
        expect(await wall.getByTestId('vip-offer-package').count()).toBeGreaterThan(0);
        await suite.shot(page, `article-wall-${width}`);

        await wall.getByTestId('wall-login').click();
        await page.waitForURL((u) => u.pathname === '/giris' && u.searchParams.get('donus') === article.path);
        await signInOn(page, vip.email, vip.password);
        await page.waitForURL(url(article.path));
        await body(page).waitFor();
        expect(await page.getByTestId('article-wall').isVisible()).toBe(false);
      } finally {
        await ctx.close();
      }
    });
  }

  it('a VIP grant reaches an open page when the member comes back to it, without a reload: the ads and the upsell go', async () => {
    const member = await addUser(suite.site.server, { firstName: 'Melis', params: { logN: 10, r: 8, p: 1 } });
    const ctx = await suite.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'tr-TR' });
    try {
      const page = await ctx.newPage();
      await signInThroughForm(page, suite.site.baseUrl, member.email, member.password);
      await page.getByTestId('welcome-strip').waitFor();
      const ad = page.locator('[data-house-ad]').first();
      expect(await ad.isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'VIP Ol' }).isVisible()).toBe(true);

      // Staff grant VIP while the page stays open; the member looks at another tab meanwhile.
      const other = await ctx.newPage();
      await other.goto(url('/hakkimizda'));
      const admin = await addUser(suite.site.server, { role: 'admin', params: { logN: 10, r: 8, p: 1 } });
      const staff = await suite.site.server.api('POST', '/api/auth/admin/login', { body: { email: admin.email, password: admin.password, rememberMe: false }, headers: { 'X-Forwarded-For': '10.50.0.9' } });
      const granted = await suite.site.server.api('POST', `/api/users/admin/users/${member.id}/grant-vip`, { token: staff.body.data.token, body: { durationDays: 30 } });
      expect(granted.status).toBe(200);
      await page.evaluate(() => ((window as { samePage?: boolean }).samePage = true));

      // Back to the first tab, as often as it takes: no reload, no navigation. Headless Chromium
      // moves no window focus between tabs, so the focus event a browser sends when the member
      // clicks back into the window is sent here. The page asks at most every 2 s, so a few returns
      // suffice; the deadline is only for a loaded machine (how fast is the bench's business), and
      // far below the 5 minutes after which a page would ask anyway.
      const deadline = Date.now() + 60_000;
      let vip = false;
      while (!vip && Date.now() < deadline) {
        await page.bringToFront();
        await page.evaluate(() => window.dispatchEvent(new Event('focus')));
        vip = await page
          .waitForFunction(() => document.documentElement.classList.contains('hs-vip'), null, { timeout: 1_000 })
          .then(() => true)
          .catch(() => false);
      }
      expect(vip, 'html.hs-vip after the member came back').toBe(true);
      expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
      expect(await ad.isVisible()).toBe(false);
      expect(await page.getByRole('link', { name: 'VIP Ol' }).count()).toBe(0);
      await page.getByTestId('welcome-strip').getByText('VIP Üye').waitFor();
      await suite.shot(page, 'granted-open-page-1280');
    } finally {
      await ctx.close();
    }
  });
});
