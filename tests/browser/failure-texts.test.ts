/**
 * Issue 17 (audit rows of spec 000 §8 and 002 §8), in real Chromium over the seeded site: what staff
 * read when a call fails. The staff article list keeps its rows when only the counters fail and says
 * 'İstatistikler yüklenirken hata oluştu'; the author's own profile uses the spec's texts for a
 * refused, a failed and an unreachable save. Failures are made with Playwright routes on the real pages.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/users.js';
import { browserSuite, openStaffTab } from '../support/browser.js';
import { loginStaff } from '../support/login.js';

const suite = browserSuite({ admin: { ip: '10.81.0.1' }, shots: process.env.GANYAN_SHOTS_DIR ?? '/tmp/ganyan-failure-texts-shots' });

/** Answers the page's next calls to `path` (method) with a server error, or drops them as a lost connection. */
async function failCalls(page: Page, method: string, path: string, how: 'server' | 'network'): Promise<() => Promise<void>> {
  const pattern = `**${path}`;
  await page.route(pattern, (route) => {
    if (route.request().method() !== method) return route.fallback();
    if (how === 'network') return route.abort('internetdisconnected');
    return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, error: { code: 'INTERNAL', message: 'Sunucu hatası' } }) });
  });
  return () => page.unroute(pattern);
}

describe('failure texts (issue 17, spec 000 §8 and 002 §8)', { timeout: 600_000 }, () => {
  it('the staff article list: failed counters say so, the rows still show, and Tekrar Dene brings them back', async () => {
    for (const width of [390, 1280]) {
      const { ctx, page } = await openStaffTab(suite.browser, 'about:blank', suite.admin, { confirms: 'dismiss', width });
      const restore = await failCalls(page, 'GET', '/api/articles/stats', 'server');
      await page.goto(suite.url('/admin/articles'));
      const alert = page.getByRole('alert').filter({ hasText: 'İstatistikler yüklenirken hata oluştu' });
      await alert.waitFor();
      await page.getByTestId('article-row').first().waitFor();
      await suite.shot(page, `articles-stats-failed-${width}`);
      await restore();
      await alert.getByRole('button', { name: 'Tekrar Dene' }).click();
      await alert.waitFor({ state: 'detached' });
      await expect.poll(() => page.getByTestId('stat-total').textContent()).toMatch(/^\d[\d.]*$/);
      await ctx.close();
    }
  });

  it("the author's own profile: the spec's texts when loading or saving fails", async () => {
    const author = await loginStaff(suite.site.server, 'yazar1@ganyan.local', DEMO_PASSWORD, { ip: '10.81.0.2' });
    for (const width of [390, 1280]) {
      const { ctx, page } = await openStaffTab(suite.browser, 'about:blank', author, { confirms: 'dismiss', width });
      // The profile itself cannot be read: the spec's text and a retry that works once the server answers.
      const restoreLoad = await failCalls(page, 'GET', '/api/authors/profile/me', 'server');
      await page.goto(suite.url('/admin/author-profile'));
      await page.getByText('Profil bilgileri alınamadı.').waitFor();
      await restoreLoad();
      await page.getByRole('button', { name: 'Tekrar Dene' }).click();
      await page.getByRole('tab', { name: 'Şifre' }).waitFor();

      await page.getByRole('tab', { name: 'Şifre' }).click();
      const fillPassword = async (current: string) => {
        await page.getByLabel('Mevcut şifre').fill(current);
        await page.getByLabel('Yeni şifre', { exact: true }).fill('YeniSifre2026!');
        await page.getByLabel('Yeni şifre (tekrar)').fill('YeniSifre2026!');
        await page.getByRole('button', { name: 'Şifreyi Güncelle' }).click();
      };
      const expectStatus = (text: string) => page.locator('.a-alert-error', { hasText: text }).waitFor();
      let restore = await failCalls(page, 'PUT', '/api/authors/profile/me/password', 'server');
      await fillPassword(DEMO_PASSWORD);
      await expectStatus('Şifre güncellenemedi.');
      await restore();
      restore = await failCalls(page, 'PUT', '/api/authors/profile/me/password', 'network');
      await fillPassword(DEMO_PASSWORD);
      await expectStatus('Şifre güncellenirken hata oluştu.');
      await restore();
      // Refused by the server: its own reason, not a generic text (and nothing changed).
      await fillPassword('yanlis-sifre');
      const refused = page.locator('.a-alert-error');
      await refused.waitFor();
      await expect.poll(() => refused.textContent()).not.toMatch(/güncellenemedi|güncellenirken|Bir hata oluştu/);
      await suite.shot(page, `author-password-refused-${width}`);

      await page.getByRole('tab', { name: 'E-posta' }).click();
      const fillEmail = async () => {
        await page.getByLabel('Yeni e-posta').fill(`yazar1-yeni-${width}@ganyan.local`);
        await page.getByLabel('Mevcut şifre').fill(DEMO_PASSWORD);
        await page.getByRole('button', { name: 'E-postayı Güncelle' }).click();
      };
      restore = await failCalls(page, 'PUT', '/api/authors/profile/me/email', 'server');
      await fillEmail();
      await expectStatus('E-posta güncellenemedi.');
      await restore();
      restore = await failCalls(page, 'PUT', '/api/authors/profile/me/email', 'network');
      await fillEmail();
      await expectStatus('E-posta güncellenirken hata oluştu.');
      await suite.shot(page, `author-email-unreachable-${width}`);
      await restore();
      await ctx.close();
    }
    // None of the failed saves changed anything.
    const stored = await suite.site.server.deps.store.get('users', 'u-author-1');
    expect(stored?.email).toBe('yazar1@ganyan.local');
  });
});
