import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, seriousViolations, waitForIsland, saveScreen } from '../support/browser.js';

/**
 * The public shell and the platform's pages in real Chromium, over the seeded demo store and a
 * site built from it (spec 000 §2.2-2.5, §2.9-2.11; issue 3 distribution).
 */

const suite = browserSuite();

async function open(path: string, width = 1280): Promise<Page> {
  const page = await suite.browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${suite.site.baseUrl}${path}`);
  return page;
}

describe('layout', () => {
  it('the header shows the seven navigation links in Turkish', async () => {
    const page = await open('/');
    const links = await page.locator('nav[aria-label="Ana menü"] a').evaluateAll((as) => as.map((a) => [a.textContent?.trim(), a.getAttribute('href')]));
    expect(links).toEqual([
      ['Ana Sayfa', '/'],
      ['Başarılı Tahminler', '/basarili-tahminler'],
      ['Hakkımızda', '/hakkimizda'],
      ['Yazarlar', '/yazarlar'],
      ['Yarış Programı', '/yaris-programi'],
      ['İletişim', '/iletisim'],
      ['VIP Üyelik', '/vip-uyelik'],
    ]);
    expect(await page.locator('html').getAttribute('lang')).toBe('tr');
    const footer = await page.locator('footer a').allTextContents();
    expect(footer.map((t) => t.trim())).toEqual(expect.arrayContaining(['Anasayfa', 'Reklam', 'Bize Ulaşın']));
    await page.close();
  });

  it('the mobile menu opens without JavaScript', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 390, height: 800 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${suite.site.baseUrl}/`);
    await expect(page.locator('nav[aria-label="Ana menü"]').isVisible()).resolves.toBe(false);
    const mobileLinks = page.locator('nav[aria-label="Mobil menü"] a');
    await expect(mobileLinks.first().isVisible()).resolves.toBe(false);
    await page.locator('.mobile-menu summary').click();
    await expect(mobileLinks.nth(6).isVisible()).resolves.toBe(true);
    expect((await mobileLinks.allTextContents()).map((t) => t.trim())).toEqual(['Ana Sayfa', 'Başarılı Tahminler', 'Hakkımızda', 'Yazarlar', 'Yarış Programı', 'İletişim', 'VIP Üyelik', 'Arama']);
    await context.close();
  });

  it('while the page arrives, the header bar is whole or hidden, and no disclosure shows the browser’s own “Details” label', async () => {
    // A slow phone paints whatever part of the HTML has arrived. A <details> parsed before its
    // <summary> gets the browser's own label (in English, "Details"): the HTML is cut before every
    // tag of the header, and before every disclosure's summary on the pages that have one.
    const page = await suite.browser.newPage({ viewport: { width: 390, height: 800 } });
    const paintedState = () =>
      page.evaluate(() => {
        const bar = document.querySelector('.site-header .bar');
        const parts = bar ? [...bar.children] : [];
        return {
          visibleParts: parts.filter((el) => el.checkVisibility({ visibilityProperty: true })).length,
          menuButtonDrawn: Boolean(bar?.querySelector(':scope > .mobile-menu > summary > svg > path')),
          bareDisclosuresShown: [...document.querySelectorAll('details')].filter((d) => !d.querySelector(':scope > summary') && d.checkVisibility({ visibilityProperty: true })).length,
        };
      });
    let cutsChecked = 0;
    for (const path of ['/', '/iletisim', '/basari-kayitlari']) {
      const html = await (await fetch(suite.url(path))).text();
      const header = { start: html.indexOf('<header'), end: html.indexOf('</header>') };
      const cuts = [...html.matchAll(/<[a-z]/g)]
        .map((m) => m.index)
        .filter((at) => (path === '/' && at > header.start && at <= header.end) || html.startsWith('<summary', at));
      expect(cuts.length, path).toBeGreaterThan(path === '/' ? 40 : 0);
      for (const cut of cuts) {
        await page.setContent(html.slice(0, cut), { waitUntil: 'domcontentloaded' });
        const state = await paintedState();
        const where = `${path} cut before: ${html.slice(cut, cut + 40)}`;
        expect(state.bareDisclosuresShown, where).toBe(0);
        if (!state.menuButtonDrawn) expect(state.visibleParts, where).toBe(0);
        cutsChecked += 1;
      }
    }
    // The whole page, for contrast: the bar and every disclosure are shown.
    await page.goto(suite.url('/'));
    expect((await paintedState()).visibleParts).toBeGreaterThan(2);
    await page.goto(suite.url('/iletisim'));
    const disclosures = await page.locator('details').evaluateAll((all) => all.map((d) => d.checkVisibility({ visibilityProperty: true })));
    expect(disclosures.length).toBeGreaterThan(0);
    expect(disclosures.every(Boolean)).toBe(true);
    expect(cutsChecked).toBeGreaterThan(40);
    await page.close();
  });

  it('a visitor’s home and article fetch no script until the page has loaded and its main picture is decoded; the ads, the view and the notice follow it', async () => {
    // When the page's main picture (fetchpriority=high) is ready to paint, as the page itself sees it.
    const watchMainPicture = () =>
      document.addEventListener('DOMContentLoaded', () => {
        const picture = document.querySelector<HTMLImageElement>('img[fetchpriority=high]');
        void picture?.decode().then(() => ((window as unknown as { mainPictureDecoded: number }).mainPictureDecoded = performance.now()));
      });
    const home = await suite.browser.newPage({ viewport: { width: 390, height: 844 } });
    await home.addInitScript(watchMainPicture);
    await home.goto(`${suite.site.baseUrl}/`);
    // A public article: a visitor who opens a VIP one is sent on to /vip-uyari, where no view is counted.
    // Which featured article comes first changes with the demo's dates.
    const articlePath = await home.locator('.fc-slide a.fc-card').filter({ hasNot: home.locator('.badge-vip') }).first().getAttribute('href');
    expect(articlePath).toMatch(/^\/makale\//);
    const article = await suite.browser.newPage({ viewport: { width: 390, height: 844 } });
    await article.addInitScript(watchMainPicture);
    const settingsAsked = article.waitForRequest((request) => new URL(request.url()).pathname === '/api/settings/site');
    const viewCounted = article.waitForRequest((request) => request.method() === 'POST' && /^\/api\/articles\/[^/]+\/view$/.test(new URL(request.url()).pathname));
    await article.goto(`${suite.site.baseUrl}${articlePath}`);
    await Promise.all([settingsAsked, viewCounted]);
    for (const page of [home, article]) {
      // The header ad is asked for once the page has loaded (an empty booking list leaves it 'empty').
      await expect.poll(() => page.locator('[data-house-ad="header"]').getAttribute('data-state')).toMatch(/^(filled|empty)$/);
      const early = await page.evaluate(() => {
        const loadStart = performance.getEntriesByType('navigation')[0]!.toJSON().loadEventStart as number;
        const decoded = (window as unknown as { mainPictureDecoded?: number }).mainPictureDecoded;
        const scripts = performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
        return {
          pictureDecoded: decoded !== undefined,
          beforeLoad: scripts.filter((entry) => entry.startTime < loadStart).map((entry) => entry.name),
          beforePicture: scripts.filter((entry) => decoded === undefined || entry.startTime < decoded).map((entry) => entry.name),
        };
      });
      expect(early, page.url()).toEqual({ pictureDecoded: true, beforeLoad: [], beforePicture: [] });
      await page.close();
    }
  });

  it('side columns appear only on extra-large screens', async () => {
    const wide = await open('/hakkimizda', 1440);
    expect(await wide.locator('.side').first().evaluate((el) => getComputedStyle(el).width)).toBe('160px');
    await wide.close();
    const narrow = await open('/hakkimizda', 1024);
    expect(await narrow.locator('.side').first().isVisible()).toBe(false);
    await narrow.close();
  });
});

