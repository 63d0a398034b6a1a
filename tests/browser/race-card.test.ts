import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importRaceFiles } from '../../functions/src/jobs/import-races.js';
import { istanbulDate } from '../../functions/src/domain/races/race.js';
import type { Page } from 'playwright-core';
import { jockeyHref } from '../../functions/src/domain/jockeys/jockey-id.js';
import { browserSuite, openStaffTab, saveScreen, sidewaysOverflow } from '../support/browser.js';
import { addUser, loginMember, type LoggedIn } from '../support/login.js';
import { estimateDoc } from '../support/estimates.js';

const SHOTS = join(import.meta.dirname, '../../.data/screenshots/race-card');
const suite = browserSuite({ shots: SHOTS, admin: { ip: '10.53.0.3' } });
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
      NO: 6, KOD: '88000101', SAAT: '23:00', MESAFE: 1400, PIST: 'Kum', CINS: 'Handikap 17',
      atlar: [
        { NO: 1, KOD: '880011', AD: 'KARABEY', YAS: '5y a e', BABA: 'SIR PERCY', ANNE: 'NAZLI', JOKEY: 'Ahmet Çelik', ESKI_JOKEY: 'Selim Kaya', SAHIP: 'Mehmet Yıldırım', ANTRENOR: 'Hüseyin Aydın', START: 4, HP: 78, TAKI: 'KG DB', KGS: 21, KILO: '53,5', SON6: 'K1C3S2K0', GANYAN: '5,4', AGF: 18.25 },
        { NO: 2, KOD: '880012', AD: 'GÜLŞAH', YAS: '4y d d', BABA: 'KODIAC', ANNE: 'SELVİ', JOKEY: 'Gökhan Kocakaya', SAHIP: 'Ayşe Demir', ANTRENOR: 'Ali Yıldız', START: 2, HP: 84, TAKI: 'KUL', KGS: 9, KILO: 57, SON6: 'K2K1', GANYAN: '2,15', AGF: 41.5 },
        { NO: 3, KOD: '880013', AD: 'İNCİTAŞ', YAS: '6y k e', JOKEY: 'Vedat Abiş', SAHIP: 'Oğuz Er', ANTRENOR: 'Nuri Er', START: 1, HP: 70, KGS: 35, KILO: 58, KOSMAZ: true, GANYAN: 9, AGF: 3 },
      ],
    },
  ],
};

/** The official result of that race, with every pool TJK lists (names spelled as a feed may spell them). */
const result = {
  CARDID: '880001',
  HIPODROM: 'Diyarbakır Hipodromu',
  YER: 'Diyarbakır',
  TARIH: tjkDate,
  kosular: [
    {
      NO: 6, KOD: '88000101', GANYAN: '3,15',
      BAHISLER: [
        { TUR: "6'LI GANYAN", KAZANAN: '3/1/5/2/7/2', IKRAMIYE: 48250.75 },
        { TUR: 'TABELA', KAZANAN: '2-1-3-4', IKRAMIYE: 310.4 },
        { TUR: 'İKİLİ', KAZANAN: '1-2', IKRAMIYE: 6.8 },
        { TUR: 'PLASE', KAZANAN: '2', IKRAMIYE: 1.35 },
        { TUR: 'PLASE', KAZANAN: '1', IKRAMIYE: 1.9 },
        { TUR: 'SIRALI IKILI', KAZANAN: '2-1', IKRAMIYE: 11.25 },
        { TUR: 'PLASE İKİLİ', KAZANAN: '1-2', IKRAMIYE: 2.4 },
        { TUR: 'ÜÇLÜ', KAZANAN: '1-2-3', IKRAMIYE: 14 },
        { TUR: 'SIRALI ÜÇLÜ', KAZANAN: '2-1-3', IKRAMIYE: 52.5 },
        { TUR: 'ÇİFTE', KAZANAN: '4/2', IKRAMIYE: 9.7 },
        { TUR: "3'LÜ GANYAN", KAZANAN: '1/7/2', IKRAMIYE: 88.1 },
        { TUR: "4'LÜ GANYAN", KAZANAN: '5/1/7/2', IKRAMIYE: 412 },
        { TUR: "5'Lİ GANYAN", KAZANAN: '1/5/1/7/2', IKRAMIYE: 2210.5 },
      ],
      sonuclar: [
        { KOD: '880012', NO: 2, SIRA: 1, DERECE: '1.27.45', GANYAN: '3,15', IKRAMIYE: 450000 },
        { KOD: '880011', NO: 1, SIRA: 2, DERECE: '1.27.61', FARK: '1 Boy', GANYAN: '5,4', IKRAMIYE: 180000 },
        { KOD: '880013', NO: 3, SIRA: null },
      ],
    },
  ],
};

