import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { importRaceFiles } from '../../functions/src/domain/races/import-races.js';
import { createAccount, type TestAccount } from '../support/accounts.js';
import { saveScreen } from '../support/browser.js';
import { raceFixture as fixture } from '../support/race-files.js';
import { createArticle, startArticleSite, type ArticleSite } from './article.fixtures.js';

/**
 * Issue 8 in real Chromium over a built site: /basari-kayitlari ranks the authors from their
 * settled estimates (settled by the real results import), every figure with its sample, each row
 * opening the proofs; the author pages and the article's author box show the same record.
 * Hand-computed (fixture card 14.11.2026, horse 2 wins both races): Ayşe has 5 estimates,
 * 6 of 10 legs hit (60%), Kemal 1 estimate, below the minimum sample of 5.
 */
const SHOTS = process.env.GANYAN_SHOTS_DIR ?? '/tmp/ganyan-records-shots';

describe('records pages (Chromium)', () => {
  let site: ArticleSite;
  let page: Page;
  let ace: TestAccount;
  let tipster: TestAccount;
  let publicSlug = '';

  beforeAll(async () => {
    site = await startArticleSite();
    const { server } = site;
    server.setNow(new Date('2026-11-14T11:00:00+03:00'));
    ace = await createAccount(server, { role: 'author', fields: { displayName: 'Ayşe Altılı', bio: 'Altılı ganyan uzmanı.' } });
    tipster = await createAccount(server, { role: 'author', fields: { displayName: 'Kemal Tahmin' } });
    expect((await importRaceFiles(server.deps, [fixture('programme-good.json')])).rejected).toBe(0);
    const publicArticle = await createArticle(server.deps, { authorId: ace.id, title: 'Veliefendi 14 Kasım altılı tahmini', slug: 'veliefendi-14-kasim-altili' });
    publicSlug = 'veliefendi-14-kasim-altili';
    const vipArticle = await createArticle(server.deps, { authorId: ace.id, title: 'VIP altılı kuponu', slug: 'vip-altili-kuponu', visibility: 'premium', audience: 'vip' });
    const tipsterArticle = await createArticle(server.deps, { authorId: tipster.id, title: 'Kemal’in tahmini', slug: 'kemal-tahmini' });
    const send = async (token: string, articleId: string, a: number[], b: number[]) => {
      const res = await server.api('POST', `/api/articles/${articleId}/race-estimates`, {
        token,
        body: { races: [{ id: 'r700101', selectedHorses: a.map((number) => ({ number })) }, { id: 'r700102', selectedHorses: b.map((number) => ({ number })) }] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    };
    await send(ace.token, publicArticle, [2], [2]);
    await send(ace.token, publicArticle, [1, 2], [1]);
    await send(ace.token, publicArticle, [3], [1, 2]);
    await send(ace.token, publicArticle, [1, 3], [1]);
    await send(ace.token, vipArticle, [2, 3], [2]);
    await send(tipster.token, tipsterArticle, [2], [1]);
    server.setNow(new Date('2026-11-14T20:00:00+03:00'));
    expect((await importRaceFiles(server.deps, [fixture('results-good.json')])).rejected).toBe(0);
    // The build reads the store with the real clock (2026-11-22 in this environment or later): the card is in every window up to 2026-12-13.
    await site.build();
    page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
  }, 600_000);
  afterAll(async () => {
    await site?.close();
  });

  it('/basari-kayitlari ranks by 90-day leg hit rate, states the minimum sample and opens the proofs', async () => {
    await page.goto(`${site.server.baseUrl}/basari-kayitlari`);
    await expect(page.locator('h1').textContent()).resolves.toBe('Başarı Kayıtları');
    expect(await page.getByTestId('minimum-sample').textContent()).toContain('en az 5 sonuçlanmış tahmin');
    const aceRow = page.locator(`li[data-author-id="${ace.id}"]`);
    expect(await aceRow.locator('.rank').textContent()).toBe('1');
    expect(await aceRow.locator('[data-field="legHitRate"]').first().textContent()).toBe('%60,0');
    expect(await aceRow.locator('[data-field="sample"]').textContent()).toBe('5 sonuçlanan tahmin · 6/10 ayak');
    const kemalRow = page.locator(`li[data-author-id="${tipster.id}"]`);
    expect(await kemalRow.locator('.rank').textContent()).toBe('–');
    expect(await page.locator('section', { has: kemalRow }).locator('h2').textContent()).toContain('Örneklemi yetersiz');
    await saveScreen(page, `${SHOTS}/records-closed.png`, { fullPage: true });

    await aceRow.locator('summary').click();
    const proofs = aceRow.locator('article.proof');
    await expect(proofs.count()).resolves.toBe(5);
    const first = proofs.first();
    expect(await first.locator('.lock').textContent()).toBe("Bu tahmin 14 Kasım 13:30'da, ilk koşu başlarken kilitlendi; seçimler o andan beri değiştirilemez.");
    // The proof link carries the full hash to the "Nasıl doğrulanır?" page.
    expect(await first.getByTestId('proof-link').getAttribute('href')).toMatch(/^\/nasil-dogrulanir#ozet=[0-9a-f]{64}/);
    // The VIP estimate shows its outcome but not its picks.
    expect(await aceRow.locator('.hidden-picks').first().textContent()).toBe('2 at (VIP)');
    expect(await aceRow.locator('tr[data-window="90"] [data-field="estimates"]').textContent()).toBe('5');
    await saveScreen(page, `${SHOTS}/records-open.png`, { fullPage: true });
    // Reachable from every page's footer.
    expect(await page.locator('footer a[href="/basari-kayitlari"]').count()).toBe(1);
  });

  it('the author page and the list show the computed record with its sample', async () => {
    await page.goto(`${site.server.baseUrl}/yazarlar/${ace.id}`);
    expect(await page.locator('.rate').textContent()).toContain('Tüm zamanlar: %60 ayak isabeti (6/10 ayak; 5 sonuçlanan tahmin, 2 tam isabet)');
    const row = page.locator('table.record-table tr[data-window="all"]');
    expect(await row.locator('[data-field="estimates"]').textContent()).toBe('5');
    expect(await row.locator('[data-field="legHitRate"]').textContent()).toBe('%60,0 (6/10)');
    expect(await page.textContent('body')).not.toContain('Kazanan / sonuçlanan');
    await saveScreen(page, `${SHOTS}/author-page.png`, { fullPage: true });

    await page.goto(`${site.server.baseUrl}/yazarlar`);
    expect(await page.locator('li.author', { hasText: 'Kemal Tahmin' }).textContent()).toContain('%50 ayak isabeti (1/2 ayak; 1 sonuçlanan tahmin, 0 tam isabet)');
    await saveScreen(page, `${SHOTS}/authors.png`, { fullPage: true });
  });

  it("the article's author box carries the same record", async () => {
    await page.goto(`${site.server.baseUrl}/makale/${publicSlug}`);
    expect(await page.locator('.author-box__rate').textContent()).toContain('Tahmin kaydı: %60 ayak isabeti (6/10 ayak; 5 sonuçlanan tahmin, 2 tam isabet)');
    await saveScreen(page.locator('.author-box'), `${SHOTS}/author-box.png`);
  });
});
