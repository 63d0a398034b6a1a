import { copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildSite } from '../../scripts/build-site.js';

/**
 * The plain demo site is built once per test run, by the first browser test file that needs it, at
 * this origin; every other file copies it and gets its own origin written in. Building took about a
 * minute per file on two cores, longer than most files' tests.
 */
const TEMPLATE_ORIGIN = 'http://ganyan-site-template.invalid';

/** Files that can carry absolute links to the site (canonical, Open Graph, sitemap, JSON-LD). */
const TEXT_FILES = new Set(['.html', '.xml', '.json', '.txt', '.js', '.webmanifest']);

/** Generous: under a loaded machine one build can take several minutes, and files start together. */
const WAIT_FOR_BUILD_MS = 20 * 60_000;

/**
 * The shared build's folder, built now if no other worker has started it (a mkdir lock: workers are
 * separate processes), or once that worker's build is done.
 */
export async function siteTemplate(): Promise<string> {
  const seedTemplate = process.env.GANYAN_SEED_TEMPLATE;
  if (!seedTemplate || !existsSync(seedTemplate)) throw new Error('No seeded template: run through vitest (globalSetup)');
  const root = dirname(seedTemplate);
  const siteDir = join(root, 'site');
  const done = join(root, 'site.done');
  const failed = join(root, 'site.failed');
  try {
    mkdirSync(join(root, 'site.lock'));
  } catch {
    const deadline = Date.now() + WAIT_FOR_BUILD_MS;
    while (!existsSync(done)) {
      if (existsSync(failed)) throw new Error(`The shared site build failed: ${readFileSync(failed, 'utf8')}`);
      if (Date.now() > deadline) throw new Error('The shared site build did not finish in 20 minutes');
      await sleep(250);
    }
    return siteDir;
  }
  // A private copy of the data: other workers copy the template database while this build reads.
  const dataDir = mkdtempSync(join(root, 'site-data-'));
  try {
    copyFileSync(seedTemplate, join(dataDir, 'ganyan.sqlite'));
    if (existsSync(`${seedTemplate}-wal`)) copyFileSync(`${seedTemplate}-wal`, join(dataDir, 'ganyan.sqlite-wal'));
    // With the search index: it costs the demo about a second, and the one file that searches then
    // shares this build instead of making its own.
    await buildSite({ siteDir, quiet: true, search: true, env: { ...process.env, GANYAN_ENV: 'test', GANYAN_DATA_DIR: dataDir, SITE_URL: TEMPLATE_ORIGIN } });
    writeFileSync(done, '');
    return siteDir;
  } catch (error) {
    writeFileSync(failed, error instanceof Error ? error.message : String(error));
    throw error;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Installs a copy of the shared build as `siteDir`, laid out as scripts/build-site.ts lays out a
 * build (a symlink into a timestamped folder), so a test's own rebuilds swap it out as usual.
 */
export function installSiteTemplate(template: string, siteDir: string, origin: string, { search = false } = {}): void {
  const buildDir = join(dirname(siteDir), `.${basename(siteDir)}-builds`, `${Date.now()}-${process.pid}`);
  // The index's many small files are copied only for a file that searches, as a build without search has none.
  copyTree(template, buildDir, origin, search ? [] : ['pagefind']);
  symlinkSync(relative(dirname(siteDir), buildDir), siteDir, 'dir');
}

/**
 * A file whose text changed loses its precompressed siblings (x.html.br, x.html.gz): the server then
 * sends it uncompressed, which is correct HTTP, instead of the template's bytes. Compressing ~1,500
 * pages again would cost each test file most of what the shared build saves.
 */
function copyTree(from: string, to: string, origin: string, leaveOut: string[] = []): void {
  mkdirSync(to, { recursive: true });
  const entries = readdirSync(from, { withFileTypes: true }).filter((entry) => !leaveOut.includes(entry.name));
  const isSibling = (name: string) => /\.(br|gz)$/.test(name);
  const changed = new Set<string>();
  for (const entry of entries) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) copyTree(source, target, origin);
    else if (isSibling(entry.name)) continue;
    else if (TEXT_FILES.has(extname(entry.name))) {
      const text = readFileSync(source, 'utf8');
      const rewritten = text.replaceAll(TEMPLATE_ORIGIN, origin);
      if (rewritten !== text) changed.add(entry.name);
      writeFileSync(target, rewritten);
    } else shareFile(source, target);
  }
  for (const entry of entries) {
    if (entry.isFile() && isSibling(entry.name) && !changed.has(entry.name.slice(0, -3))) shareFile(join(from, entry.name), join(to, entry.name));
  }
}

/**
 * A file no test's origin changes is linked, not copied: a test file's copy took 2-3 s of a loaded
 * core for bytes it never writes (a rebuild writes a new folder and swaps the symlink). Copied when the
 * two folders are on different disks.
 */
function shareFile(source: string, target: string): void {
  try {
    linkSync(source, target);
  } catch {
    copyFileSync(source, target);
  }
}
