/**
 * Cold start of every Cloud Function (`npm run bench -- --only cold-start`): the functions build
 * (tsc to functions/lib and the record pages bundle, as deploy ships them), then per exported
 * function fresh Node processes (bench/lib/cold-start-child.mjs) from process start to "handler
 * ready", the handler's first outbound connection. Timing runs load no hooks; one more run counts
 * the modules and the bytes of JavaScript loaded and the native libraries mapped.
 *
 * `--cold-start-before REF` builds the functions of a git commit too (an archive of it under
 * .firebase/, so node_modules resolve as in the worktree) and measures both trees in the same
 * rounds, alternating, so the machine's load weighs on both alike.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { median, type Figure } from './lib/figures.js';
import { waitForQuietCpu } from './lib/quiet.js';
import { REPO_ROOT } from '../functions/src/platform/config.js';

const CHILD = resolve(REPO_ROOT, 'bench/lib/cold-start-child.mjs');
const TSC = resolve(REPO_ROOT, 'node_modules/typescript/bin/tsc');
const TSX = resolve(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs');

/** firebase deploy loads index.js to read the function list and gives up after 10 s. */
export const DEPLOY_LOAD_BUDGET_MS = 10_000;

/** What one counting run saw at "handler ready". */
export interface LoadCount {
  modules: number;
  bytes: number;
  nativeLibs: string[];
  rssBytes: number;
  readyBy: 'connection' | 'returned' | 'loaded';
  packages: Record<string, number>;
}

export interface ColdStart {
  /** 'node' (an empty process), 'index' (index.js alone) or an exported function. */
  entry: string;
  kind: 'floor' | 'index' | 'https' | 'schedule' | 'trigger';
  timesMs: number[];
  medianMs: number;
  load: LoadCount;
}

export interface ColdStartTree {
  label: string;
  libDir: string;
  results: ColdStart[];
}

/** The environment Cloud Functions gives a function, with nothing of this machine's Ganyan settings. */
function functionEnv(entry: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!name.startsWith('GANYAN_') && !name.startsWith('FIREBASE_') && !name.startsWith('FIRESTORE_')) env[name] = value;
  return {
    ...env,
    NODE_ENV: 'production',
    GCLOUD_PROJECT: 'demo-ganyan',
    FIREBASE_CONFIG: JSON.stringify({ projectId: 'demo-ganyan', storageBucket: 'demo-ganyan.appspot.com' }),
    FUNCTION_TARGET: entry,
    K_SERVICE: entry.toLowerCase(),
    // The secret, as Secret Manager hands it in; the bench has no Google metadata server to ask.
    JWT_SECRET: 'soguk-baslangic-olcumu-icin-uzun-bir-gizli-anahtar',
    METADATA_SERVER_DETECTION: 'none',
  };
}

