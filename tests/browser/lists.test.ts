import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArticle, createAuthor, hydrated, seriousViolations, startArticleSite, type ArticleSite } from './article.fixtures.js';

let site: ArticleSite;

// Titles chosen so byte order and Turkish order differ (Ç after C, İ after I, Ş after S, Ü after U).
const WON_TITLES = [
  'Zafer', 'Çınar', 'Cesur', 'İkinci', 'Işık', 'Şahin', 'Sakin', 'Üstün', 'Umut', 'Ödül', 'Orhan', 'Gülşen', 'Güneş', 'Ayaz',
];

beforeAll(async () => {
  site = await startArticleSite();
  const deps = site.server.deps;
  const author = await createAuthor(deps);
  const hour = 3_600_000;
  const now = deps.now().getTime();
  for (const [i, title] of WON_TITLES.entries()) {
    await createArticle(deps, {
      authorId: author,
      title,
      raceResult: 'won',
      publishedAt: new Date(now - i * hour),
      audience: i === 0 ? 'vip' : 'everyone',
      tags: [{ name: 'Veliefendi', color: '#27616c' }, { name: 'Altılı', color: '#d4a017' }, { name: 'Banko', color: '#3b82f6' }],
    });
  }
  await createArticle(deps, { authorId: author, title: 'Kaybeden tahmin', raceResult: 'lost' });
  for (let i = 0; i < 14; i += 1) {
    await createArticle(deps, { authorId: author, category: 'news', title: `Haber ${String(i + 1).padStart(2, '0')}`, publishedAt: new Date(now - i * hour) });
  }
  await site.build();
}, 180_000);

afterAll(async () => {
  await site?.close();
});

describe('/basarili-tahminler', () => {
  it('lists won predictions newest first, sorts by title in Turkish order and pages by 12', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.server.baseUrl}/basarili-tahminler`);
    const titles = () => page.locator('.list-card .card-title').allTextContents();
    // Static first page, before any JavaScript: 12 newest, without the lost one.
    expect((await titles()).slice(0, 2)).toEqual(['Zafer', 'Çınar']);
    expect(await titles()).toHaveLength(12);
    await expect(page.locator('.predictions__total').textContent()).resolves.toContain('14');
    const first = page.locator('.list-card').first();
    await expect(first.getByText('KAZANDI').count()).resolves.toBe(1);
    await expect(first.getByText('VIP', { exact: true }).count()).resolves.toBe(1);
    await expect(first.locator('.tag--more').textContent()).resolves.toBe('+1');

    await hydrated(page, 'SuccessfulPredictions');
    await page.getByLabel('Sırala:').selectOption('title');
    const sorted = [...WON_TITLES].sort(new Intl.Collator('tr').compare);
    await page.waitForFunction((expected) => document.querySelector('.list-card .card-title')?.textContent === expected, sorted[0]);
    expect(await titles()).toEqual(sorted.slice(0, 12));

    await page.getByRole('button', { name: 'Sonraki' }).click();
    expect(await titles()).toEqual(sorted.slice(12));
    await expect(page.locator('.pager-info').textContent()).resolves.toBe('Sayfa 2 / 2 - Toplam 14 tahmin');
    await page.getByRole('button', { name: 'Önceki' }).click();
    expect(await titles()).toEqual(sorted.slice(0, 12));
    await page.close();
  });

  it('has no serious or critical accessibility violations', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.server.baseUrl}/basarili-tahminler`);
    await hydrated(page, 'SuccessfulPredictions');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});

describe('/haberler and /makaleler', () => {
  it('shows the first 12 news in the static page and loads page 2 from the API', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.server.baseUrl}/haberler`);
    expect(await page.locator('.list-card').count()).toBe(12);
    await expect(page.locator('.list-card').first().getByRole('link', { name: /Devamını Oku/ }).getAttribute('href')).resolves.toMatch(/^\/makale\//);
    await hydrated(page, 'ArticleGrid');
    await page.getByRole('button', { name: 'Sayfa 2' }).click();
    await page.waitForURL('**/haberler?sayfa=2');
    await page.waitForFunction(() => document.querySelectorAll('.list-card').length === 2);
    expect(await page.locator('.list-card .card-title').allTextContents()).toEqual(['Haber 13', 'Haber 14']);
    await page.goBack();
    await page.waitForFunction(() => document.querySelectorAll('.list-card').length === 12);
    await page.close();
  });

  it('links a VIP prediction to /vip-uyari for a visitor', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.server.baseUrl}/makaleler`);
    const vipCard = page.locator('.list-card', { hasText: 'Zafer' });
    await expect(vipCard.locator('.card-title a').getAttribute('href')).resolves.toBe('/vip-uyari');
    const plain = page.locator('.list-card', { hasText: 'Çınar' });
    await expect(plain.locator('.card-title a').getAttribute('href')).resolves.toMatch(/^\/makale\//);
    await page.close();
  });

  it('has no serious or critical accessibility violations on either list', async () => {
    const page = await site.browser.newPage();
    for (const path of ['/haberler', '/makaleler']) {
      await page.goto(`${site.server.baseUrl}${path}`);
      await hydrated(page, 'ArticleGrid');
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.close();
  });
});
