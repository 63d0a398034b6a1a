import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, signedInContext, waitForIsland } from '../support/browser.js';
import { addUser, DEMO_PASSWORD, loginMember } from '../support/login.js';

/**
 * The home page's bytes at load on a phone (issue 21: home ≤ 45 KB in all, as WordPress). Its
 * images were most of it: Chromium's lazy loading fetches every image within ~1,250 px of the
 * screen, so the carousel's sideways slides and the first tab's cards all came at load (135 KB).
 * Now only what is on the first screen is fetched, in sizes made for a phone's box, and every other
 * image still arrives when its slide, tab or card is shown.
 */

const suite = browserSuite();

/**
 * Image bytes the first screen may cost, in AVIF: the banner (2.6 KB), the header ad (~4.5 KB at
 * 720 px) and the first slide's two cards (~5-6 KB each at 720 px, by which articles the day's seed
 * features). In WebP the same were ~28 KB; at full size the two cards alone were ~28 KB. The page's
 * 45 KB also hold the HTML (~16 KB compressed), the scripts (~8 KB) and the API answers.
 */
const FIRST_SCREEN_IMAGE_BYTES = 22 * 1024;

/** The paths of the images fetched so far that no image on the first screen shows. */
function offScreen(page: Page, paths: string[]): Promise<string[]> {
  return page.evaluate((fetched) => {
    const shown = new Set(
      [...document.images]
        .filter((img) => {
          const box = img.getBoundingClientRect();
          return img.currentSrc && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
        })
        .map((img) => new URL(img.currentSrc).pathname),
    );
    return fetched.filter((path) => !shown.has(path));
  }, paths);
}

/** A phone as Lighthouse's mobile run sees it (412 px wide there, 390 here). */
function phone(options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  return suite.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, locale: 'tr-TR', ...options });
}

/**
 * Every image the page fetches, by path, with its bytes. A request's sizes arrive after Playwright
 * reports it finished, and both may come after the page already shows the image, so readers await
 * `settled()` (all sizes of requests finished so far) and poll for an image they expect. Sizes asked
 * for while the test closes its page fail, and no longer matter; any other failure reaches `settled()`.
 */
function recordImages(page: Page): { settled(): Promise<Map<string, number>> } {
  const images = new Map<string, number>();
  const pending = new Set<Promise<void>>();
  let failure: unknown = null;
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'image') return;
    const sized: Promise<void> = request
      .sizes()
      .then(
        (sizes) => void images.set(new URL(request.url()).pathname, sizes.responseBodySize),
        (error: unknown) => {
          const closing = page.isClosed() || /has been closed/.test(String(error));
          if (!closing) failure ??= error;
        },
      )
      .finally(() => pending.delete(sized));
    pending.add(sized);
  });
  return {
    async settled() {
      await Promise.all([...pending]);
      if (failure) throw failure;
      return new Map(images);
    },
  };
}

const total = (images: Map<string, number>) => [...images.values()].reduce((a, b) => a + b, 0);

/** The image of a carousel slide's card has arrived and is painted. */
function slideImageShown(page: Page, slide: number): Promise<unknown> {
  return page.waitForFunction((i) => {
    const img = document.querySelectorAll('.fc-slide')[i]?.querySelector<HTMLImageElement>('img.fc-img');
    return !!img && img.complete && img.naturalWidth > 0 && !!img.currentSrc;
  }, slide);
}

/** The address an image of a carousel slide's card loads from ('' while it has none). */
const slideImageUrl = (page: Page, slide: number) =>
  page.evaluate((i) => {
    const img = document.querySelectorAll('.fc-slide')[i]?.querySelector<HTMLImageElement>('img.fc-img');
    return img?.currentSrc ? new URL(img.currentSrc).pathname : (img?.getAttribute('data-deferred-src') ?? '');
  }, slide);

