/**
 * Builds the public site from the store and swaps it into place atomically.
 *
 *   npm run build                 # into dist/
 *   GANYAN_SITE_OUT_DIR=/x npm run build
 *   npm run build -- --result-json /tmp/build.json   # also writes the BuildResult there
 *
 * Astro writes into a fresh folder next to the output; Pagefind indexes it; then the output path
 * (a symlink) is repointed with a single rename, so a running server never serves a half-written
 * site. Every text file gets brotli and gzip siblings (server/precompress.ts) that the local
 * server sends to browsers that accept them. Astro runs in a child process: a build holds a lot
 * of memory that the long-running server should not keep, and the child's peak memory is what
 * the benchmark reports.
 */
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { createPrecompressor, inParallel, isCompressible, PARALLEL_FILES } from '../server/precompress.js';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_SITE_DIR = resolve(REPO_ROOT, 'dist');

export interface BuildResult {
  siteDir: string;
  buildDir: string;
  ms: number;
  /** Peak resident memory of the largest build process (Astro's or Pagefind's), in bytes. */
  peakRssBytes: number;
  pages: number;
  /** Wall and CPU seconds of each step (the machine is shared: CPU says what the build itself costs). */
  phases: BuildPhase[];
}

export interface BuildPhase {
  name: 'astro' | 'pagefind' | 'precompress';
  seconds: number;
  /** User + system CPU; for Astro and Pagefind their own processes', for the compression this process's. */
  cpuSeconds: number;
  /** Peak resident memory of the step's own process (Astro's, Pagefind's), in bytes. */
  peakRssBytes?: number;
  /** The compression's files, and how many of them it copied from the previous build (same bytes). */
  files?: { compressed: number; reused: number };
}

export interface BuildOptions {
  siteDir?: string;
  /** Extra environment for the build (GANYAN_DATA_DIR, SITE_URL ...); defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  quiet?: boolean;
  /** Skip the Pagefind index (tests that never search). */
  search?: boolean;
}

let buildChain: Promise<unknown> = Promise.resolve();
const STAGING_ROOT = join(REPO_ROOT, '.dist-builds');

/** Builds are serialized within a process: two Astro builds at once would share .astro/ caches. */
export function buildSite(options: BuildOptions = {}): Promise<BuildResult> {
  const next = buildChain.then(() => runBuild(options));
  buildChain = next.catch(() => undefined);
  return next;
}

/** os.setPriority's lowest priority: a rebuild takes only the CPU the serving process leaves. */
export const BACKGROUND_NICENESS = 19;

export interface ChildBuildOptions {
  siteDir: string;
  /** The build's environment (GANYAN_DATA_DIR, SITE_URL ...). */
  env: NodeJS.ProcessEnv;
  /** 0 keeps the caller's priority (the bench times builds); BACKGROUND_NICENESS under a serving process. */
  niceness: number;
  /** The build script; tests put a stand-in here. */
  script?: string;
  /** Stops the build (the server shutting down): its whole process tree ends, its staging folder is removed. */
  signal?: AbortSignal;
}

/**
 * `npm run build` in a process of its own, as the running server's rebuilds and the bench use it.
 * Everything the build does (Astro's child, Pagefind, reading, brotli and gzip of every page) then
 * runs in that process tree at `niceness`, so the kernel gives the visitors' requests the CPU first;
 * in the server's own process the compression ran on the same libuv threads as its file reads and
 * password hashes. The child lowers itself before it starts anything (GANYAN_BUILD_NICENESS), and
 * the parent does it too as soon as it has the pid.
 */
export async function buildInChildProcess(options: ChildBuildOptions): Promise<BuildResult> {
  mkdirSync(dirname(options.siteDir), { recursive: true });
  const resultFile = join(dirname(options.siteDir), `build-result-${process.pid}-${Date.now()}.json`);
  const script = options.script ?? fileURLToPath(import.meta.url);
  options.signal?.throwIfAborted();
  const child = spawn(process.execPath, ['--import', 'tsx', script, '--result-json', resultFile], {
    cwd: REPO_ROOT,
    env: { ...options.env, GANYAN_SITE_OUT_DIR: options.siteDir, GANYAN_BUILD_NICENESS: String(options.niceness) },
    stdio: ['ignore', 'ignore', 'pipe'],
    // Its own process group, so that stopping it stops Astro and Pagefind with it.
    detached: true,
  });
  if (options.niceness > 0 && child.pid) lowerPriority(child.pid, options.niceness);
  const stop = () => {
    try {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  options.signal?.addEventListener('abort', stop, { once: true });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-8000)));
  const code = await new Promise<number | null>((resolvePromise, reject) => {
    child.on('error', reject);
    child.on('close', resolvePromise);
  });
  options.signal?.removeEventListener('abort', stop);
  try {
    if (options.signal?.aborted) {
      // What runBuild would have removed had it finished: its staging folder is named after its pid.
      for (const name of existsSync(STAGING_ROOT) ? readdirSync(STAGING_ROOT) : []) if (name.endsWith(`-${child.pid}`)) rmSync(join(STAGING_ROOT, name), { recursive: true, force: true });
      throw new Error('the build was stopped');
    }
    if (code !== 0) throw new Error(`the build failed (exit ${code}): ${stderr}`);
    return JSON.parse(readFileSync(resultFile, 'utf8')) as BuildResult;
  } finally {
    rmSync(resultFile, { force: true });
  }
}

