/**
 * The staff panel in real Chromium against the real local product (seeded store, built site,
 * /api): admin signs in and publishes an article with an image that reaches the public site after
 * the rebuild; an author sees only their own articles and meets the API's permission message; an
 * admin creates an author who then signs in; badge counts show. Screenshots of every panel screen
 * go to ADMIN_SCREENSHOTS (default /tmp/admin-screens) for people to look at.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, DEMO_PASSWORD } from '../../server/seed/users.js';
import { browserSuite } from '../support/browser.js';
import { loginStaff } from '../support/login.js';

const SHOTS = process.env.ADMIN_SCREENSHOTS ?? '/tmp/admin-screens';
const suite = browserSuite({ shots: SHOTS });
const { url, shot } = suite;

const textOf = (l: Locator) => l.first().textContent({ timeout: 10_000 }).then((t) => t?.trim() ?? '', () => '');
const hasText = (l: Locator, t: string) => expect.poll(() => textOf(l), { timeout: 90_000 }).toBe(t);
const containsText = (l: Locator, t: string) => expect.poll(() => textOf(l), { timeout: 90_000 }).toContain(t);

async function context(width = 1280): Promise<BrowserContext> {
  return suite.browser.newContext({ viewport: { width, height: 900 }, locale: 'tr-TR' });
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(url('/admin/login'));
  await page.getByLabel('E-posta').fill(email);
  await page.getByLabel('Şifre').fill(password);
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  // Staff land on the race-day desk on a race day, else on the articles (issue 49); these tests work on the articles.
  await page.waitForURL(/\/admin\/(yaris-gunu|articles)$/);
  if (!page.url().endsWith('/admin/articles')) await page.goto(url('/admin/articles'));
  await page.getByRole('heading', { name: 'Makale Yönetimi' }).waitFor();
}

/** A real PNG (a screenshot of a coloured page) to upload as the featured image. */
async function pngBytes(): Promise<Buffer> {
  const ctx = await suite.browser.newContext({ viewport: { width: 600, height: 400 } });
  const p = await ctx.newPage();
  await p.setContent('<body style="margin:0;background:linear-gradient(135deg,#27616c,#d4a017);height:400px"></body>');
  const bytes = await p.screenshot();
  await ctx.close();
  return bytes;
}

