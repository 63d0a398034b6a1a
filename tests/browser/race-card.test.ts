import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importRaceFiles } from '../../functions/src/domain/races/import-races.js';
import { istanbulDate } from '../../functions/src/domain/races/race.js';
import { browserSuite, saveScreen, sidewaysOverflow } from '../support/browser.js';
import { addUser, loginMember } from '../support/login.js';

const SHOTS = join(import.meta.dirname, '../../.data/screenshots/race-card');
const suite = browserSuite({ shots: SHOTS });
const today = istanbulDate(new Date());
const tjkDate = `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;

/** A card of the test's own for today, every field TJK's programme has (the demo seed may not fill them all). */
const diyarbakir = {
  CARDID: '880001',
  HIPODROM: 'Diyarbakır Hipodromu',
  YER: 'Diyarbakır',
  TARIH: tjkDate,
  ACILIS: '23:00',
  kosular: [
    {
      NO: 1, KOD: '88000101', SAAT: '23:00', MESAFE: 1400, PIST: 'Kum', CINS: 'Handikap 17',
      atlar: [
        { NO: 1, KOD: '880011', AD: 'KARABEY', YAS: '5y a e', BABA: 'SIR PERCY', ANNE: 'NAZLI', JOKEY: 'Ahmet Çelik', ESKI_JOKEY: 'Selim Kaya', SAHIP: 'Mehmet Yıldırım', ANTRENOR: 'Hüseyin Aydın', START: 4, HP: 78, TAKI: 'KG DB', KGS: 21, KILO: '53,5', SON6: 'K1C3S2K0', GANYAN: '5,4', AGF: 18.25 },
        { NO: 2, KOD: '880012', AD: 'GÜLŞAH', YAS: '4y d d', BABA: 'KODIAC', ANNE: 'SELVİ', JOKEY: 'Gökhan Kocakaya', SAHIP: 'Ayşe Demir', ANTRENOR: 'Ali Yıldız', START: 2, HP: 84, TAKI: 'KUL', KGS: 9, KILO: 57, SON6: 'K2K1', GANYAN: '2,15', AGF: 41.5 },
        { NO: 3, KOD: '880013', AD: 'İNCİTAŞ', YAS: '6y k e', JOKEY: 'Vedat Abiş', SAHIP: 'Oğuz Er', ANTRENOR: 'Nuri Er', START: 1, HP: 70, KGS: 35, KILO: 58, KOSMAZ: true, GANYAN: 9, AGF: 3 },
      ],
    },
  ],
};

async function importCard() {
  const summary = await importRaceFiles(suite.site.server.deps, [{ name: 'diyarbakir-program.json', content: JSON.stringify(diyarbakir) }]);
  expect(summary.files[0]!.errors).toEqual([]);
}

describe('the public race card', () => {
  it('shows every runner field of the source: trainer, owner, ST, HP, equipment with its legend, KGS, last six with surfaces, odds, AGF with its rank, koşmaz and jockey changes', async () => {
    await importCard();
    for (const width of [1280, 390]) {
      const page = await suite.browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${suite.site.baseUrl}/yaris-programi?hipodrom=diyarbakir`);
      await page.locator('.card-tab[aria-selected="true"]', { hasText: 'Diyarbakır' }).waitFor();
    await page.locator('.card-tab[aria-selected="true"]', { hasText: 'Diyarbakır' }).waitFor();
      const rows = page.locator('.race .race-card tbody tr');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(3);
      const first = await rows.nth(0).innerText();
      for (const text of ['KARABEY', 'KG DB', '5', 'erkek', '53,5', 'Ahmet Çelik', 'Jokey değişti (Selim Kaya yerine)', 'Hüseyin Aydın', 'Mehmet Yıldırım', '78', '21', '5,40', '%18,25']) {
        expect(first, `${width} px`).toContain(text);
      }
      // Last six with TJK's surface letters: K1 C3 S2 K0.
      expect((await rows.nth(0).locator('.last-six').innerText()).replace(/\s+/g, '')).toBe('K1C3S2K0');
      // AGF rank among the runners: GÜLŞAH most backed (1.), KARABEY second; the non-runner has none.
      expect(await rows.nth(1).locator('.race-card__rank').innerText()).toBe('1.');
      expect(await rows.nth(0).locator('.race-card__rank').innerText()).toBe('2.');
      const out = await rows.nth(2).innerText();
      expect(out).toContain('Koşmaz');
      expect(await rows.nth(2).locator('.race-card__rank').count()).toBe(0);
      expect(await rows.nth(1).innerText()).toContain('dişi');
      const legend = await page.locator('.race .race-legend').innerText();
      for (const text of ['KG', 'Kapalı gözlük', 'DB', 'Dil bağı', 'KUL', 'Kulaklık']) expect(legend).toContain(text);
      expect(await sidewaysOverflow(page)).toBe(0);
      await saveScreen(page, join(SHOTS, `card-${width}.png`), { fullPage: true });
      await page.close();
    }
  });

  it('a followed horse says "takip ediyorsunuz" on the card', async () => {
    await importCard();
    const user = await addUser(suite.site.server);
    const session = await loginMember(suite.site.server, user.email, user.password);
    const followed = await suite.site.server.api('POST', '/api/horses/h880012/follow', { headers: { Authorization: `Bearer ${session.token}` } });
    expect(followed.status).toBeLessThan(300);
    const context = await suite.browser.newContext({ viewport: { width: 390, height: 900 }, locale: 'tr-TR' });
    await context.addInitScript(
      ({ token, refreshToken, user: stored }) => {
        if (localStorage.getItem('authToken')) return;
        localStorage.setItem('authToken', token);
        localStorage.setItem('refreshToken', refreshToken);
        localStorage.setItem('userData', JSON.stringify(stored));
        localStorage.setItem('rememberMe', 'true');
      },
      { token: session.token, refreshToken: session.refreshToken, user: session.user },
    );
    const page = await context.newPage();
    await page.goto(`${suite.site.baseUrl}/yaris-programi?hipodrom=diyarbakir`);
    await page.locator('.card-tab[aria-selected="true"]', { hasText: 'Diyarbakır' }).waitFor();
    const rows = page.locator('.race .race-card tbody tr');
    await rows.nth(1).getByText('takip ediyorsunuz').waitFor();
    expect(await rows.nth(0).getByText('takip ediyorsunuz').count()).toBe(0);
    await context.close();
  });
});
