import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { programmeForDate } from '../../functions/src/domain/races/race-queries.js';
import { istanbulDate } from '../../functions/src/domain/races/race.js';
import { browserSuite, saveScreen, seriousViolations } from '../support/browser.js';

const SHOTS = join(import.meta.dirname, '../../.data/screenshots/races');
const suite = browserSuite({ shots: SHOTS });

describe('race programme and horse detail in Chromium', () => {
  it("today's programme is in the HTML without JavaScript", async () => {
    const context = await suite.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${suite.site.baseUrl}/yaris-programi`);
    await expect(page.locator('.race-table').first().isVisible()).resolves.toBe(true);
    expect(await page.locator('.card-tab').count()).toBe(3);
    expect(await page.locator('.card-tab').first().innerText()).toMatch(/Hipodromu\s+9 koşu/);
    await context.close();
  });

  it('while the programme arrives, a race table shows once it is whole: its columns never widen under the reader', async () => {
    const html = await (await fetch(`${suite.site.baseUrl}/yaris-programi`)).text();
    const start = html.indexOf('<table');
    const end = html.indexOf('</table>', start);
    const cuts = [...html.matchAll(/<tr[ >]/g)].map((m) => m.index).filter((at) => at > start && at < end);
    expect(cuts.length).toBeGreaterThan(5);
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const firstTableShown = () => page.locator('.race-table').first().evaluate((table) => table.checkVisibility({ visibilityProperty: true }));
    for (const cut of [...cuts, end]) {
      await page.setContent(html.slice(0, cut), { waitUntil: 'domcontentloaded' });
      expect(await firstTableShown(), `cut before: ${html.slice(cut, cut + 30)}`).toBe(false);
    }
    await page.setContent(html.slice(0, html.indexOf('</div>', end) + '</div>'.length), { waitUntil: 'domcontentloaded' });
    expect(await firstTableShown()).toBe(true);
    await page.close();
  });

  it('on a phone every horse name and follow button of the programme is a target of at least 24 px, clear of the next one (WCAG 2.5.8)', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 390, height: 900 } });
    await page.goto(`${suite.site.baseUrl}/yaris-programi`);
    await page.locator('.card-tab[aria-selected="true"]').waitFor();
    const crowded = await page.locator('.race-table tbody td:has(.race-table__horse)').evaluateAll((cells) =>
      cells.flatMap((cell) => {
        const targets = [...cell.querySelectorAll('a.race-table__horse, button.follow-btn')].map((el) => ({ name: el.textContent?.trim() ?? '', box: el.getBoundingClientRect() }));
        const small = targets.filter(({ box }) => box.height < 24 || box.width < 24).map(({ name, box }) => `${name}: ${box.width.toFixed(1)}x${box.height.toFixed(1)}`);
        const overlapping = targets.slice(1).filter(({ box }, i) => {
          const before = targets[i]!.box;
          return box.left < before.right && box.top < before.bottom && before.left < box.right && before.top < box.bottom;
        });
        return [...small, ...overlapping.map(({ name }) => `${name}: overlaps`)];
      }),
    );
    expect(await page.locator('.race-table button.follow-btn').count()).toBeGreaterThan(0);
    expect(crowded).toEqual([]);
    await page.close();
  });

  it('on a phone the filters show their whole text and a horse takes a few lines, not five (the table scrolls sideways)', async () => {
    for (const width of [360, 390, 412]) {
      const page = await suite.browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${suite.site.baseUrl}/yaris-programi`);
      await page.locator('.card-tab[aria-selected="true"]').waitFor();
      // A <select> cuts its chosen text without saying so: the text, its padding and the arrow must fit.
      const cut = await page.locator('.programme__filters select, .programme__filters input').evaluateAll((fields) =>
        fields.flatMap((field) => {
          const style = getComputedStyle(field);
          const context = document.createElement('canvas').getContext('2d')!;
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const texts = field instanceof HTMLSelectElement ? [...field.options].map((o) => o.text) : [(field as HTMLInputElement).value];
          const arrow = field instanceof HTMLSelectElement ? 20 : 0;
          const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
          return texts.filter((text) => context.measureText(text).width > room).map((text) => `${text} (${Math.round(room)} px)`);
        }),
      );
      expect(cut, `${width} px`).toEqual([]);
      const tall = await page.locator('.race-table tbody td.race-table__horse-cell').evaluateAll((cells) =>
        cells.flatMap((cell) => {
          const name = cell.querySelector('a.race-table__horse')!.getBoundingClientRect();
          const follow = cell.querySelector('button.follow-btn')?.getBoundingClientRect();
          const pedigree = cell.querySelector('.race-table__pedigree');
          const lineHeight = (el: Element) => parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.2;
          const pedigreeLines = pedigree ? Math.round(pedigree.getBoundingClientRect().height / lineHeight(pedigree)) : 0;
          const label = cell.querySelector('a.race-table__horse')!.textContent;
          return [
            ...(name.height > 30 ? [`${label}: name on ${Math.round(name.height)} px`] : []),
            ...(follow && follow.top >= name.bottom ? [`${label}: follow button under the name`] : []),
            ...(pedigreeLines > 3 ? [`${label}: pedigree on ${pedigreeLines} lines`] : []),
          ];
        }),
      );
      expect(await page.locator('.race-table tbody td.race-table__horse-cell').count()).toBeGreaterThan(0);
      expect(tall, `${width} px`).toEqual([]);
      await saveScreen(page, `${SHOTS}/programme-filters-${width}.png`, { fullPage: false });
      await page.close();
    }
  });

  it('the day buttons stay readable under the pointer (the site-wide .btn:hover turned their text white on the pale hover)', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${suite.site.baseUrl}/yaris-programi`);
    await page.getByRole('button', { name: 'Önceki gün' }).hover();
    // axe reads the computed colours, so the hovered state is the one it checks (WCAG AA, 4.5:1).
    expect((await seriousViolations(page)).filter((v) => v.id === 'color-contrast')).toEqual([]);
    await page.close();
  });

  for (const width of [390, 1280]) {
    it(`switch venue and race, open a horse, walk the four tabs at ${width} px`, async () => {
      const page = await suite.browser.newPage({ viewport: { width, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${suite.site.baseUrl}/yaris-programi`);
      await page.locator('.card-tab[aria-selected="true"]').waitFor();
      await saveScreen(page, join(SHOTS, `programme-${width}.png`), { fullPage: width > 400 });

      // Another venue through the selector: fetched, no page load.
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
      await page.selectOption('select[aria-label="Hipodrom seçin"]', 'ankara');
      await page.waitForFunction(() => document.querySelectorAll('.card-tab').length === 1);
      expect(await page.locator('.card-tab').innerText()).toContain('Ankara 75. Yıl Hipodromu');
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
      expect(page.url()).toContain('hipodrom=ankara');

      await page.getByRole('tab', { name: /^4\. Koşu/ }).click();
      await expect(page.locator('.race__head h2').innerText()).resolves.toMatch(/^4\. Koşu/);
      // Every runner the programme has for that race, and no other (the seeded fields are 7 to 10 a race).
      const today = istanbulDate(suite.site.server.deps.now());
      const programme = await programmeForDate(suite.site.server.deps, today, 'ankara');
      const fourth = programme.cards[0]!.races.find((race) => race.number === 4)!;
      expect(await page.locator('.race-table tbody tr').count()).toBe(fourth.entries.length);

      // A past day has results, so horses there have a history.
      const name = await page.locator('.race-table__horse').first().innerText();
      const href = await page.locator('.race-table__horse').first().getAttribute('href');
      expect(href).toMatch(/^\/at-detay\/h\d+\?name=.+&age=\d+/);
      await page.locator('.race-table__horse').first().click();
      await page.waitForURL(/\/at-detay\/h\d+/);
      await expect(page.locator('.horse__head h1').innerText()).resolves.toBe(name);
      expect(await page.locator('.horse-tab[aria-selected="true"]').innerText()).toBe('At Bilgileri');
      const historyRows = await page.locator('.history-table tbody tr').count();
      expect(historyRows).toBeGreaterThan(0);
      expect(historyRows).toBeLessThanOrEqual(10);
      await saveScreen(page, join(SHOTS, `horse-info-${width}.png`), { fullPage: true });

      // The page is whole in its HTML; this first press brings React in and is then replayed.
      await page.getByRole('tab', { name: 'İstatistikler' }).click();
      await page.getByRole('heading', { name: 'Mesafeye göre' }).waitFor();
      expect(await page.locator('text=1201-1400 m').count()).toBe(1);
      await saveScreen(page, join(SHOTS, `horse-stats-${width}.png`), { fullPage: true });

      await page.getByRole('tab', { name: 'Koşu Geçmişi' }).click();
      expect(await page.locator('.history-table tbody tr').count()).toBeGreaterThanOrEqual(historyRows);

      await page.getByRole('tab', { name: 'Soy Ağacı' }).click();
      await page.locator('.tree').waitFor();
      expect(await page.locator('.tree .tree__node').count()).toBe(7);
      const nested = await page.locator('.tree > ul > li > ul > li > ul > li').count();
      expect(nested).toBe(4);
      await saveScreen(page, join(SHOTS, `horse-pedigree-${width}.png`), { fullPage: true });

      await page.getByRole('button', { name: '← Geri' }).click();
      await page.waitForURL(/\/yaris-programi/);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('an unknown horse shows "At bulunamadı" with a way back', async () => {
    const page = await suite.browser.newPage();
    const res = await page.goto(`${suite.site.baseUrl}/api/horses/h1`);
    expect(res?.status()).toBe(404);
    await page.close();
  });
});
