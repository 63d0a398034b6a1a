import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createVipMember } from '../support/accounts.js';
import { addRaceEstimate, createArticle, createAuthor, articleAs, hydrated, seriousViolations, startArticleSite, type ArticleSite } from './article.fixtures.js';

let site: ArticleSite;
let articleId: string;

beforeAll(async () => {
  site = await startArticleSite();
  const deps = site.server.deps;
  const author = await createAuthor(deps);
  articleId = await createArticle(deps, {
    authorId: author,
    slug: 'veliefendi-altili',
    title: 'Veliefendi Altılı Ganyan Tahmini',
    subtitle: 'Altı koşunun analizi',
    hasRaceEstimate: true,
    tags: [{ name: 'Veliefendi', color: '#27616c' }],
    content: '<p>Pist ağır, favoriler ikinci yarıda.</p><script>window.hacked = true</script>',
    media: { featuredImage: { url: '/images/seed/kosu-1.svg', alt: 'Koşu', width: 1200, height: 800, copies: [] }, videos: [], audio: [] },
  });
  await addRaceEstimate(deps, articleId, [7, 8, 9, 10, 11, 12]);
  await createArticle(deps, { authorId: author, slug: 'vip-banko', title: 'VIP Banko', visibility: 'premium', audience: 'vip', content: '<p>VIP gövde metni.</p>' });
  await createArticle(deps, { authorId: author, slug: 'uyelere-ozel', title: 'Üyelere Özel Analiz', visibility: 'members-only', content: '<p>Üye gövde metni.</p>' });
  await site.build();
}, 180_000);

afterAll(async () => {
  await site?.close();
});

