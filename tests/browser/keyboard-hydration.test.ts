import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseRaceEstimate } from '../../functions/src/domain/estimates/estimate.js';
import { browserSuite, openStaffTab, waitForIsland, type SiteServer, saveScreen } from '../support/browser.js';
import { addUser, DEMO_PASSWORD, loginMember, loginStaff } from '../support/login.js';

/**
 * Issue 17 points 9 and 10 and the staff teaser warning of issue 16, in real Chromium over the
 * seeded site: what a reader does before an island has hydrated is not lost (the phone
 * carousel's first swipe), and the carousel and the home tabs work with the keyboard alone, with a visible focus ring.
 */

const SHOTS = process.env.GANYAN_SHOTS_DIR ?? '/tmp/ganyan-i16-17-shots';

let site: SiteServer;
let browser: Browser;

const suite = browserSuite();
beforeAll(() => {
  ({ site, browser } = suite);
});

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
/** The focus ring a keyboard user sees (the global :focus-visible outline). */
const ringOf = (locator: Locator) =>
  locator.evaluate((el) => {
    const style = getComputedStyle(el);
    return el.matches(':focus-visible') && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
  });

/** Presses Tab until `target` has the focus, as a keyboard user would; fails when it never does. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) {
      expect(await ringOf(target)).toBe(true);
      return;
    }
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

describe('nothing done before hydration is lost (issue 17.9)', { timeout: 300_000 }, () => {
  it('the first swipe on a phone, right after load, moves the carousel', async () => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'tr-TR' });
    const page = await ctx.newPage();
    await page.goto(`${site.baseUrl}/`);
    const viewport = page.locator('.fc-viewport');
    await viewport.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    // The island has not hydrated: the touch below is what wakes it up.
    expect(await page.locator('astro-island[component-url*="/FeaturedCarousel."][ssr]').count()).toBe(1);
    const box = (await viewport.boundingBox())!;
    const y = box.y + box.height / 2;
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: box.x + box.width * 0.85, y }] });
    // A finger's pace (about 0.5 px/ms): React arrives in the middle of the gesture.
    for (let i = 1; i <= 12; i += 1) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: box.x + box.width * 0.85 - i * 20, y }] });
      await page.waitForTimeout(40);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await waitForIsland(page, 'FeaturedCarousel');
    await page.locator('.fc.fc-ready').waitFor();
    await expect.poll(() => page.locator('.fc-track').getAttribute('data-slide-index')).toBe('1');
    await expect(page.locator('.fc-dot').nth(1).getAttribute('aria-current')).resolves.toBe('true');
    // The second slide is the one on screen, not a half-scrolled mix.
    const slide = page.locator('.fc-slide').nth(1);
    await expect.poll(async () => Math.abs((await slide.boundingBox())!.x - box.x)).toBeLessThan(4);
    await saveScreen(page, join(SHOTS, 'carousel-first-swipe-390.png'));
    await ctx.close();
  });
});

describe('comments Göster before hydration (issue 17.9)', { timeout: 300_000 }, () => {
  it('Enter on Göster right after load opens the comments once React is there', async () => {
    const list = await site.server.api('GET', '/api/articles?limit=50');
    const article = (list.body.data as { slug: string; visibility: string }[]).find((a) => a.visibility === 'public')!;
    for (const width of [390, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${site.baseUrl}/makale/${article.slug}`, { waitUntil: 'commit' });
      const show = page.getByRole('button', { name: 'Göster' });
      await show.focus();
      // Pressed while the island is still static HTML (the comments sit far below the fold).
      expect(await page.locator('astro-island[component-url*="/Comments."][ssr]').count()).toBe(1);
      await page.keyboard.press('Enter');
      await waitForIsland(page, 'Comments');
      await page.getByText('Yorum yapabilmek için giriş yapmalısınız.').waitFor();
      const toggle = page.getByRole('button', { name: 'Gizle' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      // Pressed once, opened once: the early press was not also seen by React and undone.
      await page.waitForFunction(() => !document.querySelector('.comments [aria-busy="true"]'));
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await saveScreen(page, join(SHOTS, `comments-early-enter-${width}.png`));
      await page.close();
    }
  });
});

describe('keyboard only, with a visible focus ring (issue 17.10)', { timeout: 300_000 }, () => {
  it('the login form: fields, remember-me and submit with the keyboard alone', async () => {
    const member = await addUser(site.server, { params: { logN: 10, r: 8, p: 1 } });
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'tr-TR' });
      const page = await context.newPage();
      await page.goto(`${site.baseUrl}/giris`);
      // The form's script enables submit when it has taken the form over.
      await page.locator('form[data-ready]').waitFor({ state: 'attached' });
      const email = page.getByLabel('E-posta');
      await tabTo(page, email);
      await page.keyboard.type(member.email);
      // A wrong password first: Enter in the field submits, and the error is announced.
      await tabTo(page, page.getByLabel('Şifre', { exact: true }));
      await page.keyboard.type('yanlis-sifre-1');
      await page.keyboard.press('Enter');
      await page.getByRole('alert').filter({ hasText: /hatalı|geçersiz/i }).first().waitFor();
      expect(page.url()).toContain('/giris');
      await page.getByLabel('Şifre', { exact: true }).focus();
      await page.keyboard.press('Control+A');
      await page.keyboard.type(member.password);
      const remember = page.getByRole('checkbox', { name: 'Beni hatırla' });
      await tabTo(page, remember);
      await page.keyboard.press('Space');
      expect(await remember.isChecked()).toBe(true);
      await tabTo(page, page.getByRole('button', { name: 'Giriş Yap' }).last());
      await saveScreen(page, join(SHOTS, `login-keyboard-${width}.png`));
      await page.keyboard.press('Enter');
      await page.waitForURL(`${site.baseUrl}/`);
      // Remembered: the session is in localStorage, not only in this tab.
      expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
      await context.close();
    }
  });

  it('the comment form: open, write and send a comment with the keyboard alone', async () => {
    const member = await addUser(site.server, { params: { logN: 10, r: 8, p: 1 } });
    const session = await loginMember(site.server, member.email, member.password, { ip: '10.79.0.1' });
    const list = await site.server.api('GET', '/api/articles?limit=50');
    const article = (list.body.data as { id: string; slug: string; visibility: string }[]).find((a) => a.visibility === 'public')!;
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'tr-TR' });
      await context.addInitScript(
        ({ token, refreshToken, user }) => {
          sessionStorage.setItem('authToken', token);
          sessionStorage.setItem('refreshToken', refreshToken);
          sessionStorage.setItem('userData', JSON.stringify(user));
        },
        { token: session.token, refreshToken: session.refreshToken, user: session.user },
      );
      const page = await context.newPage();
      await page.goto(`${site.baseUrl}/makale/${article.slug}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const show = page.getByRole('button', { name: 'Göster' });
      await tabTo(page, show, 400);
      await page.keyboard.press('Enter');
      const box = page.getByLabel('Yorumunuz');
      await tabTo(page, box);
      const text = `Klavyeyle yazılan yorum ${width}`;
      await page.keyboard.type(text);
      const send = page.getByRole('button', { name: 'Yorum Yap' });
      await tabTo(page, send);
      await page.keyboard.press('Enter');
      await page.locator('.comment', { hasText: text }).getByText('Onay bekliyor').waitFor();
      expect(await box.inputValue()).toBe('');
      await saveScreen(page, join(SHOTS, `comment-keyboard-${width}.png`));
      await context.close();
    }
    const stored = await site.server.deps.store.collection('comments').where('articleId', '==', article.id).get();
    expect(stored.filter((c) => String(c.content).startsWith('Klavyeyle yazılan yorum'))).toHaveLength(2);
  });

  it('the carousel: reached with Tab, moved with the arrow keys, and Sonraki slayt keeps the focus', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.baseUrl}/`);
    const viewport = page.locator('.fc-viewport');
    const track = page.locator('.fc-track');
    await tabTo(page, viewport);
    await waitForIsland(page, 'FeaturedCarousel');
    await page.locator('.fc.fc-ready').waitFor();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => track.getAttribute('data-slide-index')).toBe('1');
    await page.locator('.fc-progress').waitFor({ state: 'detached' });
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => track.getAttribute('data-slide-index')).toBe('0');
    await page.locator('.fc-progress').waitFor({ state: 'detached' });
    const next = page.getByRole('button', { name: 'Sonraki slayt' });
    await tabTo(page, next);
    await page.keyboard.press('Enter');
    await expect.poll(() => track.getAttribute('data-slide-index')).toBe('1');
    expect(await isFocused(next)).toBe(true);
    expect(await ringOf(next)).toBe(true);
    await page.locator('.fc-progress').waitFor({ state: 'detached' });
    // Space works as well as Enter, and the focus still stays.
    await page.keyboard.press('Space');
    await expect.poll(() => track.getAttribute('data-slide-index')).toBe('2');
    expect(await isFocused(next)).toBe(true);
    await saveScreen(page, join(SHOTS, 'carousel-keyboard-1280.png'));
    await page.close();
  });

  it('the home tabs: Tab to the selected tab, arrows change it', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.baseUrl}/`);
    await page.locator('.ptabs').scrollIntoViewIfNeeded();
    await waitForIsland(page, 'PredictionTabs');
    const latest = page.getByRole('tab', { name: 'SON TAHMİNLER' });
    const winners = page.getByRole('tab', { name: 'BAŞARILI TAHMİNLER' });
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await tabTo(page, latest);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => winners.getAttribute('aria-selected')).toBe('true');
    expect(await isFocused(winners)).toBe(true);
    expect(await ringOf(winners)).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => latest.getAttribute('aria-selected')).toBe('true');
    // Tab from the selected tab enters its panel: the first card, ringed as a whole (its title link covers it).
    await page.keyboard.press('Tab');
    const firstCard = page.locator('#panel-son-tahminler .list-card').first();
    expect(await isFocused(firstCard.locator('.list-card__title-link'))).toBe(true);
    expect(await firstCard.evaluate((el) => parseFloat(getComputedStyle(el).outlineWidth) >= 2 && getComputedStyle(el).outlineStyle !== 'none')).toBe(true);
    await page.close();
  });
});

describe('staff teaser warning (issue 16)', { timeout: 300_000 }, () => {
  it('warns, naming the horse, while a VIP teaser is edited, and sends nothing on save', async () => {
    // A VIP article of the demo with an active estimate, and one horse it selected.
    const estimates = (await site.server.deps.store.collection('raceEstimates').get()).map(parseRaceEstimate).filter((e) => e.isActive);
    let target: { articleId: string; horse: string } | null = null;
    for (const estimate of estimates) {
      const article = await site.server.deps.store.get('articles', estimate.articleId);
      if (article?.visibility === 'premium') {
        target = { articleId: estimate.articleId, horse: estimate.races[0]!.selectedHorses[0]!.name };
        break;
      }
    }
    expect(target).not.toBeNull();
    const admin = await loginStaff(site.server, 'admin@ganyan.local', DEMO_PASSWORD);
    for (const width of [390, 1280]) {
      const { ctx, page } = await openStaffTab(browser, `${site.baseUrl}/admin/articles/edit?id=${target!.articleId}`, admin, { confirms: 'accept', width });
      await page.getByRole('heading', { name: 'Makaleyi Düzenle' }).waitFor();
      const puts: string[] = [];
      page.on('request', (r) => r.method() === 'PUT' && puts.push(r.url()));
      const excerpt = page.getByLabel('Özet *');
      expect(await page.locator('#teaser-leak').count()).toBe(0);
      await excerpt.focus();
      await page.keyboard.press('End');
      // The name typed the way a tipster would, in lower case: the check folds Turkish letters.
      await page.keyboard.type(` Bankomuz ${target!.horse.toLocaleLowerCase('tr-TR')}.`);
      const warning = page.locator('#teaser-leak');
      await warning.waitFor();
      expect(await warning.innerText()).toContain(target!.horse);
      expect(await warning.innerText()).toContain('Başlık, alt başlık ve özet seçilen atların adını vermemeli.');
      await saveScreen(page, join(SHOTS, `teaser-warning-${width}.png`));
      const save = page.getByRole('button', { name: 'Değişiklikleri Kaydet' });
      await tabTo(page, save, 200);
      await page.keyboard.press('Enter');
      await expect.poll(() => isFocused(warning)).toBe(true);
      expect(puts).toEqual([]);
      expect(page.url()).toContain('/admin/articles/edit');
      // Taking the name out clears the warning.
      await excerpt.fill('Altılı için ayak ayak seçimlerimiz VIP üyelerimizde.');
      await warning.waitFor({ state: 'detached' });
      await ctx.close();
    }
  });
});
