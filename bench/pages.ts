/**
 * npm run bench:pages [-- --scale 10000]
 *
 * Per page type: HTML bytes (raw and gzip), JS bytes gzip loaded before any interaction and
 * after every island has hydrated (measured in Chromium), plus the site build's time and peak
 * memory for the demo seed and, with --scale N, for N extra generated articles.
 * Prints a table and writes bench/results/pages.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { loadConfig } from '../functions/src/platform/config.js';
import { createLocalDeps } from '../functions/src/platform/local-deps.js';
import { buildSite, REPO_ROOT, type BuildResult } from '../scripts/build-site.js';
import { createLocalApp } from '../server/local-app.js';
import { seedAll } from '../server/seed/index.js';
import { launchBrowser } from '../tests/support/browser.js';

interface PageResult {
  type: string;
  path: string;
  status: number;
  htmlBytes: number;
  htmlGzip: number;
  jsGzipBeforeInteraction: number;
  jsGzipAfterHydration: number;
  islands: string[];
}

interface BuildFigures {
  articles: number;
  pages: number;
  seconds: number;
  peakRssMiB: number;
}

const gz = (data: Buffer | string) => gzipSync(data).length;
const MiB = 1024 * 1024;

async function seededBuild(scale: number): Promise<{ dataDir: string; siteDir: string; build: BuildResult; articles: number; close: () => void }> {
  const dataDir = mkdtempSync(join(tmpdir(), `ganyan-bench-${scale}-`));
  const siteDir = join(dataDir, 'dist');
  const config = loadConfig({ ...process.env, GANYAN_DATA_DIR: dataDir, GANYAN_ENV: 'development' });
  const deps = createLocalDeps(config, { quiet: true });
  process.stdout.write(`seed (scale ${scale})... `);
  const started = Date.now();
  await seedAll(deps, { scale });
  const articles = await deps.store.collection('articles').count();
  await deps.store.close();
  console.log(`${((Date.now() - started) / 1000).toFixed(1)} s, ${articles} articles`);
  process.stdout.write('build... ');
  const build = await buildSite({ siteDir, quiet: true, env: { ...process.env, GANYAN_DATA_DIR: dataDir, SITE_URL: 'http://127.0.0.1:4321' } });
  console.log(`${(build.ms / 1000).toFixed(1)} s, ${build.pages} pages, peak ${(build.peakRssBytes / MiB).toFixed(0)} MiB`);
  return { dataDir, siteDir, build, articles, close: () => rmSync(dataDir, { recursive: true, force: true }) };
}

async function measurePages(dataDir: string, siteDir: string): Promise<PageResult[]> {
  const config = loadConfig({ ...process.env, GANYAN_DATA_DIR: dataDir, GANYAN_ENV: 'development' });
  const deps = createLocalDeps(config, { quiet: true });
  const app = createLocalApp(deps, { siteDir });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const published = await deps.store.collection('articles').where('status', '==', 'published').where('isDeleted', '==', false).orderBy('publishedAt', 'desc').limit(200).get();
  const publicArticle = published.find((a) => a.visibility === 'public' && a.category === 'estimation') ?? published[0];
  const authorId = (await deps.store.collection('users').where('role', '==', 'author').limit(1).get())[0]?.id;
  const types: [string, string][] = [
    ['home', '/'],
    ['predictions', '/tahminler'],
    ['about', '/hakkimizda'],
    ['authors', '/yazarlar'],
    ['author', `/yazarlar/${authorId}`],
    ['news', '/haberler'],
    ['articles', '/makaleler'],
    ['successful', '/basarili-tahminler'],
    ['article', `/makale/${publicArticle?.slug}`],
    ['race programme', '/yaris-programi'],
  ];

  const browser = await launchBrowser();
  const results: PageResult[] = [];
  try {
    for (const [type, path] of types) {
      const html = await fetch(`${base}${path}`);
      const htmlText = Buffer.from(await html.arrayBuffer());
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const scripts = new Map<string, number>();
      let phase: 'before' | 'after' = 'before';
      const before = new Set<string>();
      page.on('response', async (response) => {
        const request = response.request();
        if (request.resourceType() !== 'script' || !response.url().startsWith(base)) return;
        if (phase === 'before') before.add(response.url());
        try {
          scripts.set(response.url(), gz(await response.body()));
        } catch {
          // a redirected or aborted script has no body
        }
      });
      await page.goto(`${base}${path}`, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      phase = 'after';
      // Bring client:visible islands into view and give client:idle ones their idle time.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 60));
        }
      });
      await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0, null, { timeout: 15_000 }).catch(() => {});
      await page.waitForLoadState('networkidle');
      const islands = await page.locator('astro-island').evaluateAll((els) => els.map((el) => (el.getAttribute('component-url') ?? '').split('/').pop()!.replace(/\.[^.]+\.js$/, '')));
      const sum = (urls: Iterable<string>) => [...urls].reduce((total, url) => total + (scripts.get(url) ?? 0), 0);
      results.push({
        type,
        path,
        status: html.status,
        htmlBytes: htmlText.length,
        htmlGzip: gz(htmlText),
        jsGzipBeforeInteraction: sum(before),
        jsGzipAfterHydration: sum(scripts.keys()),
        islands,
      });
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
    await deps.store.close();
  }
  return results;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const { values } = parseArgs({ options: { scale: { type: 'string', default: '0' } } });
  const scale = Number(values.scale);
  const seed = await seededBuild(0);
  const builds: BuildFigures[] = [
    { articles: seed.articles, pages: seed.build.pages, seconds: seed.build.ms / 1000, peakRssMiB: Math.round(seed.build.peakRssBytes / MiB) },
  ];
  let pages: PageResult[];
  try {
    pages = await measurePages(seed.dataDir, seed.siteDir);
  } finally {
    seed.close();
  }
  if (scale > 0) {
    const big = await seededBuild(scale);
    builds.push({ articles: big.articles, pages: big.build.pages, seconds: big.build.ms / 1000, peakRssMiB: Math.round(big.build.peakRssBytes / MiB) });
    big.close();
  }

  console.log('\nPage type        status  HTML       HTML gz    JS gz before  JS gz hydrated  islands');
  for (const p of pages) {
    console.log(
      `${p.type.padEnd(16)} ${String(p.status).padEnd(7)} ${kb(p.htmlBytes).padEnd(10)} ${kb(p.htmlGzip).padEnd(10)} ${kb(p.jsGzipBeforeInteraction).padEnd(13)} ${kb(p.jsGzipAfterHydration).padEnd(15)} ${p.islands.join(', ')}`,
    );
  }
  console.log('\nBuild            articles  pages   time      peak memory');
  for (const b of builds) console.log(`${`seed+${b.articles}`.padEnd(16)} ${String(b.articles).padEnd(9)} ${String(b.pages).padEnd(7)} ${`${b.seconds.toFixed(1)} s`.padEnd(9)} ${b.peakRssMiB} MiB`);

  const out = resolve(REPO_ROOT, 'bench/results/pages.json');
  mkdirSync(resolve(REPO_ROOT, 'bench/results'), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ measuredAt: new Date().toISOString(), pages, builds }, null, 2)}\n`);
  console.log(`\n-> ${out}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
