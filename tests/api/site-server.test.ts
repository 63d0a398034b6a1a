import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * server/site.ts over a small hand-made site folder: content types, caching, directory indexes,
 * the 404 pages, the /makale fallback driven by the store, and the development outbox.
 */

let server: TestServer;
let siteDir: string;

function write(path: string, content: string) {
  const file = join(siteDir, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, content);
}

async function publish(slug: string, status = 'published') {
  const now = server.deps.now();
  await server.deps.store.set('articles', `a-${slug}`, {
    title: slug, slug, authorId: 'nobody', category: 'news', status, excerpt: 'x', content: '<p>x</p>',
    createdAt: now, updatedAt: now, publishedAt: now, isDeleted: false,
  });
}

beforeAll(async () => {
  siteDir = mkdtempSync(join(tmpdir(), 'ganyan-site-test-'));
  write('index.html', '<!doctype html><title>Ana</title>');
  write('404.html', '<!doctype html><h1>Sayfa Bulunamadı</h1>');
  write('hakkimizda/index.html', '<h1>Hakkımızda</h1>');
  write('yazarlar/yazar-bulunamadi/index.html', '<h1>Yazar Bulunamadı</h1>');
  write('_astro/app.abc123.js', 'console.log(1)');
  write('sitemap.xml', '<urlset/>');
  write('makale/eski-makale/index.html', '<h1>Eski makale</h1>');
  write('makale/yayinda/index.html', '<h1>Yayında</h1>');
  write('makale/_yeni/index.html', '<h1>Yükleniyor</h1>');
  write('hata/makale-bulunamadi/index.html', '<h1>Makale Bulunamadı</h1><a href="/">Ana Sayfaya Dön</a>');
  write('hata/at-bulunamadi/index.html', '<h1>At bulunamadı</h1><a href="/yaris-programi">← Geri Dön</a>');
  write('at-detay/h1/index.html', '<h1>KARA ŞİMŞEK</h1>');
  write('at-detay/_yeni/index.html', '<h1>At bilgileri yükleniyor</h1>');
  server = await startTestServer({ siteDir });
  await publish('yayinda');
  await publish('yeni-yayinlanan');
  await publish('eski-makale', 'archived');
  await server.deps.store.set('horses', 'h2', { name: 'YENİ GELEN', nameKey: 'yeni gelen' });
});

afterAll(async () => {
  await server.close();
  rmSync(siteDir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers });

describe('site server', () => {
  it('serves directory indexes with and without the trailing slash, HTML revalidated', async () => {
    for (const path of ['/hakkimizda', '/hakkimizda/']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      expect(await response.text()).toContain('Hakkımızda');
    }
  });

  it('answers 304 to a matching ETag', async () => {
    const first = await get('/');
    const again = await get('/', { 'If-None-Match': first.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it('caches fingerprinted assets for a year with the right type', async () => {
    const response = await get('/_astro/app.abc123.js');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await get('/sitemap.xml')).headers.get('content-type')).toBe('application/xml; charset=utf-8');
  });

  it('answers unknown paths and path traversal with the 404 page', async () => {
    for (const path of ['/yok', '/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/_astro/../../package.json']) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('Sayfa Bulunamadı');
    }
  });

  it('an unknown author gets the Yazar Bulunamadı page with status 404', async () => {
    const response = await get('/yazarlar/olmayan');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Yazar Bulunamadı');
  });

  it('a published article in the build is served; one published after the build gets the fallback page', async () => {
    expect(await (await get('/makale/yayinda')).text()).toContain('Yayında');
    const fresh = await get('/makale/yeni-yayinlanan');
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('cache-control')).toBe('no-store');
    expect(await fresh.text()).toContain('Yükleniyor');
  });

  it('an article unpublished since the build, or never published, is no longer served', async () => {
    expect((await get('/makale/eski-makale')).status).toBe(404);
    expect((await get('/makale/hic-olmadi')).status).toBe(404);
  });

  it("unknown articles and horses get their section's page with status 404 (spec 000 §2.12, §2.15)", async () => {
    const article = await get('/makale/hic-olmadi');
    expect(article.status).toBe(404);
    expect(await article.text()).toContain('Makale Bulunamadı');
    const horse = await get('/at-detay/h-yok');
    expect(horse.status).toBe(404);
    expect(await horse.text()).toContain('At bulunamadı');
  });

  it('a horse imported after the build gets the fallback page; a built one its own', async () => {
    expect(await (await get('/at-detay/h1')).text()).toContain('KARA ŞİMŞEK');
    const fresh = await get('/at-detay/h2');
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('cache-control')).toBe('no-store');
    expect(await fresh.text()).toContain('At bilgileri yükleniyor');
  });

  it('lists queued mails on the development outbox page', async () => {
    await server.deps.mailer.send({ to: 'uye@example.com', message: { subject: 'Şifre sıfırlama', text: 'Bağlantı', html: '<p>Sıfırlama <a href="/sifre-sifirla?t=1">bağlantısı</a></p>' } });
    const response = await get('/_dev/outbox');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Şifre sıfırlama');
    expect(html).toContain('uye@example.com');
    expect(html).toContain('<a href="/sifre-sifirla?t=1">bağlantısı</a>');
  });
});
