import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { KEEP_SCREENS, launchBrowser, startSiteServer, type SiteServer, saveScreen } from '../support/browser.js';

/**
 * Issue 16 over the seeded demo and a built site, in real Chromium: every place that reports wins
 * tells the same story. Per author, the verified wins (settled estimates that hit every leg) and the
 * declared ones ("yazar beyanı") are computed through the API (list of won articles, author record,
 * ranking) and read from the pages (/basarili-tahminler, the home tab, an article badge, the author
 * page, /basari-kayitlari); all must agree. The proof page recomputes a lock hash: "doğrulandı".
 */
const SHOTS = process.env.GANYAN_SHOTS_DIR ?? '/tmp/ganyan-one-story-shots';

interface Card {
  id: string;
  slug: string;
  title: string;
  raceResultSource: 'manual' | 'settlement' | null;
  visibility: string;
  author: { id: string };
}
interface Record {
  windows: { all: { allLegsHit: number; estimates: number } };
  declared: { all: { won: number; lost: number } };
}

describe('one honest story about wins (Chromium, seeded site)', () => {
  let site: SiteServer;
  let browser: Browser;
  let page: Page;
  const won: Card[] = [];

  beforeAll(async () => {
    site = await startSiteServer();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (let p = 1; ; p += 1) {
      const res = await site.server.api('GET', `/api/articles?category=estimation&raceResult=won&limit=50&page=${p}`);
      won.push(...(res.body.data as Card[]));
      if (!res.body.pagination.hasNext) break;
    }
  }, 900_000);
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('the demo shows verified wins only, and the API agrees with itself per author', async () => {
    const verified = won.filter((c) => c.raceResultSource === 'settlement');
    const declared = won.filter((c) => c.raceResultSource === 'manual');
    expect(verified.length).toBeGreaterThan(0);
    // Issue 49: every demo tip has a locked estimate and is settled from the results; none is declared by hand.
    expect(declared.length).toBe(0);
    expect(verified.length + declared.length).toBe(won.length);

    const ranking = (await site.server.api('GET', '/api/records/authors?window=all')).body.data;
    const rows = [...ranking.ranked, ...ranking.unranked] as { author: { id: string }; record: Record }[];
    const authorIds = new Set([...won.map((c) => c.author.id), ...rows.map((r) => r.author.id)]);
    for (const id of authorIds) {
      const record = (await site.server.api('GET', `/api/authors/${id}`)).body.data.record as Record;
      const row = rows.find((r) => r.author.id === id);
      if (row) expect(row.record, id).toEqual(record);
      expect(record.windows.all.allLegsHit, `verified wins of ${id}`).toBe(verified.filter((c) => c.author.id === id).length);
      expect(record.declared.all.won, `declared wins of ${id}`).toBe(declared.filter((c) => c.author.id === id).length);
    }
    // Every record state shows up in the demo: 6/6, 5/6 and misses.
    const sum = (key: 'sixOfSix' | 'fiveOfSix' | 'estimates') => rows.reduce((n, r) => n + (r.record.windows.all as unknown as { [k: string]: number })[key]!, 0);
    expect(sum('sixOfSix')).toBeGreaterThan(0);
    expect(sum('fiveOfSix')).toBeGreaterThan(0);
    expect(sum('estimates')).toBeGreaterThan(sum('sixOfSix') + sum('fiveOfSix'));
  });

  it('/basarili-tahminler, the home tab, an article badge, an author page and /basari-kayitlari show the same numbers', async () => {
    const declaredTotal = won.filter((c) => c.raceResultSource === 'manual').length;

    await page.goto(`${site.baseUrl}/basarili-tahminler`);
    const split = page.getByTestId('win-split');
    await split.waitFor();
    expect(Number(await split.locator('[data-field="verified"]').textContent())).toBe(won.length - declaredTotal);
    expect(Number(await split.locator('[data-field="declared"]').textContent())).toBe(declaredTotal);
    const firstPage = await page.locator('.list-card .badge-won').allTextContents();
    expect(firstPage.length).toBeGreaterThan(0);
    for (const text of firstPage) expect(['KAZANDI', 'KAZANDI · yazar beyanı']).toContain(text);
    await saveScreen(page, `${SHOTS}/basarili-tahminler-1280.png`, { fullPage: false });

    // The home tab's badges say what the API says of the same cards.
    await page.goto(`${site.baseUrl}/`);
    const homeCards = page.locator('.list-card:has(.badge-won)');
    const homeCount = await homeCards.count();
    for (let i = 0; i < Math.min(homeCount, 6); i += 1) {
      const href = (await homeCards.nth(i).locator('.list-card__title-link').getAttribute('href'))!;
      const card = won.find((c) => href.endsWith(`/${c.slug}`) || href.endsWith(`/${c.id}`));
      expect(card, href).toBeDefined();
      expect(await homeCards.nth(i).locator('.badge-won').textContent()).toBe(card!.raceResultSource === 'manual' ? 'KAZANDI · yazar beyanı' : 'KAZANDI');
    }

    // The article badge of a verified win (a public one: a VIP article's page sends a visitor on to
    // /vip-uyari). The demo has one whatever its dates (the seed is relative to today).
    const open = won.filter((c) => c.visibility === 'public');
    const articles = [open.find((c) => c.raceResultSource === 'settlement')];
    expect(articles.map((card) => card?.raceResultSource)).toEqual(['settlement']);
    for (const card of articles.filter((c) => c !== undefined)) {
      await page.goto(`${site.baseUrl}/makale/${card.slug}`);
      const badge = page.locator('.article__badges .badge-won');
      await badge.waitFor({ timeout: 20_000 });
      expect(await badge.textContent(), card.slug).toBe(card.raceResultSource === 'manual' ? 'KAZANDI · yazar beyanı' : 'KAZANDI');
    }

    // Author page and /basari-kayitlari: the all-time row of the record table, per author.
    const ranking = (await site.server.api('GET', '/api/records/authors?window=all')).body.data;
    const rows = [...ranking.ranked, ...ranking.unranked] as { author: { id: string }; record: Record }[];
    await page.goto(`${site.baseUrl}/basari-kayitlari`);
    await expect.poll(() => page.getByTestId('win-definition').textContent(), { timeout: 20_000 }).toContain('5/6 ve altı');
    for (const row of rows) {
      const verifiedWins = won.filter((c) => c.author.id === row.author.id && c.raceResultSource === 'settlement').length;
      const declaredWins = won.filter((c) => c.author.id === row.author.id && c.raceResultSource === 'manual').length;
      const onRecords = page.locator(`li[data-author-id="${row.author.id}"] tr[data-window="all"]`);
      expect(await onRecords.locator('[data-field="allLegsHit"]').textContent()).toBe(String(verifiedWins));
      expect((await onRecords.locator('[data-field="declared"]').textContent())?.startsWith(`${declaredWins} /`)).toBe(true);
    }
    const author = rows.find((r) => r.record.windows.all.allLegsHit > 0) ?? rows[0]!;
    const authorPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await authorPage.goto(`${site.baseUrl}/yazarlar/${author.author.id}`);
    const authorRow = authorPage.locator('tr[data-window="all"]');
    expect(await authorRow.locator('[data-field="allLegsHit"]').textContent()).toBe(String(author.record.windows.all.allLegsHit));
    expect(await authorPage.locator('body').textContent()).toContain(`${author.record.windows.all.allLegsHit} tam isabet`);
    await authorPage.close();
  });

  it('the proof page recomputes the lock hash in the browser and says "doğrulandı"', async () => {
    await page.goto(`${site.baseUrl}/basari-kayitlari`);
    const proof = page.locator('.proof').filter({ has: page.locator('[data-testid="proof-link"][href*="metin="]') }).first();
    await proof.locator('xpath=ancestor::details').evaluate((d) => ((d as HTMLDetailsElement).open = true));
    expect(await proof.getByTestId('lock-sentence').textContent()).toMatch(/^Bu tahmin \d{1,2} \S+ \d{2}:\d{2}'(da|de|ta|te), ilk koşu başlarken kilitlendi/);
    await proof.getByTestId('proof-link').click();
    await page.waitForURL(/\/nasil-dogrulanir#/);
    await expect.poll(() => page.locator('[data-verdict]').textContent(), { timeout: 20_000 }).toContain('doğrulandı');
    expect(await page.locator('[data-verdict]').getAttribute('class')).toContain('ok');
    if (KEEP_SCREENS) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await saveScreen(page, `${SHOTS}/nasil-dogrulanir-${width}.png`, { fullPage: true });
      }
    }

    // One changed digit of the text: the page says it cannot verify.
    const text = await page.locator('#verify-text').inputValue();
    await page.locator('#verify-text').fill(text.replace(/\d(?=\])/, (d) => String((Number(d) + 1) % 10)));
    await page.getByRole('button', { name: 'Özeti hesapla ve karşılaştır' }).click();
    await expect.poll(() => page.locator('[data-verdict]').textContent(), { timeout: 20_000 }).toContain('doğrulanamadı');

    // The pages that tell the story, for a person to look at.
    if (!KEEP_SCREENS) return;
    for (const [path, name] of [['/basari-kayitlari', 'basari-kayitlari'], ['/basarili-tahminler', 'basarili-tahminler'], ['/', 'home']] as const) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${site.baseUrl}${path}`);
        await saveScreen(page, `${SHOTS}/${name}-${width}.png`, { fullPage: false });
      }
    }
  });
});