function runChild(libDir: string, entry: string, mode: 'time' | 'count' | 'list'): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [CHILD, libDir, entry, mode], { env: functionEnv(entry), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      // The functions' own logs share stdout: the report is the last JSON line the child writes.
      const line = out.split('\n').findLast((l) => l.startsWith('{"readyMs"') || l.startsWith('{"entries"'));
      if (code === 0 && line) resolvePromise(line);
      else reject(new Error(`cold start of ${entry} (${libDir}) ended with ${code}: ${(err || out).trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}

/** The exported Cloud Functions of a built index.js and their kinds, as the functions SDK recorded them. */
async function listEntries(libDir: string): Promise<{ name: string; kind: ColdStart['kind'] }[]> {
  return (JSON.parse(await runChild(libDir, 'index', 'list')) as { entries: { name: string; kind: ColdStart['kind'] }[] }).entries;
}

/** tsc to `<root>/functions/lib`, then the record pages bundle: `npm run build -w functions` without npm. */
export function buildFunctions(root: string, incremental: boolean): string {
  const tsc = [TSC, '-p', join(root, 'functions/tsconfig.build.json')];
  // The same build info file as the emulator test's, so either one finds the other's work done.
  if (incremental) tsc.push('--incremental', '--tsBuildInfoFile', join(REPO_ROOT, '.firebase/functions-build.tsbuildinfo'));
  execFileSync(process.execPath, tsc, { stdio: ['ignore', 'pipe', 'pipe'] });
  execFileSync(process.execPath, [TSX, join(root, 'scripts/bundle-record-pages.ts')], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  return join(root, 'functions/lib');
}

/** The whole tree of `ref` under .firebase/ (git-ignored), so its imports resolve to this checkout's node_modules. */
export function archiveTree(ref: string): { root: string; sha: string; remove: () => void } {
  const sha = execFileSync('git', ['-C', REPO_ROOT, 'rev-parse', '--short', ref], { encoding: 'utf8' }).trim();
  const root = join(REPO_ROOT, '.firebase', `cold-start-${sha}`);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  execFileSync('sh', ['-c', `git -C "${REPO_ROOT}" archive ${sha} | tar -x -C "${root}"`]);
  return { root, sha, remove: () => rmSync(root, { recursive: true, force: true }) };
}

export interface ColdStartOptions {
  runs: number;
  /** Trees to measure side by side; the first is the one the goals are checked on. */
  trees: { label: string; libDir: string }[];
  log: (line: string) => void;
}

export async function benchColdStart({ runs, trees, log }: ColdStartOptions): Promise<ColdStartTree[]> {
  const entries = [{ name: 'node', kind: 'floor' as const }, { name: 'index', kind: 'index' as const }, ...(await listEntries(trees[0]!.libDir))];
  const out = trees.map((tree) => ({ ...tree, times: new Map<string, number[]>(entries.map((e) => [e.name, []])) }));
  let busyStarts = 0;
  for (let run = 0; run < runs; run++) {
    for (const entry of entries) {
      for (const tree of out) {
        if (!(await waitForQuietCpu({ idleShare: 0.8, timeoutMs: 3_000 })).quiet) busyStarts += 1;
        const report = JSON.parse(await runChild(tree.libDir, entry.name, 'time')) as { readyMs: number };
        tree.times.get(entry.name)!.push(report.readyMs);
      }
    }
    log(`  cold start: round ${run + 1} of ${runs}`);
  }
  if (busyStarts > 0) log(`  cold start: ${busyStarts} starts without a quiet second (load on the machine)`);
  const results: ColdStartTree[] = [];
  for (const tree of out) {
    const measured: ColdStart[] = [];
    for (const entry of entries) {
      const load = JSON.parse(await runChild(tree.libDir, entry.name, 'count')) as LoadCount;
      const timesMs = tree.times.get(entry.name)!;
      measured.push({ entry: entry.name, kind: entry.kind, timesMs, medianMs: median(timesMs), load });
    }
    results.push({ label: tree.label, libDir: tree.libDir, results: measured });
  }
  return results;
}

const KB = 1024;
const MIB = 2 ** 20;

function loadNote(c: ColdStart): string {
  const native = c.load.nativeLibs.length ? c.load.nativeLibs.map((lib) => lib.split('/').at(-1)).join(', ') : 'no native library';
  return `${c.load.modules} modules, ${Math.round(c.load.bytes / KB).toLocaleString('en')} KB JS, ${native}, RSS ${Math.round(c.load.rssBytes / MIB)} MiB`;
}

/**
 * The table's rows: per function the median time to handler ready and what it loaded, the earlier
 * tree's figures in the note. Goals: index.js within deploy's budget; no function maps a native
 * library before it needs one; no scheduled job or trigger loads more JavaScript than the API.
 */
export function coldStartFigures(trees: ColdStartTree[]): Figure[] {
  const [now, ...earlier] = trees;
  const section = 'Cold start';
  const figures: Figure[] = [];
  const api = now!.results.find((r) => r.entry === 'api');
  for (const c of now!.results) {
    const before = earlier.map((tree) => ({ label: tree.label, c: tree.results.find((r) => r.entry === c.entry) })).filter((b) => b.c);
    const beforeTime = before.map((b) => `${b.label}: ${Math.round(b.c!.medianMs)} ms`).join('; ');
    const beforeLoad = before.map((b) => `${b.label}: ${loadNote(b.c!)}`).join('; ');
    const label = c.entry === 'node' ? 'Node alone (the floor)' : c.entry === 'index' ? 'index.js (the function list)' : `${c.entry} (${c.kind})`;
    figures.push({
      section,
      name: `${label}: process start to handler ready`,
      value: c.medianMs,
      unit: 'ms',
      goal: c.entry === 'index' ? { op: '<=', target: DEPLOY_LOAD_BUDGET_MS } : undefined,
      note: [`median of ${c.timesMs.length}: ${c.timesMs.map((t) => Math.round(t)).join('/')} ms`, beforeTime].filter(Boolean).join('; '),
    });
    if (c.kind === 'floor') continue;
    figures.push({
      section,
      name: `${label}: JS loaded`,
      value: c.load.bytes,
      unit: 'B',
      goal: (c.kind === 'schedule' || c.kind === 'trigger') && api ? { op: '<=', target: api.load.bytes } : undefined,
      note: [loadNote(c), beforeLoad].filter(Boolean).join('; '),
    });
    figures.push({ section, name: `${label}: native libraries mapped`, value: c.load.nativeLibs.length, unit: 'count', goal: { op: '<=', target: 0 } });
  }
  return figures;
}
