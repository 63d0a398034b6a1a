/**
 * Publishing under load (issue 52 §2): `npm start`'s own process (scripts/start.ts: the site, the
 * API behind its CDN, the jobs and the rebuilder) serves a steady visitors' mix at 300 requests a
 * second while a staff member publishes an article every 60 s, each publish asking for a rebuild of
 * the site on the same machine. The figure is the visitors' p99 over the whole window (latency from
 * the moment each request was due, bench/api.ts) and how many of their requests failed.
 */
import { spawn } from 'node:child_process';
import { cpSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../functions/src/platform/config.js';
import { createLocalDeps } from '../functions/src/platform/local-deps.js';
import { freePort } from '../server/free-port.js';
import { REPO_ROOT } from '../scripts/build-site.js';
import { runLoad, type Endpoint, type LoadRun } from './api.js';
import { DEMO_PASSWORD } from './lib/env.js';

export const PUBLISH_GOALS = { rate: 300, publishEverySeconds: 60, p99Ms: 250 };

export interface PublishLoad {
  seconds: number;
  loadAverage: number;
  run: LoadRun;
  /** The same mix for `baselineSeconds` just before, without publishing (no build running): what the machine gives anyway. */
  baseline: LoadRun;
  baselineSeconds: number;
  publishes: number;
  publishFailures: string[];
  builds: { startedAtS: number; seconds: number | null; failed: boolean }[];
}

/** The visitors' mix: pages and the API calls their islands make, weighted roughly as a race day's. */
async function visitorPaths(dataDir: string): Promise<string[]> {
  const deps = createLocalDeps(loadConfig({ ...process.env, GANYAN_DATA_DIR: dataDir, GANYAN_ENV: 'development' }), { quiet: true });
  try {
    const published = await deps.store.collection('articles').where('status', '==', 'published').where('isDeleted', '==', false).orderBy('publishedAt', 'desc').limit(60).get();
    const slugs = published.filter((a) => a.visibility === 'public').map((a) => String(a.slug));
    if (slugs.length === 0) throw new Error('the demo store has no public article');
    const paths: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const slug = encodeURIComponent(slugs[i % slugs.length]!);
      paths.push(`/makale/${slug}`, `/makale/${slug}`, `/api/articles/slug/${slug}`, '/api/articles?limit=12', '/api/articles?limit=12', '/api/races/today');
      paths.push(['/', '/haberler', '/yaris-programi', '/basarili-tahminler', '/', '/tahminler'][i % 6]!);
    }
    return paths;
  } finally {
    await deps.store.close();
  }
}

async function waitForServer(base: string, exited: () => boolean): Promise<void> {
  // The first start builds the site before it listens: minutes on a busy machine.
  for (let attempt = 0; attempt < 900; attempt += 1) {
    if (exited()) throw new Error('npm start exited before it listened');
    const ok = await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await sleep(1_000);
  }
  throw new Error('npm start did not answer within 15 minutes');
}

async function staffToken(base: string): Promise<{ token: string; userId: string }> {
  const res = await fetch(`${base}/api/auth/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'admin@ganyan.local', password: DEMO_PASSWORD }) });
  const json = (await res.json()) as { data?: { token?: string; accessToken?: string; user: { id: string } }; message?: string };
  if (!res.ok || !json.data) throw new Error(`staff login: ${res.status} ${json.message ?? ''}`);
  return { token: json.data.accessToken ?? json.data.token!, userId: json.data.user.id };
}

async function publish(base: string, staff: { token: string; userId: string }, n: number): Promise<string> {
  const res = await fetch(`${base}/api/articles`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${staff.token}` },
    body: JSON.stringify({
      title: `Veliefendi ${n}. koşu: son dakika değerlendirmesi ${Date.now().toString(36)}`,
      authorId: staff.userId,
      category: 'news',
      status: 'published',
      excerpt: 'Start öncesi pist durumu ve favorilerin son idmanları.',
      content: `<p>Veliefendi'de ${n}. koşu öncesi pist ağır; favori son idmanında iyi görüntü verdi.</p>`,
    }),
  });
  const json = (await res.json()) as { data?: { slug: string }; message?: string };
  if (res.status !== 201 || !json.data) throw new Error(`publish ${n}: ${res.status} ${json.message ?? ''}`);
  return json.data.slug;
}

export async function benchPublishLoad(root: string, demo: string, log: (line: string) => void, seconds: number): Promise<PublishLoad> {
  const dataDir = join(root, 'publish-data');
  cpSync(demo, dataDir, { recursive: true });
  const paths = await visitorPaths(dataDir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'scripts', 'start.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', GANYAN_DATA_DIR: dataDir, GANYAN_SITE_OUT_DIR: join(root, 'publish-site', 'dist'), SITE_URL: base },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const builds: PublishLoad['builds'] = [];
  let windowStart = Number.POSITIVE_INFINITY;
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (!line.startsWith('{')) return;
    const entry = JSON.parse(line) as { message?: string; ms?: number };
    const at = (performance.now() - windowStart) / 1000;
    if (entry.message === 'site rebuild started' && at >= 0) builds.push({ startedAtS: at, seconds: null, failed: false });
    const last = builds.at(-1);
    if (last && last.seconds === null && (entry.message === 'site rebuild finished' || entry.message === 'site rebuild failed')) {
      last.seconds = at - last.startedAtS;
      last.failed = entry.message === 'site rebuild failed';
    }
  });
  try {
    log('  npm start: first build, then listening...');
    await waitForServer(base, () => exited);
    const staff = await staffToken(base);
    let newest: string | null = null;
    let i = 0;
    const endpoint: Endpoint = {
      name: 'visitors mix',
      next: () => {
        i += 1;
        // Every 25th request reads the newest published article: its on-demand page until a build includes it.
        const path = newest && i % 25 === 0 ? `/makale/${encodeURIComponent(newest)}` : paths[i % paths.length]!;
        return { path, headers: { 'Accept-Encoding': 'br, gzip' } };
      },
    };
    log('  warm-up: 10 s at 100 req/s');
    await runLoad(base, endpoint, 100, 10);
    const baselineSeconds = Math.min(60, seconds);
    log(`  without publishing: ${PUBLISH_GOALS.rate} req/s for ${baselineSeconds} s (load average ${loadavg()[0]!.toFixed(1)})`);
    const baseline = await runLoad(base, endpoint, PUBLISH_GOALS.rate, baselineSeconds);
    const loadAverage = loadavg()[0]!;
    log(`  ${PUBLISH_GOALS.rate} req/s for ${seconds} s, a publish every ${PUBLISH_GOALS.publishEverySeconds} s (load average ${loadAverage.toFixed(1)})`);
    windowStart = performance.now();
    const publishFailures: string[] = [];
    let publishes = 0;
    const publisher = (async () => {
      // The first publish a few seconds in, then one a minute while the load lasts.
      for (let at = 5; at < seconds - 5; at += PUBLISH_GOALS.publishEverySeconds) {
        const wait = windowStart + at * 1000 - performance.now();
        if (wait > 0) await sleep(wait);
        try {
          newest = await publish(base, staff, publishes + 1);
          publishes += 1;
        } catch (error) {
          publishFailures.push(error instanceof Error ? error.message : String(error));
        }
      }
    })();
    const run = await runLoad(base, endpoint, PUBLISH_GOALS.rate, seconds);
    await publisher;
    return { seconds, loadAverage, run, baseline, baselineSeconds, publishes, publishFailures, builds };
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}${stderr ? `; npm start said: ${stderr.slice(-500)}` : ''}`, { cause: error });
  } finally {
    if (!exited) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    }
  }
}
