import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { importRaceFiles } from '../../functions/src/jobs/import-races.js';
import { istanbulDate, parseHorse, type Horse } from '../../functions/src/domain/races/race.js';
import { jockeyHref } from '../../functions/src/domain/jockeys/jockey-id.js';
import { browserSuite, saveScreen, sidewaysOverflow } from '../support/browser.js';

/**
 * "Today, everywhere" (issue 53): the home page opens with today's race day, a horse page says where
 * the horse runs today (or next), a jockey page lists today's rides; each live, so a card or result
 * imported after the site was built reaches the built page.
 */

const SHOTS = join(import.meta.dirname, '../../.data/screenshots/race-day-today');
const suite = browserSuite({ shots: SHOTS });
const today = istanbulDate(new Date());
const inTwoDays = istanbulDate(new Date(Date.now() + 2 * 86_400_000));
const tjk = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const turkish = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** A one-race card of the test's own (ids 87…, clear of the seed's), run by seeded horses. */
function card(input: { id: string; city: string; date: string; time: string; race: number; runners: { horse: Horse; jockey: string }[] }) {
  return {
    CARDID: `87000${input.id}`,
    HIPODROM: `${input.city} Hipodromu`,
    YER: input.city,
    TARIH: tjk(input.date),
    ACILIS: input.time,
    kosular: [
      {
        NO: input.race, KOD: `87000${input.id}0${input.race}`, SAAT: input.time, MESAFE: 1600, PIST: 'Kum', CINS: 'Şartlı 3',
        atlar: [
          ...input.runners.map(({ horse, jockey }, i) => ({ NO: i + 1, KOD: horse.tjkId, AD: horse.name, YAS: `${horse.age}y a e`, JOKEY: jockey, SAHIP: 'Kemal Öz', ANTRENOR: 'Rıza Tan', KILO: 57, GANYAN: '4,1' })),
          { NO: input.runners.length + 1, KOD: `87${input.id}012`, AD: 'DEMİRKIRAN', YAS: '4y k e', JOKEY: 'Sedat Bal', SAHIP: 'Nur Ak', ANTRENOR: 'Rıza Tan', KILO: '55,5', GANYAN: '2,3' },
        ],
      },
    ],
  };
}

/** Şanlıurfa's race won by DEMİRKIRAN (number 2), the seeded horse second. */
const sanliurfaResult = (runner: Horse) => ({
  CARDID: '870001',
  HIPODROM: 'Şanlıurfa Hipodromu',
  YER: 'Şanlıurfa',
  TARIH: tjk(today),
  kosular: [
    {
      NO: 4, KOD: '87000104', GANYAN: '2,3',
      sonuclar: [
        { KOD: '871012', NO: 2, SIRA: 1, DERECE: '1.41.20', GANYAN: '2,3', IKRAMIYE: 320000 },
        { KOD: runner.tjkId, NO: 1, SIRA: 2, DERECE: '1.41.55', FARK: '2 Boy', GANYAN: '4,1', IKRAMIYE: 128000 },
      ],
    },
  ],
});

async function importFile(name: string, content: unknown) {
  const summary = await importRaceFiles(suite.site.server.deps, [{ name, content: JSON.stringify(content) }]);
  expect(summary.files[0]!.errors).toEqual([]);
}

/**
 * Two seeded horses whose pages were built (in a programme of the last days) and that run in no
 * programme from today on, so anything the page says about today came after the build.
 */
async function builtHorsesNotDeclared(): Promise<[Horse, Horse, Horse, Horse]> {
  const { store } = suite.site.server.deps;
  const yesterday = istanbulDate(new Date(Date.now() - 86_400_000));
  const horses = (await store.collection('horses').where('programmeDate', '==', yesterday).get()).map(parseHorse);
  expect(horses.length).toBeGreaterThan(3);
  return [horses[0]!, horses[1]!, horses[2]!, horses[3]!];
}