/** Elements that show a key field but not whole within the window (cut off, or to be scrolled to sideways). */
function notOnScreen(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements) =>
    elements.flatMap((el) => {
      const box = el.getBoundingClientRect();
      // A table in a closed tab or section, or a closed <details>, is not on screen by the reader's choice.
      const table = el.closest('table');
      if (table && !table.checkVisibility()) return [];
      const closed = el.closest('details:not([open])');
      if (closed && !closed.querySelector(':scope > summary')?.contains(el)) return [];
      const shown = el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
      const edge = document.documentElement.clientWidth;
      // Inside a frame that scrolls sideways the box can be within the window yet clipped by the frame.
      let clipped = false;
      for (let parent = el.parentElement; parent; parent = parent.parentElement) {
        const frame = parent.getBoundingClientRect();
        if (getComputedStyle(parent).overflowX !== 'visible' && (box.right > frame.right + 0.5 || box.left < frame.left - 0.5)) clipped = true;
      }
      return shown && box.width > 0 && box.left >= 0 && box.right <= edge + 0.5 && !clipped ? [] : [`${(el.textContent ?? '').trim().slice(0, 40)} (${Math.round(box.left)}–${Math.round(box.right)} of ${edge})`];
    }),
  );
}

/** A browser context whose stored session is the member's (as a remembered login leaves it). */
async function memberContext(session: LoggedIn, width: number, touch: boolean) {
  const context = await suite.browser.newContext({ viewport: { width, height: 900 }, locale: 'tr-TR', hasTouch: touch });
  await context.addInitScript(
    ({ token, refreshToken, user }) => {
      if (localStorage.getItem('authToken')) return;
      localStorage.setItem('authToken', token);
      localStorage.setItem('refreshToken', refreshToken);
      localStorage.setItem('userData', JSON.stringify(user));
      localStorage.setItem('rememberMe', 'true');
    },
    { token: session.token, refreshToken: session.refreshToken, user: session.user },
  );
  return context;
}

