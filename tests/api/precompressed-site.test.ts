import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedCodings, precompressSite } from '../../server/precompress.js';
import { useTestServer } from '../support/server.js';

/**
 * Issue 21: the build writes brotli and gzip siblings of the site's text files, and the local
 * server answers with them (Content-Encoding, Vary, the compressed Content-Length) as Firebase
 * Hosting compresses in production. Raw node:http here: fetch would decode the body silently.
 */

const siteDir = mkdtempSync(join(tmpdir(), 'ganyan-precompress-'));
const home = `<!doctype html><html lang="tr"><title>Ganyan</title><body>${'<article class="card"><h2>Koşu analizi</h2><p>Bugünkü yarışta favori at öne çıkıyor.</p></article>'.repeat(200)}</body></html>`;
const bundle = `export function render(){${'console.log("ada");'.repeat(300)}}`;

function write(path: string, content: string) {
  const file = join(siteDir, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, content);
}

write('index.html', home);
write('404.html', '<h1>Sayfa Bulunamadı</h1>');
write('_astro/app.abc123.js', bundle);
write('robots.txt', 'User-agent: *');
write('images/logo.png', 'not text');

const server = useTestServer({ siteDir });
beforeAll(async () => {
  await precompressSite(siteDir);
});
afterAll(() => rmSync(siteDir, { recursive: true, force: true }));

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.baseUrl}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('precompressed static files', () => {
  it('the build step writes .br and .gz beside text files only, and only where they are smaller', () => {
    expect(existsSync(join(siteDir, 'index.html.br'))).toBe(true);
    expect(existsSync(join(siteDir, 'index.html.gz'))).toBe(true);
    expect(existsSync(join(siteDir, '_astro/app.abc123.js.br'))).toBe(true);
    expect(existsSync(join(siteDir, 'images/logo.png.br'))).toBe(false);
    // 13 bytes of robots.txt do not shrink.
    expect(existsSync(join(siteDir, 'robots.txt.br'))).toBe(false);
  });

  it('a browser that accepts brotli gets the brotli file with its own length', async () => {
    const res = await raw('/', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(home.length / 10);
    expect(brotliDecompressSync(res.body).toString()).toBe(home);
  });

  it('gzip when brotli is not accepted (or refused with q=0)', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip;q=0.8', 'x-gzip']) {
      const res = await raw('/_astro/app.abc123.js', { 'Accept-Encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(gunzipSync(res.body).toString()).toBe(bundle);
    }
  });

  it('the file itself when nothing usable is accepted, still with Vary', async () => {
    for (const headers of [{} as Record<string, string>, { 'Accept-Encoding': 'identity' }, { 'Accept-Encoding': 'br;q=0, gzip;q=0, *;q=0' }, { 'Accept-Encoding': 'deflate' }]) {
      const res = await raw('/', headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(home));
      expect(res.body.toString()).toBe(home);
    }
    const small = await raw('/robots.txt', { 'Accept-Encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('User-agent: *');
  });

  it('HEAD gives the length of what GET would send; each encoding has its own ETag', async () => {
    const head = await raw('/', { 'Accept-Encoding': 'br' }, 'HEAD');
    const get = await raw('/', { 'Accept-Encoding': 'br' });
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    const plain = await raw('/');
    expect(plain.headers.etag).not.toBe(get.headers.etag);
    const again = await raw('/', { 'Accept-Encoding': 'br', 'If-None-Match': String(get.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('the siblings are never served as files of their own', async () => {
    expect((await raw('/index.html.br')).status).toBe(404);
    expect((await raw('/_astro/app.abc123.js.gz')).status).toBe(404);
  });

  it('a rebuild copies the siblings of unchanged files instead of compressing them again', async () => {
    const next = mkdtempSync(join(tmpdir(), 'ganyan-precompress-next-'));
    try {
      mkdirSync(join(next, '_astro'));
      writeFileSync(join(next, 'index.html'), home.replace('Ganyan', 'Ganyan yeni'));
      writeFileSync(join(next, '_astro/app.abc123.js'), bundle);
      const result = await precompressSite(next, siteDir);
      expect(result).toMatchObject({ files: 2, reused: 1 });
      expect(brotliDecompressSync(readFileSync(join(next, 'index.html.br'))).toString()).toContain('Ganyan yeni');
    } finally {
      rmSync(next, { recursive: true, force: true });
    }
  });
});

describe('Accept-Encoding', () => {
  it('brotli first, q=0 refuses, * stands for codings not named', () => {
    expect(acceptedCodings(undefined)).toEqual([]);
    expect(acceptedCodings('gzip, br')).toEqual(['br', 'gzip']);
    expect(acceptedCodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedCodings('*, br;q=0')).toEqual(['gzip']);
    expect(acceptedCodings('GZIP;Q=0.5')).toEqual(['gzip']);
    expect(acceptedCodings('identity, deflate')).toEqual([]);
  });
});