/** A seeded jockey with a built page who rides in none of today's seeded races. */
async function builtJockeyOffToday(): Promise<string> {
  const programme = (await suite.site.server.api('GET', '/api/races/today')).body.data;
  const riding = new Set<string>(programme.cards.flatMap((c: any) => c.races.flatMap((r: any) => r.entries.map((e: any) => e.jockey))));
  const jockeys = (await suite.site.server.deps.store.collection('jockeys').get()).map((doc) => String(doc.name));
  const off = jockeys.find((name) => !riding.has(name));
  expect(off).toBeDefined();
  return off!;
}

/** Top and bottom of the element in the window, once it is shown. */
async function placeOf(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  return { top: box?.y ?? Number.POSITIVE_INFINITY, bottom: (box?.y ?? 0) + (box?.height ?? 0) };
}

describe("today's race day on the home page", () => {
  it('opens with the meetings, the next race and our tips by meeting, on the first screen at 390×844 and at 1280', async () => {
    const day = (await suite.site.server.api('GET', '/api/races/day')).body.data;
    expect(day.meetings.length).toBeGreaterThan(0);
    const meeting = day.meetings[0];
    const next = meeting.races.find((r: any) => !r.hasResult && Date.parse(r.startsAt) > Date.now());
    // No pick of any tip, public or VIP, travels in the summary: only titles, links and legs.
    for (const m of day.meetings) for (const tip of m.tips) expect(Object.keys(tip).sort()).toEqual(['access', 'articleId', 'href', 'raceNumbers', 'title']);
    const withTips = day.meetings.find((m: any) => m.tips.length > 0);
    for (const [width, height] of [[390, 844], [1280, 900]] as const) {
      const page = await suite.browser.newPage({ viewport: { width, height } });
      await page.goto(suite.url('/'));
      const block = page.locator('.race-day');
      await block.waitFor();
      expect(await block.locator('h2').innerText()).toBe(`BUGÜN YARIŞ VAR ${turkish(today)}`);
      const first = block.locator('.race-day__meeting').first();
      expect(await first.locator('.race-day__venue').innerText()).toContain(meeting.location);
      if (next) expect(await first.locator('.race-day__next').innerText()).toBe(`Sıradaki koşu: ${next.number}. koşu ${next.time}`);
      if (withTips) expect(await block.locator(`[data-meeting="${withTips.id}"] .race-day__tips`).innerText()).toContain(withTips.tips[0].title);
      // The block's heading and its first meeting's next race are on the first screen, before any banner.
      const heading = await placeOf(page, '.race-day h2');
      const nextRace = await placeOf(page, '.race-day__meeting .race-day__next');
      expect(heading.top, `${width} px`).toBeGreaterThanOrEqual(0);
      expect(nextRace.bottom, `${width} px`).toBeLessThanOrEqual(height);
      if (meeting.tips.length > 0) expect((await placeOf(page, '.race-day__meeting .race-day__tips li')).bottom, `${width} px`).toBeLessThanOrEqual(height);
      expect(await sidewaysOverflow(page)).toBe(0);
      await saveScreen(page, join(SHOTS, `home-${width}.png`));
      await page.close();
    }
  });

  it('a card imported after the build appears, and its result comes in while the page is open', async () => {
    const [runner] = await builtHorsesNotDeclared();
    await importFile('sanliurfa-program.json', card({ id: '1', city: 'Şanlıurfa', date: today, time: '23:30', race: 4, runners: [{ horse: runner, jockey: 'Halil Polat' }] }));
    const page = await suite.browser.newPage({ viewport: { width: 390, height: 844 } });
    // The race has started: the page waits for its result.
    await page.clock.setFixedTime(new Date(`${today}T23:40:00+03:00`));
    await page.goto(suite.url('/'));
    const meeting = page.locator('.race-day__meeting', { hasText: 'Şanlıurfa' });
    await meeting.waitFor({ timeout: 20_000 });
    expect(await meeting.locator('.race-day__next').innerText()).toBe('Sonuç bekleniyor: 4. koşu');
    await importFile('sanliurfa-sonuc.json', sanliurfaResult(runner));
    await meeting.locator('.race-day__results').waitFor({ timeout: 40_000 });
    expect(await meeting.locator('.race-day__results').innerText()).toBe('4. koşu: 2 DEMİRKIRAN · Ganyan 2,30');
    expect(await meeting.locator('.race-day__next').innerText()).toBe('Koşular tamamlandı');
    expect(await meeting.locator('.race-day__results a').getAttribute('href')).toBe('/yaris-programi?hipodrom=sanliurfa&kosu=4');
    await page.close();
  });
});