async function importResult() {
  const summary = await importRaceFiles(suite.site.server.deps, [{ name: 'diyarbakir-sonuc.json', content: JSON.stringify(result) }]);
  expect(summary.files[0]!.errors).toEqual([]);
}

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
    const context = await memberContext(session, 390, false);
    const page = await context.newPage();
    await page.goto(`${suite.site.baseUrl}/yaris-programi?hipodrom=diyarbakir`);
    await page.locator('.card-tab[aria-selected="true"]', { hasText: 'Diyarbakır' }).waitFor();
    const rows = page.locator('.race .race-card tbody tr');
    await rows.nth(1).getByText('takip ediyorsunuz').waitFor();
    expect(await rows.nth(0).getByText('takip ediyorsunuz').count()).toBe(0);
    await context.close();
  });

  it('a result shows the order, times, margins, prizes and every pool under one name each, in TJK order with the legs of multi-race pools', async () => {
    await importCard();
    await importResult();
    for (const width of [1280, 390]) {
      const page = await suite.browser.newPage({ viewport: { width, height: 900 } });
      await page.clock.setFixedTime(new Date(`${today}T23:40:00+03:00`));
      await page.goto(`${suite.site.baseUrl}/yaris-programi?hipodrom=diyarbakir`);
      const table = page.locator('.race .result');
      await table.waitFor();
      const rows = table.locator('tbody tr');
      expect(await rows.nth(0).innerText()).toMatch(/GÜLŞAH[\s\S]*1\.27\.45[\s\S]*3,15[\s\S]*450\.000/);
      expect(await rows.nth(1).innerText()).toMatch(/KARABEY[\s\S]*1 Boy[\s\S]*5,40[\s\S]*180\.000/);
      expect(await rows.nth(2).innerText()).toContain('Koşmadı');
      const pools = await table.locator('.payouts dt').allInnerTexts();
      const names = pools.map((text) => text.replace(/\s+\S+$/, '').trim());
      expect(names).toEqual([
        'Ganyan', 'Plase', 'Plase', 'İkili', 'Sıralı İkili', 'Plase İkili', 'Üçlü', 'Sıralı Üçlü', 'Tabela',
        'Çifte (5.–6. koşular)', "3'lü Ganyan (4.–6. koşular)", "4'lü Ganyan (3.–6. koşular)", "5'li Ganyan (2.–6. koşular)", 'Altılı Ganyan (1.–6. koşular)',
      ]);
      expect(await table.locator('.payouts').innerText()).toMatch(/Tabela 2-1-3-4\s*310,40 TL/);
      expect(await notOnScreen(page, '.race .result tbody td, .race .result .payouts > div')).toEqual([]);
      await saveScreen(page, join(SHOTS, `result-${width}.png`), { fullPage: true });
      await page.close();
    }
  });

  it('on a phone (360, 390, 412 px) every key field of the programme, results, horse history, jockey rates, a coupon, the records and the staff VIP lists is on screen, nothing to scroll sideways', async () => {
    await importCard();
    await importResult();
    const jockey = jockeyHref('Ahmet Çelik')!;
    // The race has its result: the result comes first, the card one tap away under it.
    const pages: [string, string][] = [
      ['/yaris-programi?hipodrom=diyarbakir', '.race .result tbody td, .race .payouts > div, .race .race-card tbody td'],
      ['/at-detay/h880011', '.history-table tbody td'],
      [jockey, '.jockey-table tbody td:not(.jockey-table__rides), .jockey-table tbody th'],
    ];
    for (const width of [360, 390, 412]) {
      for (const [path, cells] of pages) {
        const page = await suite.browser.newPage({ viewport: { width, height: 900 } });
        await page.clock.setFixedTime(new Date(`${today}T23:40:00+03:00`));
        await page.goto(`${suite.site.baseUrl}${path}`);
        await page.locator(cells).first().waitFor();
        if (path.startsWith('/yaris-programi')) {
          await page.locator('.race .result').waitFor();
          await page.locator('.race__entries > summary').click();
        }
        expect(await notOnScreen(page, cells), `${path} at ${width} px`).toEqual([]);
        expect(await sidewaysOverflow(page), `${path} at ${width} px`).toBe(0);
        if (width === 390) await saveScreen(page, join(SHOTS, `phone-${path.split('/')[1]!.split('?')[0]}-${width}.png`), { fullPage: true });
        await page.close();
      }
    }

    // A published public tip whose coupon reaches races 7–9 (the demo's second altılı): every leg and pick.
    const { store } = suite.site.server.deps;
    const articles = new Map((await store.collection('articles').where('status', '==', 'published').get()).map((a) => [a.id, a]));
    const tip = (await store.collection('raceEstimates').where('isActive', '==', true).get()).find((e) => {
      const article = articles.get(e.articleId as string);
      return article?.visibility === 'public' && (e.races as { raceNumber: number }[]).some((r) => r.raceNumber === 9);
    })!;
    const article = `/makale/${articles.get(tip.articleId as string)!.slug as string}`;
    // The records: the first tipster's card opened, every figure of it.
    const records = 'li[data-author-id] .head [data-field], li[data-author-id] .figures dt, li[data-author-id] .figures dd, li[data-author-id] tr[data-window] > *';
    const staff: [string, string, string][] = [
      ['/admin/orders', 'vip-request-row', '[data-testid="vip-request-row"] td, [data-testid="vip-request-row"] button'],
      ['/admin/users', 'user-row', '[data-testid="user-row"] td, [data-testid="user-row"] button'],
    ];
    for (const width of [360, 390, 412]) {
      const page = await suite.browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${suite.site.baseUrl}${article}`);
      const coupon = page.locator('figure.estimate').first();
      await coupon.waitFor();
      for (const leg of ['7. Koşu', '8. Koşu', '9. Koşu']) expect(await coupon.innerText()).toContain(leg);
      const couponFields = '.estimate__race-head, .estimate__pick';
      expect(await page.locator(couponFields).count()).toBeGreaterThanOrEqual(12);
      expect(await notOnScreen(page, couponFields), `${article} at ${width} px`).toEqual([]);
      expect(await sidewaysOverflow(page), `${article} at ${width} px`).toBe(0);
      if (width === 390) await saveScreen(page.locator('figure.estimate').first(), join(SHOTS, `phone-coupon-${width}.png`));

      await page.goto(`${suite.site.baseUrl}/basari-kayitlari`);
      await page.locator('li[data-author-id] summary').first().click();
      expect(await page.locator(records).count()).toBeGreaterThan(10);
      expect(await notOnScreen(page, records), `/basari-kayitlari at ${width} px`).toEqual([]);
      expect(await sidewaysOverflow(page), `/basari-kayitlari at ${width} px`).toBe(0);
      await page.close();
    }

    // The staff VIP requests and users lists: at 1280 px every column in the table, on a phone a card per row with its actions.
    for (const width of [360, 390, 412, 1280]) {
      for (const [path, row, cells] of staff) {
        const { ctx, page } = await openStaffTab(suite.browser, suite.url(path), suite.admin, { width, confirms: 'dismiss' });
        await page.getByTestId(row).first().waitFor();
        if (row === 'vip-request-row') expect(await page.getByRole('button', { name: 'Onayla' }).count()).toBeGreaterThan(0);
        expect(await notOnScreen(page, cells), `${path} at ${width} px`).toEqual([]);
        expect(await sidewaysOverflow(page), `${path} at ${width} px`).toBe(0);
        if (width === 390 || width === 1280) await saveScreen(page, join(SHOTS, `staff-${path.split('/')[2]}-${width}.png`), { fullPage: true });
        await ctx.close();
      }
    }

    // The bank statement's lines on a phone: "Sonuç" (matched or why not) on screen.
    const { ctx, page } = await openStaffTab(suite.browser, suite.url('/admin/orders'), suite.admin, { width: 390, confirms: 'dismiss' });
    await page.getByRole('tab', { name: 'Banka Ekstresi' }).click();
    const csv = ['Tarih;Açıklama;Tutar;Bakiye', '24.11.2026;KİRA ÖDEMESİ;-4.000,00;11.750,00', '24.11.2026;EFT İSİMSİZ;1.400,00;15.750,00'].join('\r\n');
    await page.getByTestId('statement-input').setInputFiles({ name: 'hesap-hareketleri.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('statement-line').first().waitFor();
    expect(await notOnScreen(page, '[data-testid="statement-line"] td'), 'statement at 390 px').toEqual([]);
    expect(await sidewaysOverflow(page), 'statement at 390 px').toBe(0);
    await saveScreen(page, join(SHOTS, 'staff-statement-390.png'), { fullPage: true });
    await ctx.close();
  });

  it("the card says which of our tips cover the race: a public coupon's picks, size and cost; a VIP tip only that it exists, in the page and in the API", async () => {
    await importCard();
    const { store } = suite.site.server.deps;
    const published = (await store.collection('articles').where('status', '==', 'published').get()).filter((a) => a.isDeleted !== true);
    const open = published.find((a) => a.visibility === 'public')!;
    const vip = published.find((a) => a.visibility === 'premium' || a.visibility === 'private')!;
    const now = new Date();
    // A public altılı: five legs elsewhere on the card and this race (4×5×1×5×2×2), and a VIP pick of this race alone.
    const legs = [4, 5, 1, 5, 2].map((size, i) => ({
      id: `r8800009${i + 1}`, raceNumber: i + 1, title: `${i + 1}. Koşu`, startTime: '22:00', startsAt: now, distance: 1400, surface: 'Kum', totalHorses: 8,
      selectedHorses: Array.from({ length: size }, (_, n) => ({ number: n + 1, name: `AT ${n + 1}`, horseId: `h99${n}` })),
    }));
    const ours = { id: 'r88000101', raceNumber: 6, title: '6. Koşu', startTime: '23:00', startsAt: now, distance: 1400, surface: 'Kum', totalHorses: 3 };
    await store.set('raceEstimates', 'tip-open', {
      ...estimateDoc(open.id as string, 'Açık kupon', now), raceDayId: 'k880001', raceIds: [...legs.map((l) => l.id), ours.id],
      races: [...legs, { ...ours, selectedHorses: [{ number: 1, name: 'KARABEY', horseId: 'h880011' }, { number: 2, name: 'GÜLŞAH', horseId: 'h880012' }] }],
    });
    await store.set('raceEstimates', 'tip-vip', {
      ...estimateDoc(vip.id as string, 'VIP kupon', now), raceDayId: 'k880001', raceIds: [ours.id],
      races: [{ ...ours, selectedHorses: [{ number: 3, name: 'İNCİTAŞ', horseId: 'h880013' }] }],
    });

    const api = await suite.site.server.api('GET', `/api/races/tips?date=${today}`);
    expect(api.status).toBe(200);
    const tips = api.body.data.byRace.r88000101;
    expect(tips.map((t: any) => t.access)).toEqual(['public', 'vip']);
    expect(tips[0]).toMatchObject({ picks: { r88000101: [1, 2] }, legSizes: [4, 5, 1, 5, 2, 2], couponSize: 400, cost: 400 });
    expect(Object.keys(tips[1]).sort()).toEqual(['access', 'articleId', 'href', 'raceNumbers', 'title']);
    expect(JSON.stringify(api.body)).not.toContain('İNCİTAŞ');

    for (const width of [1280, 390]) {
      const page = await suite.browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${suite.site.baseUrl}/yaris-programi?hipodrom=diyarbakir`);
      const block = page.locator('.race .race-tips');
      await block.waitFor();
      const text = await block.innerText();
      expect(text).toContain(String(open.title));
      expect(text).toContain('Bu koşuda seçilenler: 1, 2');
      // The site's one money format: whole liras without decimals.
      expect(text).toContain('4×5×1×5×2×2 = 400 kombinasyon × 1 TL birim fiyat = 400 TL');
      expect(text).toMatch(/VIP tahmini var/);
      expect(await block.locator(`a[href*="${encodeURIComponent(String(vip.slug))}"]`).count()).toBe(1);
      const rows = page.locator('.race .race-card tbody tr');
      expect(await rows.nth(0).locator('.race-card__badge--tip').getAttribute('href')).toContain(encodeURIComponent(String(open.slug)));
      expect(await rows.nth(1).locator('.race-card__badge--tip').count()).toBe(1);
      // The VIP pick (3) is marked nowhere.
      expect(await rows.nth(2).locator('.race-card__badge--tip').count()).toBe(0);
      await saveScreen(page, join(SHOTS, `tips-${width}.png`), { fullPage: true });
      await page.close();
    }
  });

  it('opened directly, the programme shows a card imported after the build, and its results within seconds, without a tap', async () => {
    // This file's imports all came after the site was built: the page was built without Diyarbakır.
    await importCard();
    const page = await suite.browser.newPage({ viewport: { width: 390, height: 900 } });
    await page.clock.setFixedTime(new Date(`${today}T23:40:00+03:00`));
    await page.goto(`${suite.site.baseUrl}/yaris-programi`);
    const tab = page.getByRole('tab', { name: /Diyarbakır Hipodromu/ });
    await tab.waitFor({ timeout: 15_000 });
    await tab.click();
    // The race has been run: its result, imported now, comes to the open page without a tap or a reload.
    await importResult();
    await page.locator('.race .result tbody tr').first().waitFor({ timeout: 40_000 });
    expect(await page.locator('.race__status').innerText()).toBe('Tamamlandı');
    await page.close();
  });

  it('the follow star works on the first tap of a phone and the first click of a mouse', async () => {
    const user = await addUser(suite.site.server);
    const session = await loginMember(suite.site.server, user.email, user.password);
    const programme = (await suite.site.server.api('GET', '/api/races/today')).body.data;
    const entries = programme.cards[0].races[0].entries;
    for (const [width, touch, horse] of [[390, true, entries[0]], [1280, false, entries[1]]] as const) {
      const context = await memberContext(session, width, touch);
      const page = await context.newPage();
      await page.goto(`${suite.site.baseUrl}/yaris-programi`);
      const star = page.getByRole('button', { name: `${horse.name} atını takip et` });
      // One press, the page's first: it wakes the programme and must follow the horse too.
      if (touch) await star.tap();
      else await star.click();
      await page.getByRole('button', { name: `${horse.name} takibini bırak` }).waitFor({ timeout: 15_000 });
      await context.close();
    }
  });
});