describe('article detail page', () => {
  it('shows a public article with its estimates table, and toggles the comments with Göster / Gizle', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.server.baseUrl}/makale/veliefendi-altili`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Veliefendi Altılı Ganyan Tahmini');
    await expect(page.getByRole('navigation', { name: 'Sayfa konumu' }).getByRole('link', { name: 'Makaleler' }).getAttribute('href')).resolves.toBe('/makaleler');
    // Races 7-12: the second altılı.
    await expect(page.locator('.estimate__caption').textContent()).resolves.toContain('2. ALTILI GANYAN');
    expect(await page.getByTestId('estimate-leg').count()).toBe(6);
    expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();

    await hydrated(page, 'Comments');
    await page.getByRole('button', { name: 'Göster' }).click();
    await page.getByText('Yorum yapabilmek için giriş yapmalısınız.').waitFor();
    await expect(page.getByRole('link', { name: 'Giriş Yap' }).last().getAttribute('href')).resolves.toBe('/giris');
    await page.getByRole('button', { name: 'Gizle' }).click();
    await page.getByText('Yorum yapabilmek için giriş yapmalısınız.').waitFor({ state: 'hidden' });
    await page.close();
  });

  it('counts one view per session, shortly after load', async () => {
    // A viewer of its own: the server counts one view per viewer (address and user agent) per day,
    // and the other tests of this file opened the same article from this address.
    const context = await site.browser.newContext({ userAgent: `ganyan-view-test-${Date.now()}` });
    const page = await context.newPage();
    // Every request the page makes, in the order Chromium starts them: the server would not count a
    // second view from the same viewer anyway, so the page's own requests are what can show one.
    const sent: string[] = [];
    page.on('request', (r) => void sent.push(`${r.method()} ${new URL(r.url()).pathname}`));
    const viewPosts = () => sent.filter((r) => r === `POST /api/articles/${articleId}/view`).length;
    const views = async () => ((await site.server.deps.store.get('articles', articleId))!.stats as { views: number }).views;
    const before = await views();
    await page.goto(`${site.server.baseUrl}/makale/veliefendi-altili`);
    await page.waitForFunction((id) => sessionStorage.getItem(`viewed:${id}`) === '1', articleId);
    await expect.poll(views).toBe(before + 1);
    expect(viewPosts()).toBe(1);

    // The reload runs the page's scripts again on a fake clock: a minute passes at once, so a view
    // sent however late has been started, and a request of our own, started after it, marks where
    // the page's requests so far end.
    await page.clock.install();
    await page.reload();
    await page.clock.runFor(60_000);
    await page.evaluate(() => fetch('/api/health?after-reload').then((r) => r.status));
    expect(sent).toContain('GET /api/health');
    expect(viewPosts()).toBe(1);
    expect(await views()).toBe(before + 1);
    await context.close();
  });

  it('shows a visitor who opens a premium article the VIP wall in its place, and the page never held the body', async () => {
    const page = await site.browser.newPage();
    const response = await page.request.get(`${site.server.baseUrl}/makale/vip-banko`);
    expect(await response.text()).not.toContain('VIP gövde metni');
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${site.server.baseUrl}/makale/vip-banko`);
    // The wall stands in place of the body (issue 50): the article's own page, title and all.
    await page.getByTestId('article-wall').getByRole('heading', { name: 'Bu içerik VIP üyelerimize özeldir' }).waitFor();
    expect(page.url()).toBe(`${site.server.baseUrl}/makale/vip-banko`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('VIP Banko');
    await page.waitForLoadState('load');
    // A visitor's page never fetches the body island (client:member), nor React with it, only to say no.
    expect(requested.filter((path) => path.includes('/ArticleBody.'))).toEqual([]);
    await page.close();
  });

  it('sends a visitor who opens a members-only article to /giris, and shows it to a member', async () => {
    const visitor = await site.browser.newPage();
    await visitor.goto(`${site.server.baseUrl}/makale/uyelere-ozel`);
    await visitor.waitForURL('**/giris?donus=%2Fmakale%2Fuyelere-ozel');
    await visitor.close();

    const member = await createAccount(site.server);
    const { context, page } = await articleAs(site, member, 'uyelere-ozel');
    await page.getByText('Üye gövde metni.').waitFor();
    await context.close();
  });

  it('shows a premium article to an active VIP member and the VIP wall in its place to a plain member', async () => {
    const vip = await createVipMember(site.server);
    const asVip = await articleAs(site, vip, 'vip-banko');
    await asVip.page.getByText('VIP gövde metni.').waitFor();
    await asVip.context.close();

    const member = await createAccount(site.server);
    const { context, page } = await articleAs(site, member, 'vip-banko');
    await page.getByTestId('article-wall').getByRole('heading', { name: 'Bu içerik VIP üyelerimize özeldir' }).waitFor();
    expect(await page.getByText('VIP gövde metni.').count()).toBe(0);
    await context.close();
  });

  it('lets a member post a comment and a reply, both shown as awaiting approval', async () => {
    const member = await createAccount(site.server);
    const { context, page } = await articleAs(site, member, 'veliefendi-altili');
    await hydrated(page, 'Comments');
    await page.getByRole('button', { name: 'Göster' }).click();
    const submit = page.getByRole('button', { name: 'Yorum Yap' });
    const box = page.getByLabel('Yorumunuz');
    await box.fill('   ');
    expect(await submit.isDisabled()).toBe(true);
    await box.fill('<b>Bence 5 numara</b> kazanır');
    await submit.click();
    const comment = page.locator('.comment', { hasText: 'Bence 5 numara' }).first();
    await comment.getByText('Onay bekliyor').waitFor();
    // Plain text: the tags are shown, not interpreted.
    expect(await comment.locator('.comment__text').first().textContent()).toBe('<b>Bence 5 numara</b> kazanır');
    expect(await box.inputValue()).toBe('');

    // Others never see a pending comment; the staff approve it, then the member replies.
    const stored = await site.server.deps.store.collection('comments').where('articleId', '==', articleId).get();
    expect(stored).toHaveLength(1);
    await site.server.deps.store.update('comments', stored[0]!.id as string, { status: 'approved' });
    await page.reload();
    await hydrated(page, 'Comments');
    await page.getByRole('button', { name: 'Göster' }).click();
    const approved = page.locator('.comment', { hasText: 'Bence 5 numara' }).first();
    await approved.getByRole('button', { name: 'Yanıtla' }).click();
    await approved.getByLabel('Yanıtınız').fill('Katılıyorum, pist ağır.');
    await approved.locator('form').getByRole('button', { name: 'Yanıtla' }).click();
    const reply = page.locator('.comment__replies .comment', { hasText: 'Katılıyorum, pist ağır.' });
    await reply.getByText('Onay bekliyor').waitFor();
    await context.close();
  }, 60_000);

  it('has no serious or critical accessibility violations', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.server.baseUrl}/makale/veliefendi-altili`);
    await hydrated(page, 'Comments');
    await page.getByRole('button', { name: 'Göster' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('renders an article published after the build through the fallback page', async () => {
    const author = await createAuthor(site.server.deps);
    await createArticle(site.server.deps, { authorId: author, slug: 'yeni-yayimlanan', title: 'Yeni Yayımlanan Haber', category: 'news', content: '<p>Taze içerik.</p>' });
    const page = await site.browser.newPage();
    await page.goto(`${site.server.baseUrl}/makale/yeni-yayimlanan`);
    await page.getByText('Taze içerik.').waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Yeni Yayımlanan Haber');
    await page.close();
  });
});
