import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, DEMO_PASSWORD } from '../../server/seed/users.js';
import { browserSuite } from '../support/browser.js';

/**
 * Issue 21: the staff panel's first screen does not wait for the whole panel. Each screen of the
 * route table is its own chunk (src/admin/routes.ts): the sign-in screen loads neither the article
 * editor (ProseMirror) nor the VIP desk, and a screen's code arrives when its route is opened.
 */

const suite = browserSuite({ shots: process.env.ADMIN_FIRST_SHOTS ?? '/tmp/admin-first-shots', admin: { ip: '10.79.0.1' } });

/** The text of every script the page has received so far. */
function scriptBodies(page: Page): () => Promise<string[]> {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''));
  });
  return () => Promise.all(bodies);
}

/** Holds the panel's entry script back until the returned function is called. */
async function holdPanelCode(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/App.*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const EDITOR = 'ProseMirror';
const VIP_DESK = 'Banka Ekstresi';

describe('staff panel first screen', () => {
  it('the sign-in screen loads no screen of the panel; the editor arrives with its route', async () => {
    const ctx = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'tr-TR' });
    try {
      const page = await ctx.newPage();
      const scripts = scriptBodies(page);
      await page.goto(suite.url('/admin/login'));
      await page.locator('form button[type="submit"]').waitFor();
      await page.waitForLoadState('networkidle');
      const atLogin = (await scripts()).join('\n');
      expect(atLogin.length).toBeGreaterThan(0);
      expect(atLogin).not.toContain(EDITOR);
      expect(atLogin).not.toContain(VIP_DESK);
      // The page keeps a scrollbar's gutter: it is drawn in the sign-in screen's gradient, not as a grey strip.
      const { data, info } = await sharp(await page.screenshot()).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
      const [red, green, blue] = pixel(info.width - 1, Math.floor(info.height / 2));
      expect(Math.max(red!, green!, blue!), `the right edge is rgb(${red}, ${green}, ${blue})`).toBeLessThan(128);
      await suite.shot(page, 'login-390');
    } finally {
      await ctx.close();
    }

    const { ctx: staff, page } = await suite.staffTab('/admin/articles', { confirms: 'dismiss' });
    try {
      const scripts = scriptBodies(page);
      await page.reload();
      await page.getByRole('heading', { name: 'Makale Yönetimi' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect((await scripts()).join('\n')).not.toContain(EDITOR);
      await page.goto(suite.url('/admin/articles/new'));
      await page.locator('.ProseMirror').first().waitFor();
      expect((await scripts()).join('\n')).toContain(EDITOR);
      await suite.shot(page, 'editor-1280');
    } finally {
      await staff.close();
    }
  });

  it('paints the sign-in form from the HTML, and the panel keeps what was typed before its code arrived', async () => {
    const noScript = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'tr-TR', javaScriptEnabled: false });
    try {
      const page = await noScript.newPage();
      await page.goto(suite.url('/admin/login'));
      await page.getByRole('heading', { name: 'Ganyan Yönetim Paneli' }).waitFor();
      expect(await page.getByRole('button', { name: 'Giriş Yap' }).isDisabled()).toBe(true);
      await suite.shot(page, 'login-static-390');
    } finally {
      await noScript.close();
    }

    const ctx = await suite.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'tr-TR' });
    try {
      const page = await ctx.newPage();
      // The panel's entry is held back until the reader has typed into the static form.
      const release = await holdPanelCode(page);
      await page.goto(suite.url('/admin/login'));
      await page.locator('form[data-static-login]').waitFor();
      await page.getByLabel('E-posta').fill(ADMIN_EMAIL);
      await page.getByLabel('Şifre').fill(DEMO_PASSWORD);
      release();
      await page.locator('form.a-login-card:not([data-static-login])').waitFor();
      expect(await page.getByLabel('E-posta').inputValue()).toBe(ADMIN_EMAIL);
      await page.getByRole('button', { name: 'Giriş Yap' }).click();
      // The panel opens on the race-day desk when the demo has races today, else on the articles.
      await page.getByRole('heading', { name: /^(Makale Yönetimi|Yarış Günü · )/ }).waitFor();
      await suite.shot(page, 'after-static-login-1280');
    } finally {
      await ctx.close();
    }
  });

  it('shows the sign-in card only whole while the HTML arrives: a centred card painted in part jumps up as the rest comes', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      const html = await (await fetch(suite.url('/admin/login'))).text();
      const form = { start: html.indexOf('<form'), end: html.indexOf('</form>') };
      // Before every tag, and after every tag: an element parsed without its words yet is a line short.
      // The card is whole once the words of its last line, the way back to the site, are in.
      const whole = html.lastIndexOf('</a>', form.end);
      const cuts = [...html.slice(form.start + 1, whole).matchAll(/<[a-z]|>/g)].map((m) => form.start + 1 + m.index + (m[0] === '>' ? 1 : 0));
      expect(cuts.length).toBeGreaterThan(30);
      const cardState = () =>
        page.evaluate(() => {
          const card = document.querySelector('form[data-static-login]');
          return { parts: card?.children.length ?? 0, shown: Boolean(card?.checkVisibility({ visibilityProperty: true })) };
        });
      for (const cut of cuts) {
        await page.setContent(html.slice(0, cut), { waitUntil: 'domcontentloaded' });
        expect((await cardState()).shown, `cut before: ${html.slice(cut, cut + 40)}`).toBe(false);
      }
      // Whole, it shows before any script has run.
      await page.setContent(html.slice(0, whole), { waitUntil: 'domcontentloaded' });
      expect(await cardState()).toEqual({ parts: 6, shown: true });
    } finally {
      await page.close();
    }
  });

  it('keeps every keystroke and the caret when the panel takes over in the middle of typing', async () => {
    const ctx = await suite.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'tr-TR' });
    try {
      const page = await ctx.newPage();
      // A slow phone: React renders the client-only panel in a transition, and the slower the CPU
      // the longer the pause between reading the static form and replacing it.
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
      const release = await holdPanelCode(page);
      await page.goto(suite.url('/admin/login'));
      await page.getByLabel('E-posta').fill(ADMIN_EMAIL);
      await page.getByLabel('Şifre').click();
      let typed = 'önce';
      await page.keyboard.type(typed);
      release();
      const live = page.locator('form.a-login-card:not([data-static-login])');
      // One key at a time until the live form is in, then a few more into whatever has the caret.
      for (let i = 0; (await live.count()) === 0 && i < 2_000; i++) {
        const key = String.fromCharCode(97 + (i % 26));
        await page.keyboard.type(key);
        typed += key;
      }
      await page.keyboard.type('sonra');
      typed += 'sonra';
      await expect.poll(() => live.getByLabel('Şifre').inputValue()).toBe(typed);
      expect(await live.getByLabel('E-posta').inputValue()).toBe(ADMIN_EMAIL);
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('password');
      expect(await live.getByRole('button', { name: 'Giriş Yap' }).isEnabled()).toBe(true);
    } finally {
      await ctx.close();
    }
  });
});
