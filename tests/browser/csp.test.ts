import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cspViolations as violations, launchBrowser, RECORD_VIOLATIONS, startSiteServer, type SiteServer, KEEP_SCREENS, saveScreen } from '../support/browser.js';
import { DEMO_PASSWORD } from '../support/login.js';

/**
 * Finding 11 in a real browser: every kind of page loads under the site's Content-Security-Policy
 * (Astro's per-page <meta> with script hashes + firebase.json's header) with zero
 * `securitypolicyviolation` events, islands hydrated, the staff panel and its rich editor too;
 * and a script injected inline is refused.
 */
let site: SiteServer;
let browser: Browser;

beforeAll(async () => {
  site = await startSiteServer({ search: true });
  browser = await launchBrowser();
}, 900_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // Islands that wait for the reader: give each a reason to hydrate, then let it finish. The event
  // goes to the island element itself: most have no box of their own (display: contents), and a
  // hover there waited out its whole timeout, 2 s an island.
  await page.locator('astro-island[ssr]').evaluateAll((islands) => {
    for (const island of islands) island.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
  });
  await page.mouse.wheel(0, 20_000);
  await page.waitForLoadState('networkidle');
}

async function paths(): Promise<string[]> {
  const store = site.server.deps.store;
  const articles = await store.collection('articles').where('status', '==', 'published').limit(400).get();
  const publicEstimation = articles.find((a) => a.category === 'estimation' && (a.visibility ?? 'public') === 'public' && !a.isDeleted) ?? articles[0]!;
  const premium = articles.find((a) => a.visibility === 'premium' && !a.isDeleted);
  const [horse] = await store.collection('horses').limit(1).get();
  return [
    '/',
    '/makaleler',
    '/haberler',
    '/tahminler',
    '/basarili-tahminler',
    '/basari-kayitlari',
    '/yazarlar',
    '/yazarlar/u-author-1',
    `/makale/${String(publicEstimation.slug)}`,
    ...(premium ? [`/makale/${String(premium.slug)}`] : []),
    '/yaris-programi',
    ...(horse ? [`/at-detay/${horse.id}`] : []),
    '/ara?q=at',
    '/giris',
    '/kayit',
    '/sifremi-unuttum',
    '/sifre-sifirla?token=yok',
    '/eposta-degisikligi?token=yok-boyle-bir-baglanti',
    '/iletisim',
    '/vip-uyelik',
    '/hakkimizda',
    '/bu-sayfa-yok',
  ];
}

/**
 * The pages where a member gets more than the visitor's page with the member header (the same
 * header everywhere): the home page's status strip, an article's comment form and likes, the
 * premium teaser, the follow buttons, the VIP request, the contact form filled in, the e-mail change
 * link opened while signed in. Forms for visitors only send a member away.
 */
function seenDifferentlyByMembers(path: string): boolean {
  return path === '/' || /^\/(makale|at-detay|yaris-programi|vip-uyelik|iletisim|tahminler|eposta-degisikligi)\b/.test(path);
}

/** The screens this issue changed, at phone and desktop width, for a person to look at. */
const SHOTS = process.env.GANYAN_SHOTS_DIR ?? join(tmpdir(), 'ganyan-security-shots');
async function shootScreens(page: Page, path: string) {
  if (!KEEP_SCREENS) return;
  const name = path === '/profil' ? 'profil-eposta' : 'eposta-degisikligi';
  if (path === '/profil') {
    await page.getByRole('button', { name: 'Düzenle' }).click();
    await page.locator('#email').fill('yeni.adres@example.com');
    await page.locator('#currentPassword').waitFor();
  }
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await saveScreen(page, join(SHOTS, `${name}-${width}.png`), { fullPage: true });
  }
}

describe('Content-Security-Policy', () => {
  it('every page type loads without a single violation, as a visitor and as a member', async () => {
    for (const member of [false, true]) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addInitScript(RECORD_VIOLATIONS);
      if (member) {
        const page = await context.newPage();
        await page.goto(`${site.baseUrl}/giris`);
        await page.getByLabel('E-posta').fill('uye01@ganyan.local');
        await page.getByLabel('Şifre', { exact: true }).fill(DEMO_PASSWORD);
        // Remembered (localStorage), so the session reaches the other tabs this test opens.
        await page.getByText('Beni hatırla').click();
        await page.getByRole('button', { name: 'Giriş Yap' }).click();
        await page.waitForURL((u) => !u.pathname.startsWith('/giris'));
        expect(await violations(page)).toEqual([]);
        await page.close();
      }
      const list = member ? ['/profil', '/vip-siparislerim', ...(await paths()).filter(seenDifferentlyByMembers)] : await paths();
      for (const path of list) {
        const page = await context.newPage();
        const response = await page.goto(`${site.baseUrl}${path}`);
        expect(response!.headers()['content-security-policy'], path).toContain("object-src 'none'");
        await settle(page);
        expect(await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content'), path).toMatch(/script-src 'self'[^;]*'sha256-/);
        expect(await violations(page), `${member ? 'member' : 'visitor'} ${path}`).toEqual([]);
        if (member && (path === '/profil' || path.startsWith('/eposta-degisikligi'))) await shootScreens(page, path);
        await page.close();
      }
      await context.close();
    }
  }, 900_000);

  it('the staff panel and the rich editor work under the policy', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(RECORD_VIOLATIONS);
    const page = await context.newPage();
    await page.goto(`${site.baseUrl}/admin/login`);
    await page.getByLabel('E-posta').fill('admin@ganyan.local');
    await page.getByLabel('Şifre').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    // The race-day desk on a race day, else the articles (issue 49): either must run under the CSP.
    await page.waitForURL(/\/admin\/(yaris-gunu|articles)$/);
    expect(await violations(page)).toEqual([]);
    await page.goto(`${site.baseUrl}/admin/articles/new`);
    const editor = page.locator('.ProseMirror').first();
    await editor.waitFor();
    await editor.click();
    await page.keyboard.type('Güvenlik politikası altında yazılan paragraf.');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' Kalın.');
    await expect.poll(() => editor.innerText()).toContain('Kalın.');
    for (const path of ['/admin/comments', '/admin/users', '/admin/settings', '/admin/races']) {
      await page.goto(`${site.baseUrl}${path}`);
      await settle(page);
    }
    expect(await violations(page)).toEqual([]);
    await context.close();
  }, 600_000);

  it('a script injected inline is blocked, and reported', async () => {
    const context = await browser.newContext();
    await context.addInitScript(RECORD_VIOLATIONS);
    const page = await context.newPage();
    await page.goto(`${site.baseUrl}/`);
    await settle(page);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
      const div = document.createElement('div');
      div.innerHTML = '<img src="x" onerror="window.__handler = true">';
      document.body.append(div);
    });
    // Both refusals are reported (the element's and the handler's) once the browser has decided:
    // after that, neither can still run.
    await expect.poll(async () => (await violations(page)).filter((v) => v.startsWith('script-src')).length).toBeGreaterThanOrEqual(2);
    const ran = await page.evaluate(() => {
      const w = window as unknown as { __injected?: boolean; __handler?: boolean };
      return { inline: w.__injected === true, handler: w.__handler === true };
    });
    expect(ran).toEqual({ inline: false, handler: false });
    await context.close();
  }, 300_000);
});
