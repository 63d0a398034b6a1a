/**
 * Race management in real Chromium against the real local product (sqlite store seeded with
 * users, articles and today's race programme through the importer; the site built from it): an
 * author builds an estimate from today's programme, attaches it to their published estimation
 * article, edits it (details, horses, audio, video), and the public article shows the
 * 'ALTILI GANYAN' table with its lock line. Once the first race has started the horse tab is
 * locked and the server refuses a change. Screenshots go to ADMIN_SCREENSHOTS (default
 * /tmp/admin-screens) at 1280 px for people to look at.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parseRaceEstimate, type RaceEstimate } from '../../functions/src/domain/estimates/estimate.js';
import { istanbulDate, istanbulInstant } from '../../functions/src/domain/races/race.js';
import { formatIsoDay } from '@shared/text/dates';
import { buildArticleDocument } from '../../functions/src/domain/articles/derive-fields.js';
import { seedArticles } from '../../server/seed/articles.js';
import { seedRaces } from '../../server/seed/races.js';
import { AUTHOR_IDS, DEMO_PASSWORD, seedUsers } from '../../server/seed/users.js';
import { lockTimeText } from '../../src/admin/races/model.js';
import { browserSuite, saveScreen, sidewaysOverflow, widerThanWindow } from '../support/browser.js';
import { loginStaff } from '../support/login.js';

const SHOTS = process.env.ADMIN_SCREENSHOTS ?? '/tmp/admin-screens';
const AUTHOR_EMAIL = 'yazar1@ganyan.local';
// Morning in Istanbul, before today's first race: the selections are still open.
const TODAY = istanbulDate(new Date());
const MORNING = istanbulInstant(TODAY, '09:00');
const ALTILI_ARTICLE = 'art-admin-races-altili';

// Today's programme is seeded relative to the clock, so this file builds its own site from it.
const suite = browserSuite({
  seed: false,
  now: MORNING,
  shots: SHOTS,
  async prepare(server) {
    await seedUsers(server.deps);
    await seedArticles(server.deps);
    await seedRaces(server.deps);
    // The demo's tips are each about one race they name (issue 49), so the altılı goes on an article of its own.
    const publishedAt = new Date(MORNING.getTime() - 3_600_000);
    await server.deps.store.set(
      'articles',
      ALTILI_ARTICLE,
      buildArticleDocument(
        {
          title: 'Veliefendi günün altılı ganyan tahmini',
          subtitle: null,
          slug: 'veliefendi-gunun-altili-ganyan-tahmini',
          authorId: AUTHOR_IDS[0]!,
          category: 'estimation',
          status: 'published',
          visibility: 'public',
          audience: 'everyone',
          excerpt: 'Veliefendi altılısı için ayak ayak seçimlerimiz.',
          content: '<p>Veliefendi altılısı için ayak ayak seçimlerimiz aşağıda.</p>',
          tags: [],
          raceResult: null,
          raceResultSource: null,
          isFeatured: false,
          isPinned: false,
          allowComments: true,
          media: { featuredImage: null, videos: [], audio: [] },
          stats: { views: 0, likes: 0, comments: 0, shares: 0 },
          publishedAt,
          createdAt: publishedAt,
          updatedAt: publishedAt,
        },
        publishedAt,
      ),
    );
  },
});
const url = (path: string) => suite.url(path);

async function context(at: Date, width = 1280): Promise<BrowserContext> {
  const ctx = await suite.browser.newContext({ viewport: { width, height: 900 }, locale: 'tr-TR', timezoneId: 'Europe/Istanbul' });
  // The browser's clock agrees with the server's, so "today" and "locked" mean the same on both sides.
  await ctx.clock.setFixedTime(at);
  return ctx;
}

async function shot(page: Page, name: string) {
  await saveScreen(page, `${SHOTS}/${name}.png`, { fullPage: true });
}

async function signIn(page: Page) {
  await page.goto(url('/admin/login'));
  await page.getByLabel('E-posta').fill(AUTHOR_EMAIL);
  await page.getByLabel('Şifre').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  // The race-day desk on a race day, else the articles (issue 49).
  await page.waitForURL(/\/admin\/(yaris-gunu|articles)$/, { timeout: 20_000 });
}

/** The author's Tahmin Yönetimi tab of /admin/races, with the browser's clock at `at`. */
async function estimatesTab(at: Date): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await context(at);
  const page = await ctx.newPage();
  await signIn(page);
  await page.goto(url('/admin/races'));
  await page.getByRole('tab', { name: 'Tahmin Yönetimi' }).click();
  return { ctx, page };
}

