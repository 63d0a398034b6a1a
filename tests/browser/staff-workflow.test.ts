import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runScheduledPublish } from '../../functions/src/jobs/scheduled-publish.js';
import { formatIsoDay, istanbulParts } from '@shared/text/dates';
import { browserSuite, openStaffTab, waitForIsland, saveScreen } from '../support/browser.js';
import { loginStaff } from '../support/login.js';

/**
 * Issue 17 in a real Chromium: a scheduled article goes live at its time, the section 404s, the
 * settings that change the site, and Turkish date fields in an English-language browser.
 */

const SHOTS = process.env.GANYAN_SHOTS_DIR ?? '/tmp/ganyan-i17-shots';
const shot = (page: Page, name: string) => saveScreen(page, join(SHOTS, `${name}-${page.viewportSize()?.width}.png`), { fullPage: false });

const suite = browserSuite();

describe('staff workflow and reader site (issue 17)', { timeout: 600_000 }, () => {
  it('a scheduled article is written with Turkish date fields in an English browser and goes live when its time comes', async () => {
    const admin = await loginStaff(suite.site.server, 'admin@ganyan.local', 'Ganyan2026!');
    const { ctx, page } = await openStaffTab(suite.browser, `${suite.site.baseUrl}/admin/articles/new`, admin, { confirms: 'accept', locale: 'en-US' });
    await page.getByRole('heading', { name: 'Yeni Makale' }).waitFor();
    const title = `Zamanlanmış Gazi analizi ${Date.now().toString(36)}`;
    await page.getByLabel('Başlık *').fill(title);
    await page.getByLabel('Özet *').fill('Gazi Koşusu öncesi son değerlendirme.');
    await page.getByRole('textbox', { name: 'Makale içeriği' }).click();
    await page.keyboard.type('Veliefendi pisti bu hafta ağır; favoriler öne çıkıyor.');
    await page.getByLabel('Durum *').selectOption('scheduled');
    const due = new Date(suite.site.server.deps.now().getTime() + 10 * 60_000);
    const { day, clock } = istanbulParts(due);
    await page.getByLabel('Yayın tarihi').fill(formatIsoDay(day));
    await page.getByLabel('Yayın saati').fill(clock);
    await page.getByLabel('Meta başlık').fill('Gazi Koşusu 2026: favoriler ve pist');
    await expect.poll(() => page.getByTestId('seo-preview').innerText()).toContain('Gazi Koşusu 2026: favoriler ve pist');
    await shot(page, 'article-form-scheduled');
    await page.getByRole('button', { name: 'Makaleyi Oluştur' }).click();
    await page.waitForURL('**/admin/articles');
    const row = page.getByTestId('article-row').filter({ hasText: title });
    await row.getByTestId('goes-live').waitFor();
    expect(await row.getByTestId('goes-live').innerText()).toContain(clock);
    await shot(page, 'articles-scheduled-row');
    await ctx.close();

    const stored = (await suite.site.server.deps.store.collection('articles').where('title', '==', title).get())[0]!;
    expect(stored.status).toBe('scheduled');
    expect((stored.scheduledAt as Date).toISOString()).toBe(new Date(`${day}T${clock}:00+03:00`).toISOString());
    expect((await fetch(`${suite.site.baseUrl}/makale/${stored.slug}`)).status).toBe(404);

    // The clock passes the publish time: the job publishes, the page answers.
    suite.site.server.setNow(new Date(due.getTime() + 60_000));
    expect((await runScheduledPublish(suite.site.server.deps)).published).toEqual([stored.id]);
    const reader = await suite.browser.newPage({ viewport: { width: 390, height: 844 } });
    const response = await reader.goto(`${suite.site.baseUrl}/makale/${stored.slug}`);
    expect(response?.status()).toBe(200);
    await reader.getByRole('heading', { name: title }).waitFor();
    await reader.close();
    suite.site.server.setNow(null as unknown as Date);
  });

  it('unknown articles and horses get their section page and status 404', async () => {
    for (const width of [390, 1280]) {
      const page = await suite.browser.newPage({ viewport: { width, height: 844 } });
      const article = await page.goto(`${suite.site.baseUrl}/makale/boyle-bir-makale-yok`);
      expect(article?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Makale Bulunamadı' }).waitFor();
      expect(await page.getByRole('link', { name: 'Ana Sayfaya Dön' }).getAttribute('href')).toBe('/');
      await shot(page, 'makale-bulunamadi');
      const horse = await page.goto(`${suite.site.baseUrl}/at-detay/boyle-bir-at-yok`);
      expect(horse?.status()).toBe(404);
      await page.getByRole('heading', { name: 'At bulunamadı' }).waitFor();
      await page.getByRole('link', { name: '← Geri Dön' }).waitFor();
      await shot(page, 'at-bulunamadi');
      await page.close();
    }
  });

  it('the maintenance notice appears without a rebuild; the contact phone is in the footer and on /iletisim; Reklam preselects İş Teklifi', async () => {
    await suite.site.server.deps.store.set('settings', 'site_maintenance', { key: 'site_maintenance', title: 'Bakım çalışması', content: 'Bu gece 02:00-03:00 arası kısa bir bakım yapılacaktır.', isActive: true, createdAt: new Date(), updatedAt: new Date() });
    for (const width of [390, 1280]) {
      const page = await suite.browser.newPage({ viewport: { width, height: 844 } });
      await page.goto(`${suite.site.baseUrl}/hakkimizda`);
      await page.getByTestId('site-notice').getByText('Bu gece 02:00-03:00 arası kısa bir bakım yapılacaktır.').waitFor();
      await shot(page, 'maintenance-notice');
      // The seeded phone (0850 480 26 26) in the footer, as a tel: link.
      expect(await page.getByTestId('footer-phone').innerText()).toBe('0850 480 26 26');
      expect(await page.getByTestId('footer-phone').getAttribute('href')).toBe('tel:+908504802626');
      await page.goto(`${suite.site.baseUrl}/iletisim?konu=reklam`);
      expect(await page.getByTestId('contact-phone').innerText()).toBe('0850 480 26 26');
      await waitForIsland(page, 'ContactForm');
      await expect.poll(() => page.getByLabel('Mesaj türü').inputValue()).toBe('business');
      expect(await page.title()).toBe('İletişim | Ganyan');
      await page.getByTestId('footer-phone').scrollIntoViewIfNeeded();
      await shot(page, 'iletisim-reklam');
      await page.close();
    }
  });

  it('search is reachable at every width (the box from 1400 px, a button in the bar below)', async () => {
    for (const width of [390, 1280, 1440]) {
      const page = await suite.browser.newPage({ viewport: { width, height: 844 } });
      await page.goto(`${suite.site.baseUrl}/hakkimizda`);
      if (width >= 1400) {
        await page.getByRole('searchbox', { name: 'Sitede ara' }).fill('Veliefendi');
        await page.keyboard.press('Enter');
      } else {
        await page.getByRole('link', { name: 'Sitede ara' }).click();
      }
      await page.waitForURL('**/ara**');
      await page.close();
    }
  });

  it('the programme date reads 24.11.2026 in an English-language browser', async () => {
    const ctx = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const page = await ctx.newPage();
    await page.goto(`${suite.site.baseUrl}/yaris-programi`);
    const field = page.getByLabel('Tarih', { exact: true });
    // Already in the static HTML, before any script: the browser's language plays no part.
    expect(await field.inputValue()).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    // client:interact: reaching for the field hydrates the island.
    await field.hover();
    await field.focus();
    await waitForIsland(page, 'RaceProgramme');
    await field.fill('31.02.2026');
    await field.press('Enter');
    await page.getByText('Tarihi GG.AA.YYYY biçiminde girin (ör. 24.11.2026).').waitFor();
    await shot(page, 'programme-date');
    await ctx.close();
  });
});
