import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importRaceFiles } from '../../functions/src/jobs/import-races.js';
import { browserSuite, saveScreen } from '../support/browser.js';
import { lateProgramme } from '../support/jockeys.js';

const SHOTS = process.env.JOCKEY_SHOTS ?? '/tmp/jockey-shots';

const suite = browserSuite({ shots: SHOTS });

describe('jockey pages', () => {
  it('a jockey name on the programme leads to the jockey page with its tables', async () => {
    for (const width of [390, 1280]) {
      const page = await suite.browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${suite.site.baseUrl}/yaris-programi`);
      const links = page.locator('.race-table .jockey-link');
      await links.first().waitFor();
      // The busiest rider of the day's programme: enough rides for a full 'Son 30 koşu' and a second page.
      const hrefs = [...new Set(await links.evaluateAll((els) => els.map((el) => el.getAttribute('href')!)))];
      let busiest = { href: hrefs[0]!, rides: -1 };
      for (const href of hrefs) {
        const id = href.split('/').filter(Boolean).pop()!;
        const answer = (await (await fetch(`${suite.site.baseUrl}/api/jockeys/${id}`)).json()) as { data: { totals: { rides: number } } };
        if (answer.data.totals.rides > busiest.rides) busiest = { href, rides: answer.data.totals.rides };
      }
      expect(busiest.rides).toBeGreaterThan(20);
      const link = page.locator(`.race-table .jockey-link[href="${busiest.href}"]`).first();
      const name = (await link.innerText()).trim();
      await Promise.all([page.waitForURL(/\/jokey\/j-[a-z0-9-]+\/?$/), link.click()]);
      // Whole in its HTML; React comes with the first use (the pager below).
      const detail = page.getByTestId('jockey-detail');
      await expect(detail.locator('h1').innerText()).resolves.toBe(name);
      for (const heading of ['Hipodroma göre', 'Pist türüne göre', 'Mesafeye göre', 'Yıllara göre', 'Son 30 koşu', 'En iyi at ortaklıkları']) {
        await expect(detail.getByRole('heading', { name: heading }).isVisible(), heading).resolves.toBe(true);
      }
      // Every demo jockey rides often enough to fill every table; rates the Turkish way, sample beside each.
      const totals = await detail.locator('.jockey__totals').innerText();
      expect(totals).toMatch(/Kazanma oranı\s*%\d{1,3},\d \d+ koşuda/);
      const tables = detail.locator('table');
      expect(await tables.count()).toBe(6);
      for (let i = 0; i < 6; i += 1) expect(await tables.nth(i).locator('tbody tr').count()).toBeGreaterThan(0);
      expect(await tables.nth(4).locator('tbody tr').count()).toBe(Math.min(30, busiest.rides));
      await expect(tables.nth(0).locator('tbody tr').first().innerText()).resolves.toMatch(/%\d{1,3},\d\s+\d+ koşuda/);
      await saveScreen(page, join(SHOTS, `jockey-${width}.png`), { fullPage: true });

      // Older rides page in from the API; a rider with 30 rides or fewer has no second page to offer.
      const older = detail.getByRole('button', { name: 'Daha eski →' });
      if (busiest.rides <= 30) {
        expect(await older.count()).toBe(0);
      } else {
        const firstRide = await tables.nth(4).locator('tbody tr').first().innerText();
        await older.click();
        // Compared without spacing: on a phone each row is a stacked card, and its innerText breaks lines where textContent runs on.
        await page.waitForFunction((before) => document.querySelectorAll('table')[4]?.querySelector('tbody tr')?.textContent?.replace(/\s/g, '') !== before, firstRide.replace(/\s/g, ''));
        await expect(detail.locator('.jockey__pager').innerText()).resolves.toMatch(/^.*2 \/ \d+/s);
      }
      await page.close();
    }
  }, 300_000);

  it('a jockey first seen after the build gets the API-fed page; an unknown one the not-found page', async () => {
    const late = lateProgramme('997', { JOKEY: 'Çağrı Yeniçeri' });
    expect((await importRaceFiles(suite.site.server.deps, [{ name: 'late.json', content: [late] }])).rejected).toBe(0);
    const page = await suite.browser.newPage({ viewport: { width: 390, height: 900 } });
    const answer = await page.goto(`${suite.site.baseUrl}/jokey/j-cagri-yeniceri`);
    expect(answer?.status()).toBe(200);
    await expect(page.getByTestId('jockey-detail').locator('h1').innerText()).resolves.toBe('Çağrı Yeniçeri');
    await expect(page.getByText('Henüz sonuçlanmış koşusu yok.').isVisible()).resolves.toBe(true);

    const missing = await page.goto(`${suite.site.baseUrl}/jokey/j-olmayan-jokey`);
    expect(missing?.status()).toBe(404);
    await expect(page.locator('h1').innerText()).resolves.toBe('Jokey bulunamadı');
    await page.close();
  }, 120_000);
});
