/**
 * The benchmark's server process: the same local app `npm start` serves (site, /api, files) over
 * a prepared data dir, plus the old client's page under /_bench/old-client/. Runs in its own
 * process so the load generator and Chromium never share its event loop.
 *
 * In front of it sits what Firebase Hosting does in production for the function's answers: gzip
 * for text responses to clients that ask for it (the site's files come precompressed by the build,
 * server/precompress.ts, and pass through). Without it every byte figure a browser or Lighthouse
 * sees would be the uncompressed size, which no visitor ever downloads.
 *
 * env: BENCH_DATA_DIR (required), BENCH_SITE_DIR, BENCH_OLD_CLIENT_DIR. Prints `LISTENING <port>`.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { loadConfig } from '../../functions/src/platform/config.js';
import { createLocalDeps } from '../../functions/src/platform/local-deps.js';
import { createLocalApp } from '../../server/local-app.js';

const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error('BENCH_DATA_DIR is required');
const siteDir = process.env.BENCH_SITE_DIR || undefined;
const oldClientDir = process.env.BENCH_OLD_CLIENT_DIR || undefined;

const config = loadConfig({ ...process.env, GANYAN_DATA_DIR: dataDir, GANYAN_ENV: 'development' });
const deps = createLocalDeps(config, { quiet: true });
const local = createLocalApp(deps, { siteDir });

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
const gzipCache = new Map<string, Uint8Array<ArrayBuffer>>();

const app = new Hono();
app.use('*', async (c, next) => {
  await next();
  const res = c.res;
  const type = res.headers.get('content-type') ?? '';
  if (!/\bgzip\b/.test(c.req.header('accept-encoding') ?? '') || !COMPRESSIBLE.test(type) || res.headers.has('content-encoding') || !res.body) return;
  const raw = new Uint8Array(await res.arrayBuffer());
  const headers = new Headers(res.headers);
  headers.append('Vary', 'Accept-Encoding');
  if (raw.byteLength < 1024) {
    c.res = new Response(raw, { status: res.status, headers });
    return;
  }
  // Static files carry an ETag: compress each version once, as a CDN edge would.
  const etag = res.headers.get('etag');
  const key = etag ? `${etag}:${raw.byteLength}` : null;
  let body: Uint8Array<ArrayBuffer> | undefined = key ? gzipCache.get(key) : undefined;
  if (!body) {
    const zipped = gzipSync(raw, { level: 6 });
    body = new Uint8Array(zipped.buffer as ArrayBuffer, zipped.byteOffset, zipped.byteLength);
    if (key) gzipCache.set(key, body);
  }
  headers.set('Content-Encoding', 'gzip');
  headers.delete('Content-Length');
  c.res = new Response(body, { status: res.status, headers });
});

if (oldClientDir) {
  const bundle = readFileSync(join(oldClientDir, 'app.js'));
  const bundleEtag = `"${createHash('sha1').update(bundle).digest('base64url').slice(0, 16)}"`;
  const html = readFileSync(join(oldClientDir, 'index.html'));
  app.get('/_bench/old-client/app.js', (c) =>
    c.body(new Uint8Array(bundle), 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=31536000, immutable', ETag: bundleEtag }),
  );
  // A single-page app: every route answers the same shell, the script does the rest.
  app.get('/_bench/old-client/*', (c) => c.body(new Uint8Array(html), 200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' }));
}
app.all('*', (c) => local.fetch(c.req.raw));

const server = serve({ fetch: app.fetch, port: Number(process.env.BENCH_PORT ?? 0), hostname: '127.0.0.1' }, () => {
  process.stdout.write(`LISTENING ${(server.address() as AddressInfo).port}\n`);
});

const stop = () => {
  server.close();
  void deps.store.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