describe('horse and jockey pages on race day', () => {
  it('a horse page says "Bugün koşuyor" for a card imported after the build, linked to that race on the programme; another its next declared race', async () => {
    const [, runsToday, runsLater] = await builtHorsesNotDeclared();
    await importFile('elazig-program.json', card({ id: '3', city: 'Elazığ', date: today, time: '23:45', race: 7, runners: [{ horse: runsToday, jockey: 'Halil Polat' }] }));
    await importFile('ankara-program.json', card({ id: '2', city: 'Ankara', date: inTwoDays, time: '15:10', race: 3, runners: [{ horse: runsLater, jockey: 'Halil Polat' }] }));
    for (const width of [390, 1280]) {
      const page = await suite.browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(suite.url(`/at-detay/${runsLater.id}`));
      const later = page.locator('.next-race');
      await later.waitFor({ timeout: 20_000 });
      expect(await later.innerText()).toBe(`Sıradaki koşusu: ${turkish(inTwoDays)} Ankara 3. koşu, 15:10`);
      expect(await later.locator('a').getAttribute('href')).toBe(`/yaris-programi?tarih=${inTwoDays}&hipodrom=ankara&kosu=3`);

      await page.goto(suite.url(`/at-detay/${runsToday.id}`));
      const line = page.locator('.next-race');
      await line.waitFor({ timeout: 20_000 });
      expect(await line.innerText()).toBe('Bugün koşuyor: Elazığ 7. koşu, 23:45');
      // At the top: under the name, before the tabs.
      expect((await placeOf(page, '.next-race')).bottom).toBeLessThan((await placeOf(page, '.horse-tabs')).top);
      expect(await sidewaysOverflow(page)).toBe(0);
      await saveScreen(page, join(SHOTS, `horse-${width}.png`));
      if (width === 390) {
        // The link opens the programme at that venue and race.
        await line.locator('a').click();
        await page.locator('.race[aria-label="7. koşu"]').waitFor({ timeout: 20_000 });
        expect(await page.locator('.card-tab[aria-selected="true"]').innerText()).toContain('Elazığ');
        expect(await page.locator('.race .race-card tbody tr').first().innerText()).toContain(runsToday.name);
      }
      await page.close();
    }
  });

  it("a jockey page lists today's rides (race, time, horse, number), linked, with a card imported after the build", async () => {
    const [, , , runner] = await builtHorsesNotDeclared();
    const jockey = await builtJockeyOffToday();
    await importFile('kars-program.json', card({ id: '4', city: 'Kars', date: today, time: '22:15', race: 2, runners: [{ horse: runner, jockey }] }));
    for (const width of [390, 1280]) {
      const page = await suite.browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(suite.url(jockeyHref(jockey)!));
      const rides = page.locator('.today-rides');
      await rides.waitFor({ timeout: 20_000 });
      expect(await rides.locator('h2').innerText()).toBe('Bugünkü binişleri');
      const ride = rides.locator('.today-rides__ride');
      expect(await ride.count()).toBe(1);
      expect((await ride.innerText()).replace(/\s+/g, ' ')).toBe(`Kars 2. koşu 22:15 1 ${runner.name}`);
      expect(await ride.locator('a').first().getAttribute('href')).toBe('/yaris-programi?hipodrom=kars&kosu=2');
      expect(await ride.locator('a').nth(1).getAttribute('href')).toBe(`/at-detay/${runner.id}`);
      expect((await placeOf(page, '.today-rides')).top).toBeLessThan(900);
      expect(await sidewaysOverflow(page)).toBe(0);
      await saveScreen(page, join(SHOTS, `jockey-${width}.png`));
      await page.close();
    }
  });
});