describe('staff panel', () => {
  it('an unsigned visitor sees the sign-in screen; wrong credentials get the spec text; login at 390 px', async () => {
    const ctx = await context(390);
    const page = await ctx.newPage();
    await page.goto(url('/admin/articles'));
    await page.getByRole('button', { name: 'Giriş Yap' }).waitFor();
    await shot(page, 'login-390');
    await page.getByLabel('E-posta').fill(ADMIN_EMAIL);
    await page.getByLabel('Şifre').fill('yanlis-sifre');
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await hasText(page.getByRole('alert'), 'Geçersiz email veya şifre');
    await ctx.close();
    const wide = await (await context()).newPage();
    await wide.goto(url('/admin/login'));
    await wide.getByRole('button', { name: 'Giriş Yap' }).waitFor();
    await shot(wide, 'login-1280');
    await wide.context().close();
  }, 60_000);

  it('admin creates an article with an image, publishes it, and it is on the public site after the rebuild', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, ADMIN_EMAIL, DEMO_PASSWORD);
    await containsText(page.getByTestId('range-text'), '1-10');
    await shot(page, 'articles-admin');

    await page.getByRole('link', { name: '+ Yeni Makale' }).click();
    await page.getByRole('heading', { name: 'Yeni Makale' }).waitFor();
    // Saving empty shows the spec's required-fields text and sends nothing.
    await page.getByRole('button', { name: 'Makaleyi Oluştur' }).click();
    await hasText(page.getByRole('alert'), 'Başlık, içerik, özet ve yazar alanları zorunludur.');
    const title = `Gazi Koşusu öncesi son durum ${Date.now().toString(36)}`;
    await page.getByLabel('Başlık *').fill(title);
    await page.getByLabel('Özet *').fill('Gazi Koşusu öncesi favoriler ve pist durumu.');
    await page.getByRole('textbox', { name: 'Makale içeriği' }).click();
    await page.keyboard.type('Veliefendi pisti bu hafta ağır. Favoriler arasında ');
    await page.getByRole('button', { name: 'Kalın' }).click();
    await page.keyboard.type('Bold Pilot');
    await page.getByRole('button', { name: 'Kalın' }).click();
    await page.keyboard.type(' öne çıkıyor.');
    await page.getByPlaceholder('Etiket adı').fill('Gazi');
    await page.getByRole('button', { name: 'Ekle', exact: true }).click();
    await page.getByTestId('image-input').setInputFiles({ name: 'gazi.png', mimeType: 'image/png', buffer: await pngBytes() });
    await page.getByLabel('Görsel açıklaması').fill('Veliefendi pisti');
    await shot(page, 'article-form-new');
    await page.getByRole('button', { name: 'Makaleyi Oluştur' }).click();
    await page.waitForURL('**/admin/articles');
    const row = page.getByTestId('article-row').filter({ hasText: title });
    await containsText(row, 'Taslak');

    await row.getByRole('button', { name: 'Yayınla' }).click();
    await containsText(row, 'Yayında');
    const storedArticle = async () => (await suite.site.server.deps.store.collection('articles').where('title', '==', title).get())[0]!;
    // The image's copies are made after its upload answered, and handed to the article once they exist.
    await expect.poll(async () => ((await storedArticle()).media as { featuredImage: { copies: unknown[] } }).featuredImage.copies.length).toBe(3);
    const stored = await storedArticle();
    expect(stored.content).toContain('<strong>Bold Pilot</strong>');
    expect((stored.media as { featuredImage: { url: string } }).featuredImage.url).toMatch(/\/files\/media\/images\//);

    await suite.site.rebuild();
    const pub = await ctx.newPage();
    const res = await pub.goto(url(`/makale/${stored.slug as string}`));
    expect(res!.status()).toBe(200);
    await containsText(pub.locator('h1'), title);
    const imagePath = new URL((stored.media as { featuredImage: { url: string } }).featuredImage.url, suite.site.baseUrl).pathname;
    expect(await pub.locator(`img[src*="${imagePath}"]`).count()).toBeGreaterThan(0);
    // The 600 px picture was stored with its real size and a 480 px copy (and AVIF ones), which a phone fetches instead.
    expect(stored.media).toMatchObject({ featuredImage: { width: 600, height: 400, copies: [{ width: 480 }, { width: 480, format: 'avif' }, { width: 600, format: 'avif' }] } });
    const phone = await suite.browser.newContext({ viewport: { width: 390, height: 800 } });
    const onPhone = await phone.newPage();
    await onPhone.goto(url(`/makale/${stored.slug as string}`));
    const shown = onPhone.locator(`.article__image img[src*="${imagePath}"]`);
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc), { timeout: 30_000 }).toMatch(/-480w\.avif$/);
    await phone.close();

    await page.getByTestId('article-row').filter({ hasText: title }).getByRole('link', { name: 'Düzenle' }).click();
    await page.getByRole('heading', { name: 'Makaleyi Düzenle' }).waitFor();
    await page.locator('.a-media-current img').waitFor();
    await shot(page, 'article-form-edit');
    await page.goto(url('/admin/articles/deleted'));
    await page.getByRole('heading', { name: 'Silinen Makaleler' }).waitFor();
    await shot(page, 'articles-deleted');
    await ctx.close();
  }, 180_000);

  it('an author sees only their own articles, has no feature action, and gets the API permission message', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, 'yazar1@ganyan.local', DEMO_PASSWORD);
    const me = await loginStaff(suite.site.server, 'yazar1@ganyan.local', DEMO_PASSWORD);
    const names = await page.getByTestId('article-row').locator('td:nth-child(2)').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names).size).toBe(1);
    expect(await page.getByTestId('feature-toggle').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Yazarlar' }).count()).toBe(0);
    await shot(page, 'articles-author');

    // Another author's article: the panel never lists it, and the API refuses the change.
    const others = await suite.site.server.deps.store.collection('articles').where('isDeleted', '==', false).get();
    const foreign = others.find((a) => a.authorId !== me.user.id)!;
    await page.goto(url(`/admin/articles/edit?id=${foreign.id}`));
    await hasText(page.locator('.a-alert-error'), 'Bu makaleyi düzenleme yetkiniz bulunmamaktadır.');
    const answer = await page.evaluate(async (id) => {
      const token = sessionStorage.getItem('adminToken');
      const r = await fetch(`/api/articles/${id}`, { method: 'PUT', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ status: 'archived' }) });
      return { status: r.status, body: await r.json() };
    }, foreign.id);
    expect(answer).toMatchObject({ status: 403, body: { message: 'Bu makaleyi arşivleme yetkiniz bulunmamaktadır.' } });
    expect(await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'))).toBeNull();

    // The author writes under their own name: the author field is locked and still submitted.
    await page.goto(url('/admin/articles/new'));
    await page.getByLabel('Başlık *').fill('Yazarın kendi taslağı');
    await page.getByLabel('Özet *').fill('Kısa bir özet.');
    await page.getByRole('textbox', { name: 'Makale içeriği' }).click();
    await page.keyboard.type('Bu taslak yazarın kendi adıyla kaydedilir.');
    expect(await page.getByLabel('Yazar *').getAttribute('readonly')).not.toBeNull();
    await page.getByRole('button', { name: 'Makaleyi Oluştur' }).click();
    await page.waitForURL('**/admin/articles');
    await containsText(page.getByTestId('article-row').filter({ hasText: 'Yazarın kendi taslağı' }), 'Taslak');
    const own = await suite.site.server.deps.store.collection('articles').where('title', '==', 'Yazarın kendi taslağı').get();
    expect(own[0]!.authorId).toBe(me.user.id);

    await page.goto(url('/admin/authors'));
    await page.getByRole('heading', { name: 'Erişim Reddedildi' }).waitFor();
    await shot(page, 'authors-denied');
    await page.goto(url('/admin/author-profile'));
    await page.getByRole('tab', { name: 'Profil' }).waitFor();
    await shot(page, 'author-profile');
    await page.getByRole('tab', { name: 'Şifre' }).click();
    await page.getByLabel('Mevcut şifre', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Yeni şifre', { exact: true }).fill('123');
    await page.getByLabel('Yeni şifre (tekrar)').fill('123');
    await page.getByRole('button', { name: 'Şifreyi Güncelle' }).click();
    await hasText(page.locator('.a-alert-error'), 'Şifre en az 6 karakter olmalıdır.');
    await shot(page, 'author-profile-password');
    await page.getByRole('tab', { name: 'E-posta' }).click();
    await shot(page, 'author-profile-email');
    await page.getByRole('button', { name: 'Çıkış Yap' }).click();
    await page.waitForURL('**/admin/login');
    expect(await page.evaluate(() => sessionStorage.getItem('adminToken'))).toBeNull();
    await ctx.close();
  }, 120_000);

  it('an admin creates an author who then signs in; badge counts show', async () => {
    const now = suite.site.server.deps.now();
    for (let i = 0; i < 3; i += 1) {
      await suite.site.server.deps.store.create('contactMessages', `badge-msg-${i}`, { name: 'Okur', email: 'okur@example.com', subject: 'Soru', message: 'Merhaba', type: 'general', priority: 'medium', status: 'new', createdAt: now, updatedAt: now });
    }
    const badges = await suite.site.server.api('GET', '/api/auth/admin/badges', { token: (await loginStaff(suite.site.server, ADMIN_EMAIL, DEMO_PASSWORD)).token });
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, ADMIN_EMAIL, DEMO_PASSWORD);
    await hasText(page.getByTestId('badge-unrespondedMessages'), String(badges.body.data.unrespondedMessages));
    await containsText(page.getByTestId('badge-total'), String(badges.body.data.total > 99 ? '99+' : badges.body.data.total));

    await page.getByRole('link', { name: 'Yazarlar' }).click();
    await page.getByRole('heading', { name: 'Yazar Yönetimi' }).waitFor();
    await page.getByTestId('author-row').first().waitFor();
    await shot(page, 'authors');
    await page.getByRole('button', { name: '+ Yeni Yazar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Yazarı Oluştur' }).click();
    await hasText(dialog.getByRole('alert'), 'Ad, soyad, kullanıcı adı ve e-posta alanları zorunludur.');
    const tag = Date.now().toString(36);
    await dialog.getByLabel('Ad *', { exact: true }).fill('Selin');
    await dialog.getByLabel('Soyad *', { exact: true }).fill('Kaya');
    await dialog.getByLabel('Kullanıcı adı *').fill(`selin${tag}`);
    await dialog.getByLabel('E-posta *').fill(`selin${tag}@example.com`);
    await dialog.getByLabel('Şifre *').fill('Yazar2026!');
    await dialog.getByLabel('Handikap Analizi').check();
    await shot(page, 'authors-dialog');
    await dialog.getByRole('button', { name: 'Yazarı Oluştur' }).click();
    const row = page.getByTestId('author-row').filter({ hasText: `selin${tag}@example.com` });
    await containsText(row, 'Selin Kaya');
    await containsText(row, 'Aktif');
    await row.getByRole('button', { name: 'Şifre' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Kaydet' }).click();
    await hasText(page.getByRole('dialog').locator('.a-alert-error'), 'Şifre boş olamaz');
    await shot(page, 'authors-password');
    await page.getByRole('dialog').getByRole('button', { name: 'Vazgeç' }).click();
    await page.goto(url('/admin/orders'));
    await shot(page, 'section-orders');
    await page.getByRole('button', { name: 'Çıkış Yap' }).click();
    await page.waitForURL('**/admin/login');

    await signIn(page, `selin${tag}@example.com`, 'Yazar2026!');
    await containsText(page.locator('.a-user'), 'Selin Kaya');
    await page.getByRole('link', { name: 'Profilim' }).waitFor();
    // The panel root lands on the race-day desk: the demo has races today (issue 49).
    await page.goto(url('/admin'));
    await page.waitForURL('**/admin/yaris-gunu');
    await ctx.close();
  }, 120_000);
});