describe('home page weight on a phone', () => {
  it('loads only the first screen’s images, in phone sizes; a neighbour slide’s image arrives when the carousel moves to it', async () => {
    const context = await phone();
    const page = await context.newPage();
    const images = recordImages(page);
    await page.goto(`${suite.site.baseUrl}/`);
    await page.waitForLoadState('networkidle');
    // The first card (the largest paint) is in the HTML, fetched first and in a phone's size.
    const first = page.locator('.fc-slide').first().locator('img.fc-img').first();
    expect(await first.getAttribute('fetchpriority')).toBe('high');
    await slideImageShown(page, 0);
    expect(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-720w\.avif$/);
    const atLoad = await images.settled();
    expect(total(atLoad), [...atLoad].map(([path, bytes]) => `${path} ${bytes}`).join('\n')).toBeLessThanOrEqual(FIRST_SCREEN_IMAGE_BYTES);
    // Every picture in AVIF (its <picture> source), and none fetched in WebP as well.
    expect([...atLoad.keys()].filter((path) => !path.endsWith('.avif'))).toEqual([]);
    // Only what the first screen shows: nothing of the second slide nor of the tabs below.
    expect(await offScreen(page, [...atLoad.keys()])).toEqual([]);
    const secondSlide = await slideImageUrl(page, 1);
    expect(secondSlide).toMatch(/^\/images\//);
    expect([...atLoad.keys()].some((path) => path.startsWith(secondSlide.replace(/\.webp$/, '')))).toBe(false);
    expect(await page.locator('.ptabs-panel img[src]').count()).toBe(0);

    // The reader moves the carousel: its next slide's image arrives and is shown.
    await page.getByRole('button', { name: 'Sonraki slayt' }).tap();
    await waitForIsland(page, 'FeaturedCarousel');
    await expect.poll(() => page.locator('.fc-track').getAttribute('data-slide-index')).toBe('1');
    await slideImageShown(page, 1);
    await expect.poll(async () => [...(await images.settled()).keys()].some((path) => path.startsWith(secondSlide.replace(/\.webp$/, '')))).toBe(true);
    // ... and the one after it is on its way before it is asked for.
    await slideImageShown(page, 2);

    // The tabs' cards: shown once the reader scrolls to them, and the other tab's too.
    await page.locator('.ptabs').scrollIntoViewIfNeeded();
    await waitForIsland(page, 'PredictionTabs');
    const cardImageShown = () =>
      page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('.ptabs-panel .card img');
        return !!img && img.complete && img.naturalWidth > 0;
      });
    await cardImageShown();
    // The first page is the page's own HTML (not island props): its images get their srcset too,
    // so a phone fetches a narrower copy.
    // Lazy: those further down have no current source until scrolled to, but all have the srcset.
    const firstTabImages = () => page.locator('.ptabs-panel .card img').evaluateAll((imgs) => imgs.map((img) => ({ srcset: (img as HTMLImageElement).srcset, shown: (img as HTMLImageElement).currentSrc })));
    const phoneSized = async () => {
      const shown = await firstTabImages();
      return shown.every((img) => img.srcset.includes(' 480w') && (img.shown === '' || /-(480|720)w\.avif$/.test(img.shown))) && shown.some((img) => img.shown !== '');
    };
    await expect.poll(phoneSized, { timeout: 30_000 }).toBe(true);
    expect(await page.locator('.ptabs-panel .card img').count()).toBe(8);
    // The newest tips may include settled winners too: the first tab is told apart by its own cards.
    const firstTabCards = await page.locator('.ptabs-panel .card').allTextContents();
    await page.getByRole('tab', { name: 'BAŞARILI TAHMİNLER' }).tap();
    await page.waitForFunction(() => [...document.querySelectorAll('.ptabs-panel .card')].every((card) => card.textContent?.includes('KAZANDI')));
    await cardImageShown();
    // Back to the first tab: its static cards again, with their images, and no request for them.
    const listRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/articles') listRequests.push(request.url());
    });
    await page.getByRole('tab', { name: 'SON TAHMİNLER' }).tap();
    await page.waitForFunction((expected) => JSON.stringify([...document.querySelectorAll('.ptabs-panel .card')].map((card) => card.textContent)) === expected, JSON.stringify(firstTabCards));
    await expect.poll(phoneSized, { timeout: 30_000 }).toBe(true);
    expect(listRequests).toEqual([]);
    await context.close();
  }, 180_000);

  it('without JavaScript every slide and card still has its image (the <noscript> copy)', async () => {
    const context = await phone({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${suite.site.baseUrl}/`);
    const slides = await page.locator('.fc-slide').count();
    expect(slides).toBeGreaterThan(2);
    // One image with an address per card, in every slide.
    const perSlide = await page.locator('.fc-slide').evaluateAll((els) => els.map((el) => [el.querySelectorAll('.fc-card').length, el.querySelectorAll('img[src]').length]));
    for (const [cards, withSource] of perSlide) expect(withSource).toBe(cards);
    expect(await page.locator('.ptabs-panel .card img[src]').count()).toBe(8);
    await context.close();
  }, 120_000);
});

/** The body of every script the page fetches, by path. */
function recordScripts(page: Page): Map<string, Promise<string>> {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = response.text();
    // Handled here so a late script's body failing as the context closes is no unhandled rejection;
    // a failure while the page is open still rejects where the test awaits the body.
    body.catch(() => {});
    scripts.set(new URL(response.url()).pathname, body);
  });
  return scripts;
}

describe('account pages on a phone', () => {
  it('sign-in and password reset load neither React nor zod (so no phone-number metadata); registration, which asks for a phone, still does', async () => {
    const context = await phone();
    try {
      const page = await context.newPage();
      const scripts = recordScripts(page);
      // libphonenumber's metadata opens with this key; it is about 36 KB of the page's scripts gzipped.
      const carriesPhoneMetadata = async () => (await Promise.all(scripts.values())).some((text) => text.includes('country_calling_codes'));

      // Sign-in and password reset are HTML and a small script: no React, no zod, so no phone metadata either.
      for (const path of ['/giris', '/sifremi-unuttum']) {
        scripts.clear();
        await page.goto(`${suite.site.baseUrl}${path}`);
        await page.locator('form[data-ready]').waitFor({ state: 'attached' });
        await page.waitForLoadState('networkidle');
        const bodies = await Promise.all(scripts.values());
        expect(bodies.length, path).toBeGreaterThan(0);
        expect(bodies.filter((text) => text.includes('__reactContainer$')).length, `${path}: React DOM`).toBe(0);
        expect(bodies.filter((text) => text.includes('$ZodType')).length, `${path}: zod`).toBe(0);
        expect(await carriesPhoneMetadata(), path).toBe(false);
      }

      scripts.clear();
      await page.goto(`${suite.site.baseUrl}/kayit`);
      await waitForIsland(page, 'RegisterForm');
      await page.waitForLoadState('networkidle');
      expect(await carriesPhoneMetadata()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('the VIP packages page of a member without VIP loads neither React nor zod nor react-hook-form', async () => {
    const user = await addUser(suite.site.server);
    const member = await loginMember(suite.site.server, user.email, DEMO_PASSWORD, { ip: '10.79.0.1' });
    const context = await signedInContext(suite.browser, member, 'member', { width: 390 });
    try {
      const page = await context.newPage();
      const scripts = recordScripts(page);
      await page.goto(`${suite.site.baseUrl}/vip-uyelik`);
      // The member's form with the live packages and the bank account: everything the page fetches.
      await page.getByTestId('bank-card').waitFor();
      await page.getByRole('radio').first().waitFor();
      await page.waitForLoadState('networkidle');
      const bodies = [...scripts].map(async ([path, body]) => [path, await body] as const);
      const loaded = await Promise.all(bodies);
      expect(loaded.length).toBeGreaterThan(0);
      // The header is plain script too, and the page validates two names without a library.
      expect(loaded.filter(([, text]) => text.includes('__reactContainer$')).map(([path]) => path), 'scripts carrying React DOM').toEqual([]);
      expect(loaded.filter(([, text]) => text.includes('$ZodType')).map(([path]) => path), 'scripts carrying zod').toEqual([]);
      // An option name of useForm that survives minification.
      expect(loaded.filter(([, text]) => text.includes('reValidateMode')).map(([path]) => path), 'scripts carrying react-hook-form').toEqual([]);
    } finally {
      await context.close();
    }
  });
});
