/**
 * The race-day desk (issue 49) in real Chromium against the seeded product: the desk at 1280 and
 * 390 px (meetings, import status, waiting work, nothing wider than the window), the audited
 * result and non-runner corrections, and publishing a tip with its coupon from one screen.
 */
import { describe, expect, it } from 'vitest';
import { istanbulDate } from '../../functions/src/domain/races/race.js';
import { seedCard } from '../api/race-estimates.fixtures.js';
import { browserSuite, sidewaysOverflow } from '../support/browser.js';

const suite = browserSuite({ shots: process.env.RACE_DESK_SCREENSHOTS ?? '/tmp/race-desk-screens', admin: { ip: '10.78.0.1' } });
const { shot } = suite;

describe('race-day desk', () => {
  it('shows the day’s meetings, import status and waiting work at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      const { ctx, page } = await suite.staffTab('/admin', { width, confirms: 'accept' });
      // The panel root lands on the desk: the demo has races today.
      await page.waitForURL('**/admin/yaris-gunu', { timeout: 20_000 });
      await page.getByRole('heading', { name: /^Yarış Günü · \d{2}\.\d{2}\.\d{4}$/ }).waitFor({ timeout: 20_000 });
      await page.getByTestId('desk-race').first().waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('import-status').textContent()).toContain('Son sonuç');
      expect(Number(await page.getByTestId('waiting-payments').textContent())).toBeGreaterThanOrEqual(0);
      await page.getByRole('button', { name: 'Şimdi içe aktar' }).waitFor();
      expect(await sidewaysOverflow(page)).toBe(0);
      await shot(page, `desk-${width}`);
      await ctx.close();
    }
  }, 120_000);

  it('an admin enters a late result by hand and the desk shows it', async () => {
    // A race is late once its start has passed without a result. Before the day's first start (a run
    // after midnight in Istanbul) none is yet, so the test moves the first start to a minute ago.
    const deps = suite.site.server.deps;
    const now = deps.now();
    const todays = (await deps.store.collection('races').where('date', '==', istanbulDate(now)).get()) as unknown as { id: string; startsAt: Date }[];
    if (!todays.some((race) => race.startsAt.getTime() <= now.getTime())) {
      const first = todays.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())[0]!;
      await deps.store.update('races', first.id, { startsAt: new Date(now.getTime() - 60_000) });
    }
    const { ctx, page } = await suite.staffTab('/admin/yaris-gunu', { width: 1280, confirms: 'accept' });
    const late = page.getByTestId('desk-race').filter({ has: page.getByText('Sonuç bekleniyor', { exact: true }) }).first();
    await late.waitFor({ timeout: 20_000 });
    await page.getByTestId('late-note').first().waitFor();
    await late.getByRole('button', { name: 'Sonuç gir' }).click();
    const dialog = page.getByRole('dialog', { name: /koşu sonucu$/ });
    await dialog.getByLabel('Resmî sıralama', { exact: false }).fill('2-1-3');
    await dialog.getByLabel('Ganyan ikramiyesi', { exact: false }).fill('5,40');
    await dialog.getByRole('button', { name: 'Kaydet ve sonuçlandır' }).click();
    // No reason: the form says so and nothing is sent.
    await dialog.getByText('Lütfen değişikliğin sebebini yazın (en az 3 karakter).').waitFor();
    await dialog.getByLabel('Sebep', { exact: false }).fill('Kaynak dosyası gecikti; resmî sonuçtan girildi.');
    await dialog.getByRole('button', { name: 'Kaydet ve sonuçlandır' }).click();
    await page.getByRole('status').filter({ hasText: 'Sonuç kaydedildi' }).first().waitFor({ timeout: 15_000 });
    const entered = page.getByTestId('race-result').filter({ hasText: 'elle girildi' }).first();
    await entered.waitFor({ timeout: 15_000 });
    expect(await entered.textContent()).toContain('1. 2 · 2. 1 · 3. 3 · Ganyan 5,40 TL');
    await shot(page, 'desk-result-entered');
    await ctx.close();
  }, 120_000);

  it('an admin marks a non-runner with a reason; without one nothing is saved', async () => {
    const deps = suite.site.server.deps;
    const { ctx, page } = await suite.staffTab('/admin/yaris-gunu', { width: 1280, confirms: 'accept' });
    const race = page.getByTestId('desk-race').last();
    await race.waitFor({ timeout: 20_000 });
    const raceNumber = Number(await race.getAttribute('data-race'));
    await race.getByRole('button', { name: 'Koşmayanlar' }).click();
    const dialog = page.getByRole('dialog', { name: `${raceNumber}. koşu: koşmayan atlar` });
    const box = dialog.getByRole('checkbox').first();
    const horse = Number(await box.getAttribute('value'));
    await box.check();
    await dialog.getByRole('button', { name: 'Kaydet ve sonuçlandır' }).click();
    // No reason: the form says so and nothing is sent.
    await dialog.getByText('Lütfen değişikliğin sebebini yazın (en az 3 karakter).').waitFor();
    expect(await deps.store.collection('auditLog').where('action', '==', 'race.nonRunners.set').get()).toHaveLength(0);
    await dialog.getByLabel('Sebep', { exact: false }).fill('Veteriner raporuyla koşudan çekildi.');
    await dialog.getByRole('button', { name: 'Kaydet ve sonuçlandır' }).click();
    await page.getByRole('status').filter({ hasText: 'Koşmayan atlar kaydedildi' }).first().waitFor({ timeout: 15_000 });
    await race.getByText(`Koşmayan: ${horse}`, { exact: true }).waitFor({ timeout: 15_000 });
    const audits = (await deps.store.collection('auditLog').where('action', '==', 'race.nonRunners.set').get()) as unknown as { notes: string; after: { nonRunners: number[] } }[];
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ notes: 'Veteriner raporuyla koşudan çekildi.', after: { nonRunners: [horse] } });
    await ctx.close();
  }, 120_000);

  it('publishes a tip with its coupon from one screen', async () => {
    const deps = suite.site.server.deps;
    const tomorrow = istanbulDate(new Date(deps.now().getTime() + 86_400_000));
    await seedCard(deps, 6, tomorrow);
    const { ctx, page } = await suite.staffTab('/admin/yaris-gunu', { width: 1280, confirms: 'accept' });
    await page.getByRole('heading', { name: /^Yarış Günü/ }).waitFor({ timeout: 20_000 });
    await page.getByRole('navigation', { name: 'Gün' }).getByRole('button', { name: 'Sonraki gün ›' }).click();
    await page.getByRole('heading', { name: `Yarış Günü · ${tomorrow.split('-').reverse().join('.')}` }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Tahmin yayımla' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tahmin yayımla' });
    await dialog.getByLabel('Başlık').fill('Yarının ilk koşusu: sıralı ikili tahmini');
    await dialog.getByLabel('Özet', { exact: false }).fill('Yarının ilk koşusu için sıralı ikili.');
    await dialog.getByLabel('Yazı').fill('Mesafe ve pist bu ata uygun; ikinci sırada iki at oynuyoruz.');
    await dialog.getByLabel('Bahis türü').selectOption('sirali-ikili');
    await dialog.getByLabel('1. sıra için atlar').fill('3');
    await dialog.getByLabel('2. sıra için atlar').fill('5-7');
    await shot(page, 'desk-publish-dialog');
    // A horse the race does not have: the Turkish error, and nothing is published.
    await dialog.getByLabel('2. sıra için atlar').fill('5-17');
    await dialog.getByRole('button', { name: 'Kuponuyla yayımla' }).click();
    await dialog.getByRole('alert').filter({ hasText: '1. koşuda 17 numaralı at yok.' }).waitFor({ timeout: 15_000 });
    await dialog.getByLabel('2. sıra için atlar').fill('5-7');
    await dialog.getByRole('button', { name: 'Kuponuyla yayımla' }).click();
    await page.getByRole('status').filter({ hasText: 'Tahmin kuponuyla birlikte yayımlandı.' }).first().waitFor({ timeout: 15_000 });
    await page.getByTestId('desk-tip').filter({ hasText: 'Sıralı İkili: 1. 3 / 2. 5-7' }).waitFor({ timeout: 15_000 });
    await shot(page, 'desk-published');

    const articles = (await deps.store.collection('articles').where('title', '==', 'Yarının ilk koşusu: sıralı ikili tahmini').get()) as { id: string; status: string; hasRaceEstimate: boolean }[];
    expect(articles).toHaveLength(1);
    expect(articles[0]).toMatchObject({ status: 'published', hasRaceEstimate: true });
    const estimates = await deps.store.collection('raceEstimates').where('articleId', '==', articles[0]!.id).get();
    expect(estimates).toHaveLength(1);
    expect(estimates[0]).toMatchObject({ bet: { kind: 'sirali-ikili', places: [{ runners: [3] }, { runners: [5, 7] }] } });
    await ctx.close();
  }, 120_000);
});
