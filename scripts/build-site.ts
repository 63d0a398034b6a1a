/**
 * Builds the public site from the store and swaps it into place atomically.
 *
 *   npm run build                 # into dist/
 *   GANYAN_SITE_OUT_DIR=/x npm run build
 *
 * Astro writes into a fresh folder next to the output; Pagefind indexes it; then the output path
 * (a symlink) is repointed with a single rename, so a running server never serves a half-written
 * site. Every text file gets brotli and gzip siblings (server/precompress.ts) that the local
 * server sends to browsers that accept them. Astro runs in a child process: a build holds a lot
 * of memory that the long-running server should not keep, and the child's peak memory is what
 * the benchmark reports.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompressSite } from '../server/precompress.js';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_SITE_DIR = resolve(REPO_ROOT, 'dist');

export interface BuildResult {
  siteDir: string;
  buildDir: string;
  ms: number;
  /** Peak resident memory of the Astro build process, in bytes. */
  peakRssBytes: number;
  pages: number;
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

/** Builds are serialized within a process: two Astro builds at once would share .astro/ caches. */
export function buildSite(options: BuildOptions = {}): Promise<BuildResult> {
  const next = buildChain.then(() => runBuild(options));
  buildChain = next.catch(() => undefined);
  return next;
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
  const staging = join(REPO_ROOT, '.dist-builds', `staging-${basename(buildDir)}`);
  try {
    await runAstro(staging, rssFile, env, options.quiet ?? false);
    // Server-side build scratch must never be published with the site.
    rmSync(join(staging, '.prerender'), { recursive: true, force: true });
    moveDir(staging, buildDir);
  } catch (error) {
    rmSync(rssFile, { force: true });
    throw error;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  if (options.search !== false) await indexForSearch(buildDir);
  await precompressSite(buildDir, currentBuild(siteDir));
  swapInto(siteDir, buildDir);
  pruneOldBuilds(buildsRoot, buildDir);

  const peakRssBytes = existsSync(rssFile) ? Number(readFileSync(rssFile, 'utf8')) * 1024 : 0;
  rmSync(rssFile, { force: true });
  return { siteDir, buildDir, ms: Date.now() - started, peakRssBytes, pages: countPages(buildDir) };
}

function runAstro(outDir: string, rssFile: string, env: NodeJS.ProcessEnv, quiet: boolean): Promise<void> {
  const astroBin = join(REPO_ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
  // Records the child's own peak RSS (kB) at exit; getrusage of a child is not exposed to Node.
  const reportRss = `data:text/javascript,process.on('exit',()=>{try{require('node:fs').writeFileSync(${JSON.stringify(rssFile)},String(process.resourceUsage().maxRSS))}catch{}})`.replace(
    "require('node:fs')",
    'process.getBuiltinModule("node:fs")',
  );
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', reportRss, astroBin, 'build', '--silent'], {
      cwd: REPO_ROOT,
      env: { ...env, GANYAN_SITE_OUT: outDir, ASTRO_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
      stdio: ['ignore', quiet ? 'pipe' : 'inherit', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (!quiet) process.stderr.write(chunk);
    });
    child.stdout?.resume();
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolvePromise();
      else {
        rmSync(outDir, { recursive: true, force: true });
        reject(new Error(`astro build failed (exit ${code}): ${stderr.slice(-4000)}`));
      }
    });
  });
}

/** Static search over public content only: pages mark their indexable part with data-pagefind-body. */
async function indexForSearch(dir: string): Promise<void> {
  const pagefind = await import('pagefind');
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'tr' });
  if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
  const added = await index.addDirectory({ path: dir });
  if (added.errors.length) throw new Error(`pagefind: ${added.errors.join('; ')}`);
  const written = await index.writeFiles({ outputPath: join(dir, 'pagefind') });
  if (written.errors.length) throw new Error(`pagefind: ${written.errors.join('; ')}`);
  await pagefind.close();
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
  buildSite()
    .then((result) => {
      console.log(`Site built in ${(result.ms / 1000).toFixed(1)} s: ${result.pages} pages -> ${result.siteDir}`);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
