import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVipMember } from '../support/accounts.js';
import { recordLayoutShifts, waitForIsland } from '../support/browser.js';
import { createArticle, createAuthor, seriousViolations, signIn, startArticleSite, type ArticleSite } from './article.fixtures.js';

let site: ArticleSite;

// Titles chosen so byte order and Turkish order differ (Ç after C, İ after I, Ş after S, Ü after U).
const WON_TITLES = [
  'Zafer', 'Çınar', 'Cesur', 'İkinci', 'Işık', 'Şahin', 'Sakin', 'Üstün', 'Umut', 'Ödül', 'Orhan', 'Gülşen', 'Güneş', 'Ayaz',
];
const SORTED_WON = [...WON_TITLES].sort(new Intl.Collator('tr').compare);
let vipArticleSlug = '';

beforeAll(async () => {
  site = await startArticleSite();
  const deps = site.server.deps;
  const author = await createAuthor(deps);
  const hour = 3_600_000;
  const now = deps.now().getTime();
  for (const [i, title] of WON_TITLES.entries()) {
    const slug = `kazanan-${i + 1}`;
    if (i === 0) vipArticleSlug = slug;
    await createArticle(deps, {
      authorId: author,
      title,
      slug,
      raceResult: 'won',
      publishedAt: new Date(now - i * hour),
      audience: i === 0 ? 'vip' : 'everyone',
      tags: [{ name: 'Veliefendi', color: '#27616c' }, { name: 'Altılı', color: '#d4a017' }, { name: 'Banko', color: '#3b82f6' }],
    });
  }
  await createArticle(deps, { authorId: author, title: 'Kaybeden tahmin', raceResult: 'lost', publishedAt: new Date(now - 20 * hour) });
  // 21 estimation articles in all: /tahminler (20 per page) and /makaleler (12) have a page 2.
  for (let i = 0; i < 6; i += 1) {
    await createArticle(deps, { authorId: author, title: `Analiz ${i + 1}`, publishedAt: new Date(now - (30 + i) * hour) });
  }
  for (let i = 0; i < 14; i += 1) {
    await createArticle(deps, { authorId: author, category: 'news', title: `Haber ${String(i + 1).padStart(2, '0')}`, publishedAt: new Date(now - i * hour) });
  }
  await site.build();
}, 180_000);

afterAll(async () => {
  await site?.close();
});

const url = (path: string) => `${site.server.baseUrl}${path}`;
const titles = (page: Page) => page.locator('.list-card .card-title').allTextContents();

