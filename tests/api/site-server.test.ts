import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { createLocalApp } from '../../server/local-app.js';

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
});

afterAll(async () => {
  await server.close();
  rmSync(siteDir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers });

/** A page the build did not make yet: the section's client-rendered fallback, never cached. */
async function expectFallbackPage(path: string, text: string) {
  const response = await get(path);
  expect({ status: response.status, cacheControl: response.headers.get('cache-control') }).toEqual({ status: 200, cacheControl: 'no-store' });
  expect(await response.text()).toContain(text);
}

/** What does not exist: the section's own not-found page, with status 404. */
async function expectNotFoundPage(path: string, text: string) {
  const response = await get(path);
  expect(response.status).toBe(404);
  expect(await response.text()).toContain(text);
}

describe('site server', () => {
  it('serves directory indexes with and without the trailing slash, HTML revalidated', async () => {
    for (const path of ['/hakkimizda', '/hakkimizda/']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300, must-revalidate');
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
    await expectNotFoundPage('/yazarlar/olmayan', 'Yazar Bulunamadı');
  });

  it('a published article in the build is served; one published after the build gets the fallback page', async () => {
    expect(await (await get('/makale/yayinda')).text()).toContain('Yayında');
    await expectFallbackPage('/makale/yeni-yayinlanan', 'Yükleniyor');
  });

  it('an article unpublished since the build, or never published, is no longer served', async () => {
    expect((await get('/makale/eski-makale')).status).toBe(404);
    expect((await get('/makale/hic-olmadi')).status).toBe(404);
  });

  it("unknown articles and horses get their section's page with status 404 (spec 000 §2.12, §2.15)", async () => {
    await expectNotFoundPage('/makale/hic-olmadi', 'Makale Bulunamadı');
    await expectNotFoundPage('/at-detay/h-yok', 'At bulunamadı');
  });

  // A horse not in the build is rendered on demand from the real fallback page: tests/browser/record-on-demand.test.ts.
  it('a built horse gets its own page', async () => {
    expect(await (await get('/at-detay/h1')).text()).toContain('KARA ŞİMŞEK');
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

describe('finding 3: the development outbox is for this computer only', () => {
  it('refuses a caller from another address, and one relayed by a proxy, with the 404 page', async () => {
    await server.deps.mailer.send({ to: 'kurban@example.com', message: { subject: 'Şifre sıfırlama', text: 'https://x/sifre-sifirla?token=gizli', html: '<p>https://x/sifre-sifirla?token=gizli</p>' } });
    // The same app as the real server, handed the Node bindings of a connection from the network.
    const app = createLocalApp(server.deps, { siteDir });
    const remote = await app.fetch(new Request('http://192.0.2.10:4321/_dev/outbox'), { incoming: { socket: { remoteAddress: '192.0.2.10' } } });
    expect(remote.status).toBe(404);
    expect(await remote.text()).not.toContain('gizli');
    const mapped = await app.fetch(new Request('http://x/_dev/outbox'), { incoming: { socket: { remoteAddress: '::ffff:10.0.0.7' } } });
    expect(mapped.status).toBe(404);
    const relayed = await get('/_dev/outbox', { 'X-Forwarded-For': '198.51.100.9' });
    expect(relayed.status).toBe(404);
    const local = await get('/_dev/outbox');
    expect(local.status).toBe(200);
    expect(await local.text()).toContain('gizli');
  });

  it('is not there at all in production', async () => {
    const production = createLocalApp({ ...server.deps, config: { ...server.deps.config, env: 'production' } }, { siteDir });
    const res = await production.fetch(new Request('http://x/_dev/outbox'), { incoming: { socket: { remoteAddress: '127.0.0.1' } } });
    expect(res.status).toBe(404);
  });
});

describe('finding 11: the site is served with exactly the headers firebase.json declares', () => {
  /** The headers of the rule named by its glob or, for the site's rule (every path but /api), its regex. */
  const declared = (pattern: string) => {
    const config = JSON.parse(readFileSync(join(process.cwd(), 'firebase.json'), 'utf8')) as { hosting: { headers: { source?: string; regex?: string; headers: { key: string; value: string }[] }[] } };
    return Object.fromEntries(config.hosting.headers.find((h) => (h.source ?? h.regex) === pattern)!.headers.map((h) => [h.key.toLowerCase(), h.value]));
  };

  it('pages, assets and the 404 page carry every header of the matching rules', async () => {
    const site = declared('^/(?:$|[^a/]|a(?:$|[^p])|ap(?:$|[^i])|api[^/])');
    const pages = declared('^/(?:$|(?:[^a/]|a(?:$|[^p])|ap(?:$|[^i])|api[^/])(?:[^.]*|.*\\.(?:html|svg))$)');
    expect(pages['content-security-policy']).toContain("object-src 'none'");
    for (const [path, status] of [['/hakkimizda', 200], ['/yok-boyle-bir-sayfa', 404], ['/yazarlar/kimse', 404], ['/makale/hic-olmadi', 404]] as const) {
      const res = await get(path);
      expect(res.status, path).toBe(status);
      for (const [key, value] of Object.entries({ ...site, ...pages })) expect(res.headers.get(key), `${path} ${key}`).toBe(value);
    }
    // An asset: the site rule and its own cache life, none of the page-only headers.
    const asset = await get('/_astro/app.abc123.js');
    expect(asset.headers.get('cache-control')).toBe(declared('/_astro/**')['cache-control']);
    expect(asset.headers.get('x-content-type-options')).toBe(site['x-content-type-options']);
    for (const key of Object.keys(pages)) expect(asset.headers.get(key), key).toBeNull();
  });
});