async function storedEstimates(articleId?: string): Promise<RaceEstimate[]> {
  let q = suite.site.server.deps.store.collection('raceEstimates');
  if (articleId) q = q.where('articleId', '==', articleId);
  return (await q.get()).map(parseRaceEstimate);
}

/** A small file with an ID3 header and MPEG layer III frames: what the server's signature check accepts as MP3. */
function mp3Bytes(): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]), ...Array.from({ length: 8 }, () => frame)]);
}

describe('race management', () => {
  let articleId = '';
  let articleSlug = '';

  it('an author builds an estimate from today\'s programme and attaches it to their published estimation article', async () => {
    const ctx = await context(MORNING);
    const page = await ctx.newPage();
    await signIn(page);
    await page.getByRole('link', { name: /Yarışlar/ }).click();
    await page.getByRole('heading', { name: 'Yarış Yönetimi' }).waitFor();

    // İstanbul and today are the defaults; the first race's horses are on screen.
    await expect.poll(() => page.getByLabel('Hipodrom').evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent ?? '')).toContain('İstanbul');
    // The date reads the Turkish way (24.11.2026) whatever the browser's language.
    expect(await page.getByLabel('Tarih', { exact: true }).inputValue()).toBe(formatIsoDay(TODAY));
    const horseRows = page.locator('.r-horses tbody tr');
    await horseRows.first().waitFor();
    await expect.poll(() => page.getByRole('tab').filter({ hasText: 'Koşu' }).count()).toBe(6);
    const firstRow = await horseRows.first().innerText();
    // Odds as Turkish decimals ('5,40') or a dash, never 'x/1' or 'TBA' (issue 53).
    expect(firstRow).toMatch(/\d,\d\d|—/);
    expect(firstRow).not.toMatch(/\/1\b|TBA/);

    // Nothing picked: the spec's text, nothing sent.
    await page.getByRole('button', { name: 'Tahmini makaleye ekle' }).click();
    await expect.poll(() => page.getByTestId('add-error').textContent()).toBe('Lütfen en az bir at seçin.');

    // Race 1: two horses by checkbox; race 2: every horse; race 3 nothing.
    const boxes = page.locator('.r-horses tbody input[type=checkbox]');
    await boxes.nth(0).check();
    await boxes.nth(2).check();
    await page.getByRole('tab', { name: /^2\. Koşu/ }).click();
    await page.getByRole('heading', { name: /^2\. Koşu/ }).waitFor();
    await page.getByRole('button', { name: 'Bu koşudaki tümünü seç' }).click();
    const race2Count = await boxes.count();
    const summary = await page.getByTestId('selection-string').textContent();
    expect(summary).toMatch(new RegExp(`^1: \\d+,\\d+ / 2: ${Array.from({ length: race2Count }, (_, i) => i + 1).join(',')} / 3: — / 4: — / 5: — / 6: —$`));
    await expect.poll(() => page.locator('.r-summary tbody tr').count()).toBe(race2Count);

    // No article yet.
    await page.getByRole('button', { name: 'Tahmini makaleye ekle' }).click();
    await expect.poll(() => page.getByTestId('add-error').textContent()).toBe('Lütfen bir makale seçin.');

    // The picker holds the author's own published estimation articles only.
    const picker = page.locator('#r-article-picker');
    await expect.poll(() => picker.locator('option').count()).toBeGreaterThan(1);
    const options = await picker.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    const docs = await suite.site.server.deps.store.getAll('articles', options);
    for (const doc of docs) {
      expect(doc).toMatchObject({ authorId: AUTHOR_IDS[0], category: 'estimation', status: 'published' });
    }
    expect(options).toContain(ALTILI_ARTICLE);
    articleId = ALTILI_ARTICLE;
    articleSlug = String(docs[options.indexOf(ALTILI_ARTICLE)]!.slug || articleId);
    await picker.selectOption(articleId);
    await page.getByLabel('Tahmin başlığı (isteğe bağlı)').fill('Veliefendi ilk altılı');
    await shot(page, 'races-selection-1280');
    await page.getByRole('button', { name: 'Tahmini makaleye ekle' }).click();
    await page.getByText('Yarış tahmini makaleye eklendi.').waitFor();

    const [stored] = await storedEstimates(articleId);
    expect(stored).toBeDefined();
    expect(stored!.title).toBe('Veliefendi ilk altılı');
    expect(stored!.authorId).toBe(AUTHOR_IDS[0]);
    expect(stored!.races).toHaveLength(6);
    expect(stored!.races[0]!.selectedHorses).toHaveLength(2);
    expect(stored!.races[1]!.selectedHorses).toHaveLength(race2Count);
    expect(stored!.raceData.location).toContain('İstanbul');
    expect(stored!.exportInfo).toMatchObject({ exportType: 'admin-selection', version: '1.0', raceFilter: 'first6' });
    expect(stored!.lockAt.getTime()).toBeGreaterThan(MORNING.getTime());
    await ctx.close();
  }, 120_000);

  it('the estimate is managed in Tahmin Yönetimi: details, horses, audio and video through the edit dialog', async () => {
    const { ctx, page } = await estimatesTab(MORNING);
    const row = page.locator('.r-estimates tbody tr', { hasText: 'Veliefendi ilk altılı' });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/Açık/);

    // The article filter narrows to that article; an estimate date of another day empties the list.
    await page.locator('#r-filter-article').selectOption(articleId);
    await row.waitFor();
    await page.getByLabel('Tahmin tarihi').fill('01.01.2020');
    await page.getByText('Kayıtlı tahmin bulunamadı.').waitFor();
    await page.getByRole('button', { name: 'Filtreleri temizle' }).click();
    await row.waitFor();
    await shot(page, 'races-estimates-1280');

    await row.getByRole('button', { name: 'Düzenle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tahmini Düzenle' });
    await dialog.waitFor();
    await dialog.getByLabel('Başlık').fill('Veliefendi altılı (güncel)');
    await dialog.getByLabel('Açıklama').fill('Hafif zeminde iddialı atlar.');
    await shot(page, 'races-dialog-details-1280');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('Yarış tahmini güncellendi.').waitFor();

    // Horses: add one in race 3 before the lock.
    await dialog.getByRole('tab', { name: 'At Yönetimi' }).click();
    await dialog.getByText(/Seçimler ilk koşunun başladığı anda kilitlenir/).waitFor();
    const race3 = dialog.locator('.r-leg').nth(2);
    await race3.locator('input[type=checkbox]').first().check();
    await shot(page, 'races-dialog-horses-1280');
    await dialog.getByRole('button', { name: 'Seçimleri Kaydet' }).click();
    await page.getByText('At seçimleri güncellendi.').waitFor();
    let [stored] = await storedEstimates(articleId);
    expect(stored!.title).toBe('Veliefendi altılı (güncel)');
    expect(stored!.races[2]!.selectedHorses).toHaveLength(1);

    // Media: the spec's texts for a missing file and a bad link, then a real upload and a video.
    await dialog.getByRole('tab', { name: 'Medya' }).click();
    await dialog.getByRole('button', { name: 'Sesi yükle' }).click();
    await dialog.getByText('Lütfen bir dosya seçin').waitFor();
    await dialog.getByLabel('Ses dosyası').setInputFiles({ name: 'notlar.txt', mimeType: 'text/plain', buffer: Buffer.from('not audio') });
    await dialog.getByRole('button', { name: 'Sesi yükle' }).click();
    await dialog.getByText('Lütfen bir ses dosyası seçin').waitFor();
    await dialog.getByLabel('Video URL').fill('ftp://ornek.com/video');
    await dialog.getByRole('button', { name: 'Video ekle' }).click();
    await dialog.getByText("Geçerli bir video URL'si girin").waitFor();
    await dialog.getByLabel('Video URL').fill('');
    await dialog.getByRole('button', { name: 'Video ekle' }).click();
    await dialog.getByText('Video URL gerekli').waitFor();
    expect(await dialog.getByText('Desteklenen platformlar: YouTube, Vimeo, Dailymotion', { exact: false }).count()).toBe(1);

    await dialog.getByLabel('Ses dosyası').setInputFiles({ name: 'analiz.mp3', mimeType: 'audio/mpeg', buffer: mp3Bytes() });
    await dialog.getByLabel('Başlık (isteğe bağlı)').fill('Günün analizi');
    await dialog.getByRole('button', { name: 'Sesi yükle' }).click();
    await page.getByText('Ses kaydı eklendi.').waitFor();
    await dialog.locator('audio').waitFor();
    await dialog.getByLabel('Video URL').fill('https://youtu.be/dQw4w9WgXcQ');
    await dialog.getByRole('button', { name: 'Video ekle' }).click();
    await page.getByText('Video eklendi.').waitFor();
    await shot(page, 'races-dialog-media-1280');
    [stored] = await storedEstimates(articleId);
    expect(stored!.audio).toMatchObject({ title: 'Günün analizi', mimeType: 'audio/mpeg' });
    expect(stored!.video).toMatchObject({ platform: 'youtube', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });

    // The list shows the audio inline and the video link.
    await dialog.getByRole('button', { name: 'Kapat' }).click();
    const updated = page.locator('.r-estimates tbody tr', { hasText: 'Veliefendi altılı (güncel)' });
    await updated.locator('audio').waitFor();
    expect(await updated.getByRole('link', { name: /▶/ }).getAttribute('href')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await ctx.close();
  }, 120_000);

  it('the public article shows the ALTILI GANYAN table with the lock time and the short selections hash', async () => {
    await suite.site.rebuild();
    const [stored] = await storedEstimates(articleId);
    const ctx = await context(MORNING);
    const page = await ctx.newPage();
    await page.goto(url(`/makale/${articleSlug}`));
    const table = page.locator('figure.estimate');
    await table.waitFor();
    expect(await table.locator('figcaption').innerText()).toMatch(/1\. ALTILI GANYAN/);
    const lock = await table.getByTestId('estimate-lock').innerText();
    expect(lock).toContain(lockTimeText(stored!.lockAt));
    expect(lock).toMatch(/Tahmin kilitlendi|Seçimler ilk koşuda kilitlenir/);
    expect(await page.locator('.estimate__hash').first().getAttribute('href')).toContain(`ozet=${stored!.selectionsHash}`);
    const firstPick = stored!.races[0]!.selectedHorses[0]!;
    expect(await table.locator('.estimate__legs').innerText()).toContain(firstPick.name);
    await table.scrollIntoViewIfNeeded();
    await saveScreen(page, `${SHOTS}/races-article-table-1280.png`);
    await ctx.close();
  }, 300_000);

  it('after the first race starts the horse tab is locked, the server refuses a change, and the estimate cannot be deleted', async () => {
    const [before] = await storedEstimates(articleId);
    const afterStart = new Date(before!.lockAt.getTime() + 60_000);
    suite.site.server.setNow(afterStart);
    try {
      const { ctx, page } = await estimatesTab(afterStart);
      const row = page.locator('.r-estimates tbody tr', { hasText: 'Veliefendi altılı (güncel)' });
      await row.waitFor();
      expect(await row.innerText()).toContain('Kilitli');
      await row.getByRole('button', { name: 'Düzenle' }).click();
      const dialog = page.getByRole('dialog', { name: 'Tahmini Düzenle' });
      await dialog.getByRole('tab', { name: 'At Yönetimi' }).click();
      const lock = dialog.getByTestId('lock-message');
      await lock.waitFor();
      expect(await lock.innerText()).toContain(`Tahmin kilitlendi: ${lockTimeText(before!.lockAt)}`);
      expect(await dialog.getByRole('button', { name: 'Seçimleri Kaydet' }).isDisabled()).toBe(true);
      expect(await dialog.locator('.r-legs').evaluate((f: HTMLFieldSetElement) => f.disabled)).toBe(true);
      await shot(page, 'races-dialog-locked-1280');

      // The lock is the server's: a direct change is refused and nothing moves.
      const { token } = await loginStaff(suite.site.server, AUTHOR_EMAIL, DEMO_PASSWORD);
      const put = await suite.site.server.api('PUT', `/api/articles/${articleId}/race-estimates/${before!.id}`, {
        token,
        body: { races: before!.races.map((r) => ({ id: r.id, selectedHorses: r.selectedHorses.slice(0, 1).map((h) => ({ number: h.number })) })) },
      });
      expect(put.status).toBe(409);

      // Title and media stay editable; deleting a locked estimate is refused with the reason.
      await dialog.getByRole('button', { name: 'Kapat' }).click();
      page.once('dialog', (d) => void d.accept());
      await row.getByRole('button', { name: 'Sil' }).click();
      await page.getByText(/Tahmin silinirken hata oluştu\. Tahmin kilitlendi/).waitFor();
      const [after] = await storedEstimates(articleId);
      expect(after!.selectionsHash).toBe(before!.selectionsHash);
      expect(after!.races).toEqual(before!.races);
      await ctx.close();
    } finally {
      suite.site.server.setNow(MORNING);
    }
  }, 120_000);

  it('on a phone (360, 390, 412 px) the selection screen does not scroll sideways and each runner is a card with its figures', async () => {
    for (const width of [360, 390, 412]) {
      const ctx = await context(MORNING, width);
      const page = await ctx.newPage();
      await signIn(page);
      await page.goto(url('/admin/races'));
      const rows = page.locator('.r-horses tbody tr');
      await rows.first().waitFor();
      await page.getByTestId('selection-string').waitFor();
      expect(await sidewaysOverflow(page), `${width} px: ${(await widerThanWindow(page)).join(', ')}`).toBe(0);
      // Every figure of the first runner is on screen: box, name, jockey, weight, odds, AGF.
      const first = rows.first();
      for (const cell of [first.locator('input[type=checkbox]'), first.locator('.r-name'), ...['Jokey', 'Kilo', 'Ganyan', 'Son 6', 'AGF'].map((label) => first.locator(`td[data-label="${label}"]`))]) {
        const box = await cell.boundingBox();
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      }
      const odds = first.locator('td[data-label="Ganyan"]');
      expect(await odds.innerText()).toMatch(/\d|TBA/);
      expect(await odds.evaluate((td) => getComputedStyle(td, '::before').content)).toContain('Ganyan');
      // The coupon summary is a list on a phone: a picked horse shows beside its race.
      await first.locator('input[type=checkbox]').check();
      const name = (await first.locator('.r-name').innerText()).trim();
      expect(await page.locator('.r-summary-list li').first().innerText()).toContain(name);
      expect(await sidewaysOverflow(page)).toBe(0);
      if (width === 390) await shot(page, 'races-selection-390');
      await ctx.close();
    }
  }, 120_000);
});