function lowerPriority(pid: number, niceness: number): void {
  try {
    setPriority(pid, niceness);
  } catch {
    // The process already ended (a failed start): its exit code says why.
  }
}

async function runBuild(options: BuildOptions): Promise<BuildResult> {
  const siteDir = resolve(options.siteDir ?? process.env.GANYAN_SITE_OUT_DIR ?? DEFAULT_SITE_DIR);
  const buildsRoot = join(dirname(siteDir), `.${basename(siteDir)}-builds`);
  mkdirSync(buildsRoot, { recursive: true });
  const buildDir = join(buildsRoot, `${Date.now()}-${process.pid}`);
  const rssFile = `${buildDir}.rss`;
  const started = Date.now();
  const env = { ...(options.env ?? process.env) };

  // Astro puts its prerender bundle in <outDir>/.prerender only when outDir is inside the project,
  // and in the shared .astro/ otherwise, where concurrent builds (a test's, the running server's)
  // overwrite each other; the bundle also needs the project's node_modules. So every build is
  // staged in its own folder inside the project, then moved to its place.
  const staging = join(STAGING_ROOT, `staging-${basename(buildDir)}`);
  const phases: BuildPhase[] = [];
  try {
    phases.push(...(await generate(staging, rssFile, env, { quiet: options.quiet ?? false, search: options.search !== false, previous: currentBuild(siteDir) })));
    moveDir(staging, buildDir);
  } catch (error) {
    rmSync(rssFile, { force: true });
    throw error;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  swapInto(siteDir, buildDir);
  pruneOldBuilds(buildsRoot, buildDir);

  const peakRssBytes = Math.max(...phases.map((phase) => phase.peakRssBytes ?? 0));
  rmSync(rssFile, { force: true });
  return { siteDir, buildDir, ms: Date.now() - started, peakRssBytes, pages: countPages(buildDir), phases };
}

/**
 * Astro renders on one core. The pages it has written are compressed and handed to Pagefind on
 * the other one meanwhile (each page's line in Astro's log is printed once its file is written),
 * so what is left after Astro is a sweep of the assets and Pagefind writing its index. Anything
 * the log did not name is picked up by the sweep, so the log only decides what is done early.
 */
async function generate(staging: string, rssFile: string, env: NodeJS.ProcessEnv, { quiet, search, previous }: { quiet: boolean; search: boolean; previous: string | null }): Promise<BuildPhase[]> {
  const cpu = process.cpuUsage();
  const precompressor = createPrecompressor(staging, previous);
  const index = search ? await openSearchIndex() : null;
  const pending = new Set<Promise<void>>();
  let queued: string[] = [];
  let running = 0;
  // A few pages in flight: compression runs on libuv's threads, Pagefind in its own process.
  const pump = () => {
    while (running < PARALLEL_FILES && queued.length) {
      const path = queued.shift()!;
      running += 1;
      const task = readFile(path)
        .then((body) => Promise.all([precompressor.compress(path, body), path.endsWith('.html') ? index?.add(relative(staging, path), body) : null]))
        .then(
          () => undefined,
          // A page this pass could not read is left to the sweep after Astro.
          () => undefined,
        )
        .finally(() => {
          running -= 1;
          pending.delete(task);
          pump();
        });
      pending.add(task);
    }
  };
  const astroStarted = Date.now();
  await runAstro(staging, rssFile, env, quiet, (page) => {
    if (!isCompressible(page)) return;
    queued.push(join(staging, page));
    pump();
  });
  const astroSeconds = (Date.now() - astroStarted) / 1000;
  queued = [];
  while (pending.size) await Promise.all(pending);
  // Server-side build scratch must never be published with the site.
  rmSync(join(staging, '.prerender'), { recursive: true, force: true });

  const tail = Date.now();
  const searchUsage = index ? await index.finish(staging) : { cpuSeconds: 0, peakKiB: 0 };
  const searchSeconds = (Date.now() - tail) / 1000;
  await precompressor.sweep({ skip: [SEARCH_DIR] });
  if (index) await precompressor.sweep({ under: SEARCH_DIR });
  const own = process.cpuUsage(cpu);
  const astro = childUsage(rssFile);
  const phases: BuildPhase[] = [{ name: 'astro', seconds: astroSeconds, cpuSeconds: astro.cpuSeconds, peakRssBytes: astro.maxRssKiB * 1024 }];
  if (index) phases.push({ name: 'pagefind', seconds: searchSeconds, cpuSeconds: searchUsage.cpuSeconds, peakRssBytes: searchUsage.peakKiB * 1024 });
  phases.push({ name: 'precompress', seconds: (Date.now() - tail) / 1000 - searchSeconds, cpuSeconds: (own.user + own.system) / 1e6, files: { compressed: precompressor.result.files, reused: precompressor.result.reused } });
  return phases;
}

/** What the Astro child wrote at exit (see runAstro): its peak RSS and CPU time. */
function childUsage(file: string): { maxRssKiB: number; cpuSeconds: number } {
  if (!existsSync(file)) return { maxRssKiB: 0, cpuSeconds: 0 };
  const [maxRssKiB = 0, cpuMicros = 0] = readFileSync(file, 'utf8').split(' ').map(Number);
  return { maxRssKiB, cpuSeconds: cpuMicros / 1e6 };
}

/**
 * Astro's line for a generated page, "  ├─ /makale/x/index.html (+3ms)": the timing is appended
 * after the file is written (astro/dist/core/build/generate.js), so a complete line means a complete file.
 */
const PAGE_WRITTEN = /[├└]─ (\/\S+) \(\+\d/;

/** Runs `astro build` into outDir; `written` gets each page's path (relative to outDir) once its file is complete. */
function runAstro(outDir: string, rssFile: string, env: NodeJS.ProcessEnv, quiet: boolean, written: (page: string) => void): Promise<void> {
  const astroBin = join(REPO_ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
  // Records the child's own peak RSS (kB) and CPU (µs) at exit; getrusage of a child is not exposed to Node.
  const reportRss = `data:text/javascript,process.on('exit',()=>{try{const u=process.resourceUsage();require('node:fs').writeFileSync(${JSON.stringify(rssFile)},u.maxRSS+' '+(u.userCPUTime+u.systemCPUTime))}catch{}})`.replace(
    "require('node:fs')",
    'process.getBuiltinModule("node:fs")',
  );
  return new Promise((resolvePromise, reject) => {
    // Not --silent: the info log names each page once its file is written (see `written`).
    const child = spawn(process.execPath, ['--import', reportRss, astroBin, 'build'], {
      cwd: REPO_ROOT,
      env: { ...env, GANYAN_SITE_OUT: outDir, ASTRO_TELEMETRY_DISABLED: '1', NODE_ENV: 'production', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (!quiet) process.stderr.write(chunk);
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      const page = PAGE_WRITTEN.exec(line)?.[1];
      if (page) written(page.replace(/^\//, ''));
    });
    child.on('error', reject);
    // 'close', not 'exit': every line of the log has been read by then.
    child.on('close', (code) => {
      if (code === 0) resolvePromise();
      else {
        rmSync(outDir, { recursive: true, force: true });
        reject(new Error(`astro build failed (exit ${code}): ${stderr.slice(-4000)}`));
      }
    });
  });
}

/** Pagefind's folder in the built site (its index and UI, fetched by /ara). */
const SEARCH_DIR = 'pagefind';

/**
 * How the site is indexed. Buttons and navigation (breadcrumbs, pagers) are controls, not text of
 * the page: indexed, every article's excerpt carried "Beğen" and "Kopyala" and a horse's started
 * with "← Geri ☆Takip Et".
 */
export const SEARCH_INDEX_OPTIONS = { forceLanguage: 'tr', excludeSelectors: ['button', 'nav'] };

/**
 * Static search over public content only: pages mark their indexable part with data-pagefind-body.
 * Pages are added one by one as they are written (the same files `addDirectory` would read, under
 * the same paths); `finish` writes the index into the site and says the CPU seconds and peak memory Pagefind used.
 */
async function openSearchIndex() {
  const pagefind = await import('pagefind');
  const { index, errors } = await pagefind.createIndex(SEARCH_INDEX_OPTIONS);
  if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
  const added = new Set<string>();
  const failures: string[] = [];
  const add = async (sourcePath: string, body: Buffer) => {
    if (added.has(sourcePath)) return;
    added.add(sourcePath);
    try {
      failures.push(...(await index.addHTMLFile({ sourcePath, content: body.toString('utf8') })).errors);
    } catch (error) {
      // Left for `finish` to add again.
      added.delete(sourcePath);
      throw error;
    }
  };
  return {
    add,
    async finish(dir: string): Promise<{ cpuSeconds: number; peakKiB: number }> {
      // Pages the log did not name (none, normally) are read now.
      const missed = (await htmlFiles(dir)).filter((path) => !added.has(path));
      await inParallel(missed, PARALLEL_FILES, async (path) => add(path, await readFile(join(dir, path))));
      if (failures.length) throw new Error(`pagefind: ${failures.join('; ')}`);
      const written = await index.writeFiles({ outputPath: join(dir, SEARCH_DIR) });
      if (written.errors.length) throw new Error(`pagefind: ${written.errors.join('; ')}`);
      const usage = childrenUsage();
      await pagefind.close();
      return usage;
    },
  };
}

/** The site's HTML files, relative to dir ('makale/x/index.html'), as Pagefind's own glob finds them. */
async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.html')).map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/** CPU seconds and peak memory (KiB) of this process's live children so far (Linux /proc; 0 where it is absent). */
function childrenUsage(): { cpuSeconds: number; peakKiB: number } {
  try {
    const ticksPerSecond = 100; // USER_HZ, 100 on every Linux Node supports
    const children = readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return children.reduce(
      (sum, pid) => {
        // Fields 14 and 15 (utime, stime) follow the parenthesised command name.
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        const peakKiB = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
        return { cpuSeconds: sum.cpuSeconds + (Number(fields[11]) + Number(fields[12])) / ticksPerSecond, peakKiB: Math.max(sum.peakKiB, peakKiB) };
      },
      { cpuSeconds: 0, peakKiB: 0 },
    );
  } catch {
    return { cpuSeconds: 0, peakKiB: 0 };
  }
}

function moveDir(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    cpSync(from, to, { recursive: true });
    rmSync(from, { recursive: true, force: true });
  }
}

/** The build siteDir points at now (its compressed siblings are reused for unchanged files). */
function currentBuild(siteDir: string): string | null {
  try {
    return realpathSync(siteDir);
  } catch {
    return null;
  }
}

/** Repoints siteDir (a symlink) at buildDir with one rename(2): readers see the old or the new site, never a mix. */
function swapInto(siteDir: string, buildDir: string): void {
  const link = `${siteDir}.next-link`;
  rmSync(link, { force: true });
  symlinkSync(relative(dirname(siteDir), buildDir), link, 'dir');
  let existing: ReturnType<typeof lstatSync> | null;
  try {
    existing = lstatSync(siteDir);
  } catch {
    existing = null;
  }
  // A plain folder from an older `astro build` cannot be replaced by rename: remove it once.
  if (existing && !existing.isSymbolicLink()) rmSync(siteDir, { recursive: true, force: true });
  renameSync(link, siteDir);
}

/** Keeps the current build and the one before it (requests in flight may still read it). */
function pruneOldBuilds(buildsRoot: string, current: string): void {
  const builds = readdirSync(buildsRoot, { withFileTypes: true })
    // Only finished builds: another process may be staging a build in the same folder right now.
    .filter((entry) => entry.isDirectory() && /^\d+-\d+$/.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  const keep = new Set([basename(current), builds.filter((name) => name !== basename(current)).at(-1)]);
  for (const name of builds) if (!keep.has(name)) rmSync(join(buildsRoot, name), { recursive: true, force: true });
}

function countPages(dir: string): number {
  let count = 0;
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(path, entry.name));
      else if (entry.name.endsWith('.html')) count += 1;
    }
  };
  walk(dir);
  return count;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // --result-json FILE: the result for a caller that runs the build as its own process (the bench).
  const { values } = parseArgs({ options: { 'result-json': { type: 'string' } } });
  const niceness = Number(process.env.GANYAN_BUILD_NICENESS);
  // Before Astro and Pagefind start: they inherit it.
  if (Number.isInteger(niceness) && niceness > 0) setPriority(niceness);
  buildSite()
    .then((result) => {
      if (values['result-json']) writeFileSync(values['result-json'], JSON.stringify(result));
      console.log(`Site built in ${(result.ms / 1000).toFixed(1)} s: ${result.pages} pages -> ${result.siteDir}`);
      for (const phase of result.phases) console.log(`  ${phase.name}: ${phase.seconds.toFixed(1)} s (CPU ${phase.cpuSeconds.toFixed(1)} s)${phase.peakRssBytes ? `, peak ${Math.round(phase.peakRssBytes / 2 ** 20)} MiB` : ''}${phase.files ? `, ${phase.files.compressed} files, ${phase.files.reused} reused` : ''}`);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
