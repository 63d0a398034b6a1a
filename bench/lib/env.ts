/**
 * Data dirs, builds and server processes for the benchmarks. Everything lives under one temp
 * folder that the run removes at the end; nothing touches the developer's own data or dist/.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { loadConfig } from '../../functions/src/platform/config.js';
import { createLocalDeps } from '../../functions/src/platform/local-deps.js';
import { buildInChildProcess, REPO_ROOT, type BuildResult } from '../../scripts/build-site.js';
import { seedArticles } from '../../server/seed/articles.js';
import { seedAll } from '../../server/seed/index.js';
import { seedScaleFixture, type ScaleSummary } from '../../server/seed/scale.js';
import { waitForQuietCpu, type QuietWait } from './quiet.js';

export const BENCH_ROOT = resolve(REPO_ROOT, 'bench');

export function makeWorkDir(): { root: string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'ganyan-bench-'));
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

export interface SeededData {
  dataDir: string;
  articles: number;
  seedSeconds: number;
}

/** A fresh store seeded with the demo data plus `scale` generated articles. */
export async function seedDataDir(dataDir: string, scale: number): Promise<SeededData> {
  mkdirSync(dataDir, { recursive: true });
  return timedSeed(dataDir, (deps) => seedAll(deps, { scale }));
}

/** Runs one seeding step over the store in `dataDir` and says how long it took and what it holds. */
async function timedSeed(dataDir: string, seed: (deps: ReturnType<typeof createLocalDeps>) => Promise<unknown>): Promise<SeededData> {
  const config = loadConfig({ ...process.env, GANYAN_DATA_DIR: dataDir, GANYAN_ENV: 'development' });
  const deps = createLocalDeps(config, { quiet: true });
  const started = performance.now();
  try {
    await seed(deps);
    const articles = await deps.store.collection('articles').count();
    return { dataDir, articles, seedSeconds: (performance.now() - started) / 1000 };
  } finally {
    await deps.store.close();
  }
}

/**
 * A copy of an already seeded dir with `scale` generated articles added. Seeding the demo
 * accounts hashes 47 passwords with scrypt (minutes on a busy 2-core machine), so every data dir
 * after the first starts from a copy. seedArticles writes deterministic ids, so re-running it on
 * the copy rewrites the demo articles in place and adds the generated ones.
 */
export async function scaledCopy(from: string, dataDir: string, scale: number): Promise<SeededData> {
  cpSync(from, dataDir, { recursive: true });
  return timedSeed(dataDir, (deps) => seedArticles(deps, { scale }));
}

/** A copy of the demo dir with the scale fixture (server/seed/scale.ts) on top. */
export async function scaleFixtureCopy(from: string, dataDir: string, sizes?: Parameters<typeof seedScaleFixture>[1]): Promise<SeededData & { fixture: ScaleSummary }> {
  cpSync(from, dataDir, { recursive: true });
  let fixture: ScaleSummary | null = null;
  const seeded = await timedSeed(dataDir, async (deps) => (fixture = await seedScaleFixture(deps, sizes)));
  return { ...seeded, fixture: fixture! };
}

/**
 * `npm run build` itself, in a process of its own (Astro in a child process, Pagefind, atomic swap),
 * started once the seeding before it has settled (the kernel writing the store out): `quietWait`
 * says whether it did. Not in the bench's process: the build reads, compresses and hands every page
 * to Pagefind on its main thread, and after the Lighthouse runs that process holds ~1 GB of heap
 * whose garbage collection made the +10,000 build 7 % slower (105.9 s against 99.3 s alone).
 */
export async function buildFrom(dataDir: string, siteDir: string, siteUrl: string): Promise<BuildResult & { quietWait: QuietWait }> {
  const quietWait = await waitForQuietCpu();
  // At normal priority: the build's own time is the figure.
  const result = await buildInChildProcess({ siteDir, env: { ...process.env, GANYAN_DATA_DIR: dataDir, SITE_URL: siteUrl }, niceness: 0 });
  return { ...result, quietWait };
}

export interface BenchServer {
  baseUrl: string;
  pid: number;
  close(): Promise<void>;
}

/** Starts bench/lib/serve-child.ts in its own Node process and waits until it listens. */
export async function startServer(options: { dataDir: string; siteDir?: string; oldClientDir?: string; port?: number; env?: NodeJS.ProcessEnv }): Promise<BenchServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(BENCH_ROOT, 'lib', 'serve-child.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      BENCH_DATA_DIR: options.dataDir,
      BENCH_SITE_DIR: options.siteDir ?? '',
      BENCH_OLD_CLIENT_DIR: options.oldClientDir ?? '',
      BENCH_PORT: String(options.port ?? 0),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolvePort, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error('bench server did not start within 60 s')), 60_000);
    lines.on('line', (line) => {
      const match = /^LISTENING (\d+)$/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolvePort(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bench server exited with ${code}`));
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    close: () =>
      new Promise<void>((resolveClose) => {
        if (child.exitCode !== null) return resolveClose();
        child.once('exit', () => resolveClose());
        child.kill('SIGTERM');
      }),
  };
}

/** Real login through the API; returns the session as the site stores it. */
export async function login(baseUrl: string, email: string, password: string): Promise<{ accessToken: string; refreshToken: string; user: Record<string, unknown> }> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
    body: JSON.stringify({ email, password }),
  });
  const json = (await res.json()) as { success: boolean; message?: string; data?: { accessToken?: string; token?: string; refreshToken: string; user: Record<string, unknown> } };
  if (!res.ok || !json.data) throw new Error(`login ${email}: ${res.status} ${json.message ?? ''}`);
  return { accessToken: json.data.accessToken ?? json.data.token!, refreshToken: json.data.refreshToken, user: json.data.user };
}

export const DEMO_PASSWORD = 'Ganyan2026!';
