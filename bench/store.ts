/**
 * DocumentStore (sqlite adapter) benchmark: 100,000 documents in a temp file, then the query a
 * listing page issues, point reads and single-document transactions. Prints the figures with the
 * goals and writes them to bench/results/store.json. Never run inside the test suite.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SqliteStore } from '../functions/src/adapters/sqlite/sqlite-store.js';
import type { IndexFile } from '../functions/src/ports/index-coverage.js';

const DOCS = 100_000;
const BATCH = 5_000;
const PAGE_SIZE = 12;
const PAGE_RUNS = 600;
const POINT_READS = 50_000;
const TRANSACTIONS = 3_000;
const GOALS = { pageP95Ms: 5, pointReadsPerSecond: 20_000 };
const COLLECTION = 'benchArticles';
const STATUSES = ['published', 'published', 'published', 'draft', 'archived'];
const CATEGORIES = ['yaris-analizi', 'haberler', 'tahminler', 'koşu-notları', 'röportaj'];

const indexes: IndexFile = {
  indexes: [
    {
      collectionGroup: COLLECTION,
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'status', order: 'ASCENDING' },
        { fieldPath: 'publishedAt', order: 'DESCENDING' },
      ],
    },
  ],
};

/** Deterministic pseudo-random numbers, so every run measures the same data and the same queries. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** CPU seconds this process spent since `start`: shows the store's own cost when the machine is busy. */
function cpuSeconds(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

const round = (n: number, digits = 3) => Number(n.toFixed(digits));

const dir = mkdtempSync(join(tmpdir(), 'ganyan-bench-'));
const store = new SqliteStore({ file: join(dir, 'bench.sqlite'), indexes });
try {
  const rand = random(42);
  const ids: string[] = [];
  const base = Date.UTC(2024, 0, 1);
  const buildStart = performance.now();
  for (let start = 0; start < DOCS; start += BATCH) {
    const batch = store.batch();
    for (let i = start; i < Math.min(DOCS, start + BATCH); i += 1) {
      const id = store.newId();
      ids.push(id);
      batch.set(COLLECTION, id, {
        title: `Koşu ${i}: Veliefendi'de ${CATEGORIES[i % CATEGORIES.length]} notları`,
        slug: `kosu-${i}`,
        status: STATUSES[Math.floor(rand() * STATUSES.length)],
        category: CATEGORIES[Math.floor(rand() * CATEGORIES.length)],
        publishedAt: new Date(base + Math.floor(rand() * 3 * 365 * 86_400_000)),
        authorId: `author${Math.floor(rand() * 40)}`,
        views: Math.floor(rand() * 10_000),
        likes: Math.floor(rand() * 500),
        tags: ['at-yarisi', CATEGORIES[i % CATEGORIES.length]!],
        excerpt: 'Günün koşularında öne çıkan atlar, jokeyler ve ganyan tahminleri. '.repeat(4),
        access: i % 10 === 0 ? 'premium' : 'public',
      });
    }
    await batch.commit();
  }
  const buildSeconds = (performance.now() - buildStart) / 1000;

  // Warm up: builds the single-field indexes and the statement cache, as a running server has.
  const pageQuery = (offset: number) =>
    store.collection(COLLECTION).where('status', '==', 'published').orderBy('publishedAt', 'desc').offset(offset).limit(PAGE_SIZE).get();
  for (let i = 0; i < 50; i += 1) await pageQuery(i * PAGE_SIZE);
  await store.get(COLLECTION, ids[0]!);

  // Listing pages 1..100 (offsets 0..1188), the depth people actually page to.
  const pageRand = random(7);
  const pageTimes: number[] = [];
  const pageCpu = process.cpuUsage();
  for (let i = 0; i < PAGE_RUNS; i += 1) {
    const offset = Math.floor(pageRand() * 100) * PAGE_SIZE;
    const t = performance.now();
    const page = await pageQuery(offset);
    pageTimes.push(performance.now() - t);
    if (page.length !== PAGE_SIZE) throw new Error(`page at offset ${offset} has ${page.length} items`);
  }
  const pageCpuMsMean = (cpuSeconds(pageCpu) * 1000) / PAGE_RUNS;
  pageTimes.sort((a, b) => a - b);
  const deepTimes: number[] = [];
  for (const offset of [5_000, 10_000, 20_000]) {
    const t = performance.now();
    await pageQuery(offset);
    deepTimes.push(performance.now() - t);
  }

  const readRand = random(99);
  const readStart = performance.now();
  const readCpu = process.cpuUsage();
  for (let i = 0; i < POINT_READS; i += 1) {
    const doc = await store.get(COLLECTION, ids[Math.floor(readRand() * ids.length)]!);
    if (!doc) throw new Error('missing document');
  }
  const pointReadsPerSecond = POINT_READS / ((performance.now() - readStart) / 1000);
  const pointReadsPerCpuSecond = POINT_READS / cpuSeconds(readCpu);

  const txRand = random(5);
  const txStart = performance.now();
  const txCpu = process.cpuUsage();
  for (let i = 0; i < TRANSACTIONS; i += 1) {
    const id = ids[Math.floor(txRand() * ids.length)]!;
    await store.runTransaction(async (tx) => {
      const doc = await tx.get<{ views: number }>(COLLECTION, id);
      tx.update(COLLECTION, id, { views: doc!.views + 1 });
    });
  }
  const transactionsPerSecond = TRANSACTIONS / ((performance.now() - txStart) / 1000);
  const transactionsPerCpuSecond = TRANSACTIONS / cpuSeconds(txCpu);

  const countStart = performance.now();
  const published = await store.collection(COLLECTION).where('status', '==', 'published').count();
  const countMs = performance.now() - countStart;

  const results = {
    measuredAt: new Date().toISOString(),
    node: process.version,
    // Wall-clock figures depend on what else the machine runs; the CPU figures much less.
    loadAverage1m: round(loadavg()[0]!, 2),
    cores: availableParallelism(),
    documents: DOCS,
    buildSeconds: round(buildSeconds, 2),
    page: {
      query: `${COLLECTION} where status == published orderBy publishedAt desc offset 0..1188 limit ${PAGE_SIZE}`,
      runs: PAGE_RUNS,
      p50Ms: round(percentile(pageTimes, 50)),
      p95Ms: round(percentile(pageTimes, 95)),
      maxMs: round(pageTimes.at(-1)!),
      cpuMsMean: round(pageCpuMsMean),
      deepOffsetsMs: { 5000: round(deepTimes[0]!), 10000: round(deepTimes[1]!), 20000: round(deepTimes[2]!) },
    },
    pointReadsPerSecond: Math.round(pointReadsPerSecond),
    pointReadsPerCpuSecond: Math.round(pointReadsPerCpuSecond),
    transactionsPerSecond: Math.round(transactionsPerSecond),
    transactionsPerCpuSecond: Math.round(transactionsPerCpuSecond),
    countPublished: { result: published, ms: round(countMs) },
    goals: {
      pageP95Ms: { goal: `<= ${GOALS.pageP95Ms}`, met: percentile(pageTimes, 95) <= GOALS.pageP95Ms },
      pointReadsPerSecond: { goal: `>= ${GOALS.pointReadsPerSecond}`, met: pointReadsPerSecond >= GOALS.pointReadsPerSecond },
    },
  };

  const met = (ok: boolean) => (ok ? 'met' : 'NOT MET');
  console.log(`DocumentStore benchmark (sqlite, ${DOCS.toLocaleString('en')} documents, built in ${results.buildSeconds} s)`);
  if (results.loadAverage1m > results.cores) {
    console.log(`  note: load average ${results.loadAverage1m} on ${results.cores} cores; wall-clock figures include waiting for a CPU`);
  }
  console.log(`  page query p50 ${results.page.p50Ms} ms, p95 ${results.page.p95Ms} ms (goal p95 <= ${GOALS.pageP95Ms} ms: ${met(results.goals.pageP95Ms.met)}); mean CPU ${results.page.cpuMsMean} ms`);
  console.log(`  deep offsets 5,000 / 10,000 / 20,000: ${deepTimes.map((t) => round(t, 1)).join(' / ')} ms`);
  console.log(`  point reads ${results.pointReadsPerSecond.toLocaleString('en')}/s (goal >= ${GOALS.pointReadsPerSecond.toLocaleString('en')}/s: ${met(results.goals.pointReadsPerSecond.met)}); ${results.pointReadsPerCpuSecond.toLocaleString('en')} per CPU second`);
  console.log(`  single-document transactions ${results.transactionsPerSecond.toLocaleString('en')}/s; ${results.transactionsPerCpuSecond.toLocaleString('en')} per CPU second`);
  console.log(`  count() of ${published.toLocaleString('en')} published: ${results.countPublished.ms} ms`);

  const out = resolve(dirname(fileURLToPath(import.meta.url)), 'results/store.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`  written to ${out}`);
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
