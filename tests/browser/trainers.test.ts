import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importRaceFiles } from '../../functions/src/jobs/import-races.js';
import { istanbulDate } from '../../functions/src/domain/races/race.js';
import { browserSuite, saveScreen, sidewaysOverflow, widerThanWindow } from '../support/browser.js';
import { lateProgramme } from '../support/jockeys.js';

const SHOTS = process.env.TRAINER_SHOTS ?? '/tmp/trainer-shots';

const suite = browserSuite({ shots: SHOTS });

const api = async <T,>(path: string): Promise<T> => ((await (await fetch(`${suite.site.baseUrl}${path}`)).json()) as { data: T }).data;

describe('trainer pages and standings (issue 53)', () => {
  it("a trainer's name on the programme leads to the trainer page: today's runners, record, tables; nothing off-screen on a phone", async () => {
    for (const width of [390, 1280]) {
      const page = await suite.browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${suite.site.baseUrl}/yaris-programi`);
      const link = page.locator('.race-table .trainer-link').first();
      await link.waitFor();
      const name = (await link.innerText()).trim();
      const horse = (await link.locator('xpath=ancestor::tr').locator('.race-table__horse').first().innerText()).trim();
      await Promise.all([page.waitForURL(/\/antrenor\/a-[a-z0-9-]+\/?$/), link.click()]);
      const detail = page.getByTestId('trainer-detail');
      await expect(detail.locator('h1').innerText()).resolves.toBe(name);
      // Today's card lists the horse whose row we came from, with its race and jockey.
      const today = detail.getByTestId('trainer-today');
      await expect(today.innerText()).resolves.toContain(horse);
      await expect(today.locator('li').first().innerText()).resolves.toMatch(/\d+\. koşu, \d\d:\d\d/);
      // Each runner's race leads to its venue's card on the programme.
      await expect(today.locator('li a').first().getAttribute('href')).resolves.toMatch(/^\/yaris-programi\?hipodrom=[a-z-]+$/);
      for (const heading of ['Bugünkü koşuları', 'Hipodroma göre', 'Pist türüne göre', 'Mesafeye göre', 'Yıllara göre', 'Son 30 koşu', 'En başarılı atları']) {
        await expect(detail.getByRole('heading', { name: heading }).isVisible(), heading).resolves.toBe(true);
      }
      const id = page.url().replace(/\/$/, '').split('/').pop()!;
      const record = await api<{ totals: { rides: number; wins: number } }>(`/api/trainers/${id}`);
      expect(record.totals.rides).toBeGreaterThan(10);
      await expect(detail.locator('.jockey__totals').innerText()).resolves.toMatch(new RegExp(`Galibiyet\\s*${record.totals.wins}\\b`));
      await expect(detail.locator('.jockey__totals').innerText()).resolves.toMatch(/Kazanma oranı\s*%\d{1,3},\d \d+ koşuda/);
      // The runners' table names each jockey as a link.
      await expect(detail.locator('table').nth(4).locator('tbody tr').first().locator('.jockey-link').count()).resolves.toBe(1);
      if (width === 390) {
        for (const phone of [360, 390]) {
          await page.setViewportSize({ width: phone, height: 800 });
          expect(await sidewaysOverflow(page), `${phone}px: ${(await widerThanWindow(page)).join(', ')}`).toBe(0);
        }
      }
      await saveScreen(page, join(SHOTS, `trainer-${width}.png`), { fullPage: true });

      // Older runners page in from the API, as on a jockey's page, each still naming its jockey.
      const runs = detail.locator('table').nth(4);
      expect(await runs.locator('tbody tr').count()).toBe(Math.min(30, record.totals.rides));
      expect(record.totals.rides, 'the demo trainer has a second page of runners').toBeGreaterThan(30);
      const firstRun = (await runs.locator('tbody tr').first().textContent())!.replace(/\s/g, '');
      await detail.getByRole('button', { name: 'Daha eski →' }).click();
      await page.waitForFunction((before) => document.querySelectorAll('.trainer table')[4]?.querySelector('tbody tr')?.textContent?.replace(/\s/g, '') !== before, firstRun);
      await expect(detail.locator('.jockey__pager').innerText()).resolves.toMatch(/^.*2 \/ \d+/s);
      await expect(runs.locator('tbody tr').first().locator('.jockey-link').count()).resolves.toBe(1);
      await page.close();
    }
  }, 300_000);

  it('the horse page links its trainer; a trainer first seen after the build gets a page; an unknown one the not-found page', async () => {
    const late = lateProgramme('998', { ANTRENOR: 'Şükrü Çağlayan' });
    expect((await importRaceFiles(suite.site.server.deps, [{ name: 'late.json', content: [late] }])).rejected).toBe(0);
    const page = await suite.browser.newPage({ viewport: { width: 390, height: 900 } });
    await page.goto(`${suite.site.baseUrl}/at-detay/h998100`);
    const link = page.locator('.trainer-link', { hasText: 'Şükrü Çağlayan' });
    await link.waitFor();
    await expect(link.getAttribute('href')).resolves.toBe('/antrenor/a-sukru-caglayan');
    const answer = await page.goto(`${suite.site.baseUrl}/antrenor/a-sukru-caglayan`);
    expect(answer?.status()).toBe(200);
    await expect(page.getByTestId('trainer-detail').locator('h1').innerText()).resolves.toBe('Şükrü Çağlayan');
    await expect(page.getByText('Henüz sonuçlanmış koşusu yok.').isVisible()).resolves.toBe(true);
    const missing = await page.goto(`${suite.site.baseUrl}/antrenor/a-olmayan-antrenor`);
    expect(missing?.status()).toBe(404);
    await expect(page.locator('h1').innerText()).resolves.toBe('Antrenör bulunamadı');
    await page.close();
  }, 120_000);

  it('standings: jockeys and trainers by wins and by rate with the sample, filtered by season and venue, whole on a phone', async () => {
    type Row = { id: string; name: string; wins: number; rides: number };
    type Standings = { season: string | null; venues: { id: string; city: string }[]; minRides: number; jockeys: { byWins: Row[]; byRate: Row[] }; trainers: { byWins: Row[]; byRate: Row[] } };
    const season = istanbulDate(new Date()).slice(0, 4);
    for (const width of [390, 1280]) {
      const page = await suite.browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${suite.site.baseUrl}/yaris-programi`);
      await Promise.all([page.waitForURL(/\/istatistikler\/?$/), page.getByRole('link', { name: 'Jokey ve antrenör istatistikleri' }).click()]);
      await expect(page.locator('h1').innerText()).resolves.toBe('Jokey ve Antrenör İstatistikleri');
      const live = await api<Standings>(`/api/standings?sezon=${season}`);
      for (const [person, group] of [['jokey', live.jockeys], ['antrenor', live.trainers]] as const) {
        const section = page.getByTestId(`standings-${person}`);
        const [byWins, byRate] = [section.locator('table').nth(0), section.locator('table').nth(1)];
        await expect(byWins.locator('tbody tr').count()).resolves.toBe(group.byWins.length);
        expect(group.byWins.length).toBeGreaterThan(3);
        const first = await byWins.locator('tbody tr').first().innerText();
        expect(first).toContain(group.byWins[0]!.name);
        expect(first).toMatch(new RegExp(`${group.byWins[0]!.wins}[\\s\\S]*%\\d{1,3},\\d[\\s\\S]*${group.byWins[0]!.rides} koşu`));
        // The rate ranking says its minimum sample and lists only who reached it.
        await expect(byRate.locator('caption').innerText()).resolves.toBe(`Kazanma oranına göre (en az ${live.minRides} koşu)`);
        expect(group.byRate.every((r) => r.rides >= live.minRides)).toBe(true);
        await expect(byRate.locator('tbody tr').count()).resolves.toBe(group.byRate.length);
        await expect(byWins.locator('tbody tr a').first().getAttribute('href')).resolves.toBe(`/${person}/${group.byWins[0]!.id}`);
      }
      if (width === 390) {
        for (const phone of [360, 390]) {
          await page.setViewportSize({ width: phone, height: 800 });
          expect(await sidewaysOverflow(page), `${phone}px: ${(await widerThanWindow(page)).join(', ')}`).toBe(0);
        }
      }
      await saveScreen(page, join(SHOTS, `standings-${width}.png`), { fullPage: true });

      // A venue: the tables follow the API's figures for the season at that venue, and the address keeps the choice.
      const venue = live.venues[0]!;
      await page.getByLabel('Hipodrom').selectOption(venue.id);
      const atVenue = await api<Standings>(`/api/standings?sezon=${season}&hipodrom=${venue.id}`);
      const scopeIs = (text: string) => page.waitForFunction((t) => document.querySelector('.standings__scope')?.textContent === t, text);
      await scopeIs(`${season} sezonu, ${venue.city}`);
      const jockeys = page.getByTestId('standings-jokey').locator('table').first();
      await page.waitForFunction((name) => document.querySelector('[data-testid="standings-jokey"] tbody tr')?.textContent?.includes(name), atVenue.jockeys.byWins[0]!.name);
      await expect(jockeys.locator('tbody tr').count()).resolves.toBe(atVenue.jockeys.byWins.length);
      expect(page.url()).toContain(`hipodrom=${venue.id}`);
      // Every season: the page's address says so and a reload keeps it.
      await page.getByLabel('Sezon').selectOption('');
      await page.waitForURL(/sezon=tum/);
      await page.reload();
      await scopeIs(`Tüm sezonlar, ${venue.city}`);
      await expect(page.getByLabel('Sezon').inputValue()).resolves.toBe('');
      await saveScreen(page, join(SHOTS, `standings-venue-${width}.png`), { fullPage: true });
      await page.close();
    }
  }, 300_000);
});