/** A browser context that runs no script at all: what a crawler or a reader with JavaScript off gets. */
async function withoutJavaScript<T>(run: (page: Page) => Promise<T>): Promise<T> {
  const context = await site.browser.newContext({ javaScriptEnabled: false });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The head's navigation links of a list page, as absolute URLs turned back into paths. */
async function headLinks(page: Page): Promise<{ canonical: string | null; prev: string | null; next: string | null }> {
  const path = async (selector: string) => {
    const href = await page.locator(selector).getAttribute('href', { timeout: 1_000 }).catch(() => null);
    return href === null ? null : new URL(href).pathname;
  };
  return { canonical: await path('link[rel="canonical"]'), prev: await path('head link[rel="prev"]'), next: await path('head link[rel="next"]') };
}

describe('/haberler and /makaleler', () => {
  it('page 2 works with JavaScript disabled: its cards, pager links, rel prev/next and canonical', async () => {
    await withoutJavaScript(async (page) => {
      await page.goto(url('/haberler'));
      expect(await page.locator('.list-card').count()).toBe(12);
      expect(await headLinks(page)).toEqual({ canonical: '/haberler', prev: null, next: '/haberler/sayfa/2' });
      const pager = page.getByRole('navigation', { name: 'Sayfalama' });
      await expect(pager.locator('[aria-current="page"]').textContent()).resolves.toBe('1');
      await pager.getByRole('link', { name: 'Sayfa 2' }).click();
      await page.waitForURL('**/haberler/sayfa/2');
      expect(await titles(page)).toEqual(['Haber 13', 'Haber 14']);
      expect(await headLinks(page)).toEqual({ canonical: '/haberler/sayfa/2', prev: '/haberler', next: null });
      expect(await page.title()).toBe('Haberler - Sayfa 2 | Ganyan');
      await expect(page.locator('.pager-info').textContent()).resolves.toBe('Sayfa 2 / 2 - Toplam 14 haber');
      // The last page has no 'Sonraki' link, only a disabled label.
      expect(await pager.getByRole('link', { name: 'Sonraki' }).count()).toBe(0);
      await pager.getByRole('link', { name: 'Önceki' }).click();
      await page.waitForURL((u) => u.pathname === '/haberler');
      expect((await titles(page)).slice(0, 2)).toEqual(['Haber 01', 'Haber 02']);
    });
  });

  it('lays out the cards below the first screen only as the reader nears them, and nothing moves when it does', async () => {
    const page = await site.browser.newPage({ viewport: { width: 390, height: 844 } });
    const layoutShifts = await recordLayoutShifts(page);
    await page.goto(url('/haberler'), { waitUntil: 'load' });
    const rendered = (card: 'first' | 'last') =>
      page.locator('.list-card .card-title')[card]().evaluate((title) => title.checkVisibility({ contentVisibilityAuto: true }));
    expect(await rendered('first')).toBe(true);
    expect(await rendered('last')).toBe(false);
    // Still in the accessibility tree and in the page's text while skipped.
    expect(await page.getByRole('heading', { name: 'Haber 12' }).count()).toBe(1);
    for (let scrolled = 0; scrolled < 6_000; scrolled += 400) {
      await page.mouse.wheel(0, 400);
      await page.evaluate(() => new Promise(requestAnimationFrame));
    }
    await expect.poll(() => rendered('last')).toBe(true);
    expect((await layoutShifts()).map((shift) => shift.value)).toEqual([]);
    await page.close();
  });

  it('redirects /sayfa/1 to the bare path and answers a page past the last with the 404 page', async () => {
    const first = await fetch(url('/makaleler/sayfa/1'), { redirect: 'manual' });
    expect(first.status).toBe(301);
    expect(new URL(first.headers.get('location')!, site.server.baseUrl).pathname).toBe('/makaleler');
    expect((await fetch(url('/makaleler/sayfa/2'))).status).toBe(200);
    for (const path of ['/makaleler/sayfa/3', '/haberler/sayfa/0', '/haberler/sayfa/abc', '/basarili-tahminler/sayfa/3']) {
      const answer = await fetch(url(path));
      expect(answer.status, path).toBe(404);
      expect(await answer.text(), path).toContain('<html');
    }
  });

  it('links a VIP prediction to /vip-uyari for a visitor, and to the article for a VIP member', async () => {
    const page = await site.browser.newPage();
    await page.goto(url('/makaleler'));
    const vipCard = page.locator('.list-card', { hasText: 'Zafer' });
    await expect(vipCard.locator('.card-title a').getAttribute('href')).resolves.toBe('/vip-uyari');
    const plain = page.locator('.list-card', { hasText: 'Çınar' });
    await expect(plain.locator('.card-title a').getAttribute('href')).resolves.toMatch(/^\/makale\//);
    await page.close();

    const vip = await createVipMember(site.server);
    const member = await site.browser.newPage();
    await signIn(member, vip);
    await member.goto(url('/makaleler'));
    const link = member.locator('.list-card', { hasText: 'Zafer' }).locator('.card-title a');
    // The swap waits for the member's VIP status from the API: give a loaded machine time.
    await expect.poll(() => link.getAttribute('href'), { timeout: 20_000 }).toBe(`/makale/${vipArticleSlug}`);
    await member.close();
  });

  it('has no serious or critical accessibility violations on either list', async () => {
    const page = await site.browser.newPage();
    for (const path of ['/haberler', '/haberler/sayfa/2', '/makaleler']) {
      await page.goto(url(path));
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.close();
  });
});

describe('/basarili-tahminler', () => {
  it('lists won predictions newest first in the static page, with badges, tags and the win split', async () => {
    await withoutJavaScript(async (page) => {
      await page.goto(url('/basarili-tahminler'));
      expect((await titles(page)).slice(0, 2)).toEqual(['Zafer', 'Çınar']);
      expect(await titles(page)).toHaveLength(12);
      await expect(page.locator('.predictions__total').textContent()).resolves.toContain('14');
      await expect(page.getByTestId('win-split').locator('[data-field="verified"]').textContent()).resolves.toBe('14');
      const first = page.locator('.list-card').first();
      await expect(first.getByText('KAZANDI').count()).resolves.toBe(1);
      await expect(first.getByText('VIP', { exact: true }).count()).resolves.toBe(1);
      await expect(first.locator('.tag--more').textContent()).resolves.toBe('+1');
    });
  });

  it('keeps a sort chosen as the list appears, and pages the sorted list by links', async () => {
    const page = await site.browser.newPage();
    await page.goto(url('/basarili-tahminler'), { waitUntil: 'commit' });
    // At once, while the page is still arriving: Playwright acts as soon as the control accepts input.
    await page.getByLabel('Sırala:').selectOption('title');
    await page.waitForURL('**/basarili-tahminler/baslik');
    expect(await titles(page)).toEqual(SORTED_WON.slice(0, 12));
    await expect(page.getByLabel('Sırala:').inputValue()).resolves.toBe('title');
    const pager = page.getByRole('navigation', { name: 'Sayfalama' });
    await pager.getByRole('link', { name: 'Sonraki' }).click();
    await page.waitForURL('**/basarili-tahminler/baslik/sayfa/2');
    expect(await titles(page)).toEqual(SORTED_WON.slice(12));
    await expect(page.locator('.pager-info').textContent()).resolves.toBe('Sayfa 2 / 2 - Toplam 14 tahmin');
    await pager.getByRole('link', { name: 'Önceki' }).click();
    await page.waitForURL('**/basarili-tahminler/baslik');
    expect(await titles(page)).toEqual(SORTED_WON.slice(0, 12));
    await page.getByLabel('Sırala:').selectOption('date');
    await page.waitForURL((u) => u.pathname === '/basarili-tahminler');
    expect((await titles(page)).slice(0, 2)).toEqual(['Zafer', 'Çınar']);
    await page.close();
  });

  it('while the page arrives, the total and the sort show together or not at all', async () => {
    // A slow phone paints whatever part of the HTML has arrived: the HTML is cut before every tag of the toolbar.
    const html = await (await fetch(url('/basarili-tahminler'))).text();
    const start = html.indexOf('class="predictions__toolbar"');
    // Up to the <noscript> after the select, its last part (inside it, what follows is text while scripts run).
    const toolbar = { start, end: html.indexOf('<noscript', start) };
    const cuts = [...html.matchAll(/<[a-z]/g)].map((m) => m.index).filter((at) => at > toolbar.start && at <= toolbar.end);
    expect(cuts.length).toBeGreaterThan(8);
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const shown = () => page.locator('.predictions__toolbar > *').evaluateAll((parts) => parts.filter((part) => part.checkVisibility({ visibilityProperty: true })).map((part) => part.className));
    for (const cut of cuts) {
      await page.setContent(html.slice(0, cut), { waitUntil: 'domcontentloaded' });
      expect(await shown(), `cut before: ${html.slice(cut, cut + 40)}`).toEqual([]);
    }
    await page.setContent(html.slice(0, html.indexOf('</noscript>', toolbar.end)), { waitUntil: 'domcontentloaded' });
    expect(await shown()).toEqual(['predictions__total', 'predictions__sort']);
    await page.close();
  });

  it('without JavaScript the select is visibly not ready and the orders are links that work', async () => {
    await withoutJavaScript(async (page) => {
      await page.goto(url('/basarili-tahminler'));
      // A select no script will ever act on must not pretend to work.
      expect(await page.getByLabel('Sırala:').isDisabled()).toBe(true);
      await page.getByRole('link', { name: 'Başlığa göre (A-Z)' }).click();
      await page.waitForURL('**/basarili-tahminler/baslik');
      expect(await titles(page)).toEqual(SORTED_WON.slice(0, 12));
      // The sorted copy is not a second page for search engines.
      await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex');
    });
  });

  it('has no serious or critical accessibility violations', async () => {
    const page = await site.browser.newPage();
    await page.goto(url('/basarili-tahminler'));
    await page.getByLabel('Sırala:').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});

describe('/tahminler', () => {
  it('has a prebuilt page 2 of the latest tab, and the island pages in place keeping the address', async () => {
    await withoutJavaScript(async (page) => {
      await page.goto(url('/tahminler/sayfa/2'));
      expect(await page.locator('.ptabs-panel .list-card .card-title').allTextContents()).toEqual(['Analiz 6']);
      expect(await headLinks(page)).toEqual({ canonical: '/tahminler/sayfa/2', prev: '/tahminler', next: null });
      await expect(page.locator('.ptabs-panel .pager-info').textContent()).resolves.toBe('Sayfa 2 / 2 - Toplam 21 makale');
    });

    const page = await site.browser.newPage();
    await page.goto(url('/tahminler/sayfa/2'));
    await waitForIsland(page, 'PredictionTabs');
    const pager = page.locator('.ptabs-panel').getByRole('navigation', { name: 'Sayfalama' });
    await pager.getByRole('link', { name: 'Önceki' }).click();
    await page.waitForURL((u) => u.pathname === '/tahminler');
    await page.locator('.ptabs-panel .pager-info', { hasText: 'Sayfa 1 / 2' }).waitFor();
    expect(await page.locator('.ptabs-panel .list-card').count()).toBe(20);
    await page.goBack();
    await page.waitForURL('**/tahminler/sayfa/2');
    await page.locator('.ptabs-panel .pager-info', { hasText: 'Sayfa 2 / 2' }).waitFor();
    await page.close();
  });
});