describe('home', () => {
  it('the carousel’s slides far off to the side are not laid out at load, and a slide is drawn when the reader moves to it', async () => {
    const page = await open('/', 390);
    await page.waitForLoadState('load');
    const slides = page.locator('.fc-slide');
    const last = (await slides.count()) - 1;
    expect(last).toBeGreaterThan(3);
    // checkVisibility with contentVisibilityAuto is false inside a subtree the browser skips; Chromium
    // keeps the slides within about a screen's width of the carousel drawn.
    const drawn = (index: number) => slides.nth(index).locator('.fc-card').first().evaluate((card) => card.checkVisibility({ contentVisibilityAuto: true }));
    expect([await drawn(0), await drawn(last)]).toEqual([true, false]);
    await page.locator('.fc-viewport').hover();
    await waitForIsland(page, 'FeaturedCarousel');
    await page.locator('.fc-dot').nth(last).click();
    await expect.poll(() => page.locator('.fc-track').getAttribute('data-slide-index')).toBe(String(last));
    await expect.poll(() => drawn(last)).toBe(true);
    // Skipped until now, it has the row's full height (nothing below the carousel moved) and ends on screen.
    const viewportBox = (await page.locator('.fc-viewport').boundingBox())!;
    await expect.poll(async () => Math.abs((await slides.nth(last).boundingBox())!.x - viewportBox.x)).toBeLessThan(4);
    expect(Math.abs((await slides.nth(last).boundingBox())!.height - viewportBox.height)).toBeLessThan(2);
    await page.close();
  });

  // Hydration (on hover) and the drag, ~20 paced input steps: on the
  // shared two-core machine this once ran past the 30 s default, while it takes ~5 s when idle.
  it('the carousel moves to the next slide on a mouse drag, and springs back on a short slow one', async () => {
    const page = await open('/');
    if (process.env.GANYAN_SHOTS_DIR) await saveScreen(page, `${process.env.GANYAN_SHOTS_DIR}/home-1280.png`);
    // client:interact: the carousel hydrates when the pointer comes over it.
    await page.locator('.fc-viewport').hover();
    await waitForIsland(page, 'FeaturedCarousel');
    const track = page.locator('.fc-track');
    const viewport = page.locator('.fc-viewport');
    expect(await track.getAttribute('data-slide-index')).toBe('0');
    await page.getByText('Sürükleyerek kaydırabilirsiniz').waitFor({ state: 'visible' });
    await expect(page.getByRole('button', { name: 'Önceki slayt' }).getAttribute('aria-disabled')).resolves.toBe('true');

    const box = (await viewport.boundingBox())!;
    const y = box.y + box.height / 2;
    // Short and slow: 40 px over ~400 ms stays under both thresholds.
    await page.mouse.move(box.x + box.width / 2, y);
    await page.mouse.down();
    for (let i = 1; i <= 8; i += 1) {
      await page.mouse.move(box.x + box.width / 2 - i * 5, y);
      await page.waitForTimeout(50);
    }
    await page.mouse.up();
    expect(await track.getAttribute('data-slide-index')).toBe('0');

    // A 150 px drag at a calm pace (about 0.4 px/ms) changes exactly one slide.
    await page.mouse.move(box.x + box.width * 0.7, y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i += 1) {
      await page.mouse.move(box.x + box.width * 0.7 - i * 15, y);
      await page.waitForTimeout(40);
    }
    await page.mouse.up();
    expect(await track.getAttribute('data-slide-index')).toBe('1');
    await expect(page.locator('.fc-dot').nth(1).getAttribute('aria-current')).resolves.toBe('true');
    // Input is ignored while the progress bar runs; its end (not a guessed delay, which a loaded
    // machine can outlast) is when the keyboard may act.
    await page.locator('.fc-progress').waitFor({ state: 'detached' });
    // Keyboard arrows work too.
    await viewport.focus();
    await page.keyboard.press('ArrowLeft');
    expect(await track.getAttribute('data-slide-index')).toBe('0');
    // 'Sonraki slayt' keeps the keyboard focus while the slide moves (it used to drop to the body).
    await page.locator('.fc-progress').waitFor({ state: 'detached' });
    const next = page.getByRole('button', { name: 'Sonraki slayt' });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => track.getAttribute('data-slide-index')).toBe('1');
    expect(await next.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.close();
  }, 120_000);

  it('the tab widget starts on SON TAHMİNLER with 8 cards and returns to page 1 on a tab change', async () => {
    const page = await open('/');
    const tab = (name: string) => page.getByRole('tab', { name });
    await expect(tab('SON TAHMİNLER').getAttribute('aria-selected')).resolves.toBe('true');
    const cards = page.locator('.ptabs-panel .card');
    expect(await cards.count()).toBe(8);
    // client:visible on the home page: the tabs hydrate once they are on screen.
    await page.locator('.ptabs').scrollIntoViewIfNeeded();
    await waitForIsland(page, 'PredictionTabs');
    await page.locator('.ptabs-panel').getByRole('button', { name: 'Sayfa 2' }).click();
    await page.getByText(/^Sayfa 2 \/ \d+ - Toplam \d+ makale$/).waitFor();
    await tab('BAŞARILI TAHMİNLER').click();
    // The winners' list has arrived once every card carries a win badge (the demo may have a single page
    // of them, and a single page has no pager).
    const winnersShown = async () => {
      const badges = await page.locator('.ptabs-panel .card').evaluateAll((els) => els.map((el) => el.textContent?.includes('KAZANDI')));
      return badges.length > 0 && badges.every(Boolean);
    };
    await expect.poll(winnersShown).toBe(true);
    const pagerInfo = page.locator('.ptabs-panel .pager-info');
    if ((await pagerInfo.count()) > 0) expect(await pagerInfo.textContent()).toMatch(/^Sayfa 1 \//);
    await tab('SON TAHMİNLER').click();
    await page.getByText(/^Sayfa 1 \/ \d+ - Toplam \d+ makale$/).waitFor();
    await page.close();
  }, 120_000);

  it('/tahminler keeps a page number per tab', async () => {
    const page = await open('/tahminler');
    await expect(page.getByRole('heading', { name: 'ÖNE ÇIKAN TAHMİNLER' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Hemen Başla' }).getAttribute('href')).resolves.toBe('/vip-uyelik');
    await waitForIsland(page, 'PredictionTabs');
    const pager = page.locator('.ptabs-panel .pager');
    if ((await pager.count()) === 0) return; // fewer than 21 estimations: nothing to page
    // The latest tab's pages are prebuilt (/tahminler/sayfa/2): its pager is links the island takes
    // over. Astro drops `ssr` before React has committed; the other tab turns on in the same render
    // that gives the pager its click handler, so from then on page 2 is loaded in place.
    await page.locator('#tab-basarili-tahminler:not([disabled])').waitFor();
    await page.evaluate(() => ((window as { samePage?: boolean }).samePage = true));
    const secondPage = await clickPage(page, 2);
    expect(secondPage).toMatch(/^Sayfa 2 \//);
    expect(new URL(page.url()).pathname).toBe('/tahminler/sayfa/2');
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
    await page.getByRole('tab', { name: 'BAŞARILI TAHMİNLER' }).click();
    await page.getByRole('tab', { name: 'SON TAHMİNLER' }).click();
    expect(await pageShown(page, 2)).toMatch(/^Sayfa 2 \//);
    await page.close();
  }, 300_000);

  it('/tahminler: a click on the pager before the island has started opens the prebuilt page 2', async () => {
    // A reader faster than the island (client:idle), or on a busy phone: the link does the work.
    // The island's code is held back, so the click surely comes first.
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.route('**/PredictionTabs.*', (route) => route.abort());
    await page.goto(suite.url('/tahminler'));
    const next = page.locator('.ptabs-panel .pager').getByRole('link', { name: 'Sonraki' });
    if ((await next.count()) === 0) return;
    expect(await page.locator('astro-island[component-url*="/PredictionTabs."][ssr]').count()).toBe(1);
    await next.click();
    expect(await pageShown(page, 2)).toMatch(/^Sayfa 2 \//);
    expect(new URL(page.url()).pathname).toBe('/tahminler/sayfa/2');
    await page.close();
  });
});

/**
 * The pager's 'Sayfa N / …' once page N is shown, or the island's error text if loading it failed
 * (so a failure says what the reader saw instead of timing out). Waits as long as a page load
 * may take on a loaded machine; a timeout says what the panel showed instead.
 */
async function pageShown(page: Page, n: number, timeout = 60_000): Promise<string> {
  const panel = page.locator('.ptabs-panel');
  const info = panel.locator('.pager-info', { hasText: new RegExp(`^Sayfa ${n} /`) });
  const failed = panel.getByRole('alert');
  try {
    await info.or(failed).waitFor({ timeout });
  } catch (error) {
    const shown = await panel.evaluate((el) => ({ busy: el.getAttribute('aria-busy'), pager: el.querySelector('.pager-info')?.textContent ?? null }));
    throw new Error(`page ${n} not shown at ${page.url()}: panel ${JSON.stringify(shown)}`, { cause: error });
  }
  return (await failed.count()) > 0 ? `hata: ${await failed.textContent()}` : ((await info.textContent()) ?? '');
}

/**
 * Clicks the pager's link to page n until that page is shown. On a loaded machine the page can
 * still move (late pictures, ad slots) between Playwright's aim and its click, so the click lands
 * beside the link and nothing happens; a page number, unlike 'Sonraki', is safe to click again,
 * since the current page's link does nothing.
 */
async function clickPage(page: Page, n: number): Promise<string> {
  const link = page.locator('.ptabs-panel .pager').getByRole('link', { name: `Sayfa ${n}`, exact: true });
  for (let attempt = 1; ; attempt++) {
    const last = attempt === 4;
    const timeout = last ? 60_000 : 15_000;
    // No link while the page loads, nor once an error shows: then there is nothing to click again.
    await link.click({ timeout }).catch(() => undefined);
    try {
      return await pageShown(page, n, timeout);
    } catch (error) {
      if (last) throw error;
    }
  }
}

describe('pages', () => {
  it('/hakkimizda tells the story and ships no island, not even for the header', async () => {
    const page = await open('/hakkimizda');
    const text = await page.locator('main').textContent();
    expect(text).toContain('2020');
    for (const value of ['Doğruluk', 'Hız', 'Güven']) await expect(page.getByRole('heading', { name: value }).isVisible()).resolves.toBe(true);
    const islands = await page.locator('astro-island').evaluateAll((els) => els.map((el) => el.getAttribute('component-url')));
    expect(islands).toEqual([]);
    await page.close();
  });

  it('an author profile shows the computed success rate with its sample size, and VIP articles only as a link', async () => {
    const authors = await open('/yazarlar');
    const firstProfile = await authors.locator('main h2 a').first().getAttribute('href');
    await authors.close();
    const page = await open(firstProfile!);
    const header = await page.locator('header.profile').textContent();
    expect(header).not.toContain('%70');
    expect(header).toMatch(/%\d+ ayak isabeti|Henüz sonuçlanan tahmin yok/);
    const { body } = await suite.site.server.api('GET', `/api/authors/${firstProfile!.split('/').pop()}`);
    const all = (body as { data: { record: { windows: { all: { estimates: number; allLegsHit: number } } } } }).data.record.windows.all;
    if (all.estimates > 0) expect(header).toContain(`${all.estimates} sonuçlanan tahmin, ${all.allLegsHit} tam isabet`);
    await expect(page.getByRole('heading', { name: 'Son Yazılar' }).isVisible()).resolves.toBe(true);
    const vipLinks = await page.locator('.vip-lock a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    for (const href of vipLinks) expect(href).toBe('/vip-uyari');
    // A post's picture is a 160 px thumbnail beside its text on a wide screen, fetched as the smallest AVIF copy.
    const thumb = page.locator('.post-link img').first();
    await thumb.scrollIntoViewIfNeeded();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc), { timeout: 30_000 }).toMatch(/-480w\.avif$/);
    const imageBox = (await thumb.boundingBox())!;
    expect(Math.round(imageBox.width)).toBe(160);
    expect((await page.locator('.post-link h3').first().boundingBox())!.x).toBeGreaterThan(imageBox.x + imageBox.width);
    await page.close();
  });

  it('an unknown author answers 404 with Yazar Bulunamadı and a link back', async () => {
    const page = await suite.browser.newPage();
    const response = await page.goto(`${suite.site.baseUrl}/yazarlar/olmayan-yazar`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Yazar Bulunamadı' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Yazarlara dön' }).getAttribute('href')).resolves.toBe('/yazarlar');
    await page.close();
  });

  it('axe-core finds no serious or critical violation', async () => {
    const authorId = (await suite.site.server.api<{ data: { id: string }[] }>('GET', '/api/authors')).body.data[0]!.id;
    for (const path of ['/', '/tahminler', '/hakkimizda', '/yazarlar', `/yazarlar/${authorId}`]) {
      for (const width of [390, 1280]) {
        const page = await open(path, width);
        await page.waitForLoadState('networkidle');
        expect({ path, width, violations: await seriousViolations(page) }).toEqual({ path, width, violations: [] });
        await page.close();
      }
    }
  }, 600_000);
});

describe('distribution', () => {
  it('pages carry title, description, canonical, Open Graph and JSON-LD', async () => {
    const page = await open('/hakkimizda');
    expect(await page.title()).toBe('Hakkımızda | Ganyan');
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toBe(`${suite.site.baseUrl}/hakkimizda`);
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe('Hakkımızda | Ganyan');
    expect(await page.locator('meta[name=description]').getAttribute('content')).toMatch(/2020/);
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld.map((json) => JSON.parse(json)['@type'])).toEqual(['Organization', 'BreadcrumbList']);
    await page.close();
  });

  it('the tab icon is a 32-pixel PNG inside the page: no request for it, and no SVG document to lay out after first paint', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 390, height: 844 } });
    const iconRequests: string[] = [];
    page.on('request', (request) => {
      if (/favicon|\.ico$/.test(new URL(request.url()).pathname)) iconRequests.push(request.url());
    });
    await page.goto(`${suite.site.baseUrl}/`);
    const icon = page.locator('link[rel=icon]');
    expect(await icon.count()).toBe(1);
    expect(await icon.getAttribute('type')).toBe('image/png');
    const href = (await icon.getAttribute('href')) ?? '';
    expect(href).toMatch(/^data:image\/png;base64,/);
    const size = await page.evaluate(async (src) => {
      const picture = new Image();
      picture.src = src;
      await picture.decode();
      return [picture.naturalWidth, picture.naturalHeight];
    }, href);
    expect(size).toEqual([32, 32]);
    await page.waitForLoadState('load');
    expect(iconRequests).toEqual([]);
    await page.close();
  });

  it('feeds and the sitemap list public articles only, and robots.txt points at the sitemap', async () => {
    const protectedSlugs = (await suite.site.server.deps.store.collection('articles').where('status', '==', 'published').get())
      .filter((a) => a.visibility !== 'public')
      .map((a) => String(a.slug));
    expect(protectedSlugs.length).toBeGreaterThan(0);
    const rss = await (await fetch(`${suite.site.baseUrl}/rss.xml`)).text();
    expect(rss).toContain('<rss version="2.0"');
    expect(rss.match(/<item>/g)?.length).toBeGreaterThan(0);
    for (const slug of protectedSlugs) expect(rss).not.toContain(`/makale/${slug}<`);
    const estimations = await fetch(`${suite.site.baseUrl}/rss/estimation.xml`);
    expect(estimations.headers.get('content-type')).toContain('xml');
    expect(await estimations.text()).toContain('<category>Tahmin</category>');
    const sitemap = await (await fetch(`${suite.site.baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${suite.site.baseUrl}/hakkimizda</loc>`);
    expect(sitemap).toContain('/yazarlar/');
    const robots = await (await fetch(`${suite.site.baseUrl}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${suite.site.baseUrl}/sitemap.xml`);
  });

  it('the site server caches hashed assets for a year and revalidates HTML', async () => {
    const html = await fetch(`${suite.site.baseUrl}/`);
    expect(html.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300, must-revalidate');
    const etag = html.headers.get('etag')!;
    const asset = /\/_astro\/[^"]+\.js/.exec(await html.text())![0];
    const js = await fetch(`${suite.site.baseUrl}${asset}`);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('content-type')).toContain('text/javascript');
    expect((await fetch(`${suite.site.baseUrl}/`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    expect((await fetch(`${suite.site.baseUrl}/../../etc/passwd`)).status).toBe(404);
    expect((await fetch(`${suite.site.baseUrl}/makale/boyle-bir-makale-yok`)).status).toBe(404);
  });
});
