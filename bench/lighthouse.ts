/**
 * Lighthouse (mobile defaults: Moto G Power emulation, simulated slow 4G, 4x CPU) against the
 * local Chromium through chrome-launcher; the median of `runs` runs per page and category.
 * Standalone: npx tsx bench/lighthouse.ts <url> [runs]
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { median } from './lib/figures.js';
import { busyNote, waitForQuietCpu } from './lib/quiet.js';
import { writeStoredSession, type StoredSession } from './lib/stored-session.js';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface LighthouseResult {
  url: string;
  runs: number;
  /** Median score per category, 0..100. */
  scores: Record<Category, number | null>;
  /** Median of the performance metrics Lighthouse simulated, in ms (CLS unitless). */
  metrics: Record<string, number>;
  /** Median bytes transferred during the load (Lighthouse's total-byte-weight), in all and in scripts. */
  bytes: { total: number; script: number };
  /** Each run's performance score, TBT and LCP (ms), in run order: on two shared cores these swing
   * several-fold between runs of one build, and the medians alone hide it. */
  perRun: { performance: number[]; tbt: number[]; lcp: number[] };
  /** Failing audits of the median-performance run (title and score), for the fix list. */
  failing: { id: string; title: string; score: number | null; display?: string }[];
  /** Runs that started without a quiet second on the machine (see waitForQuietCpu): their figures carry the load. */
  busyRuns: number;
}

export interface LighthouseTarget {
  url: string;
  /** A member's session, so a page that sends visitors away (/vip-uyelik) is audited as its reader gets it. */
  session?: StoredSession;
}

/**
 * Leaves the member's tokens in the origin's localStorage, where the site's session code reads them.
 * Lighthouse clears storage before each run unless told not to; told not to, it keeps the HTTP cache
 * too. So before each signed-in run the cache is emptied here, the load stays a cold one, and the
 * origin's storage is cleared again after each signed-in run.
 */
async function setStoredSession(port: number, url: string, session: StoredSession | null): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.goto(new URL('/robots.txt', url).href);
    await page.evaluate(() => localStorage.clear());
    if (session) await page.evaluate(writeStoredSession, session);
    await page.close();
  } finally {
    await browser.close();
  }
}

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update'];
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/**
 * Runs go round the targets (run 1 of every page, then run 2 of every page…) rather than page by
 * page, so a stretch of a busy machine falls on all of them alike: the pages are compared with each
 * other (Ganyan's with WordPress's) as much as with their goals.
 */
export async function runLighthouse(targets: LighthouseTarget[], runs: number, log: (line: string) => void = () => {}): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const lhrs: Lhr[][] = targets.map(() => []);
  const busyRuns = targets.map(() => 0);
  try {
    for (let i = 0; i < runs; i++) {
      for (const [t, { url, session }] of targets.entries()) {
        if (session) await setStoredSession(chrome.port, url, session);
        const busy = busyNote(await waitForQuietCpu());
        if (busy) {
          busyRuns[t] = busyRuns[t]! + 1;
          log(`  lighthouse ${url}: run ${i + 1} ${busy}`);
        }
        const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], disableStorageReset: Boolean(session) });
        if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
        if (result.lhr.runtimeError) log(`  lighthouse ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
        if (session && new URL(result.lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`lighthouse ${url}: the signed-in run ended on ${result.lhr.finalDisplayedUrl}`);
        // The next target's run starts with its own storage; a signed-in page leaves nothing behind.
        if (session) await setStoredSession(chrome.port, url, null);
        lhrs[t]!.push(result.lhr);
      }
    }
  } finally {
    await chrome.kill();
  }
  return targets.map(({ url }, t) => {
    const result = summarise(url, lhrs[t]!, busyRuns[t]!);
    log(`  lighthouse ${url}: ${CATEGORIES.map((c) => `${c} ${result.scores[c] ?? 'n/a'}`).join(', ')}`);
    return result;
  });
}

/** Medians of one page's runs, each run's headline figures, and the failing audits of its median run. */
function summarise(url: string, lhrs: Lhr[], busyRuns: number): LighthouseResult {
  const score = (category: Category) => {
    const values = lhrs.map((l) => l.categories[category]?.score).filter((s): s is number => typeof s === 'number');
    return values.length ? Math.round(median(values) * 100) : null;
  };
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])) as Record<Category, number | null>;
  const metrics = Object.fromEntries(METRICS.map((id) => [id, median(lhrs.map((l) => l.audits[id]?.numericValue ?? Number.NaN))]));
  const scriptBytes = (lhr: Lhr) => {
    const items = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
    return items.find((item) => item.resourceType === 'script')?.transferSize ?? Number.NaN;
  };
  const bytes = { total: median(lhrs.map((l) => l.audits['total-byte-weight']?.numericValue ?? Number.NaN)), script: median(lhrs.map(scriptBytes)) };
  const perf = lhrs.map((l) => l.categories.performance?.score ?? 0);
  const medianRun = lhrs[perf.indexOf([...perf].sort((a, b) => a - b)[perf.length >> 1]!)]!;
  const failing = Object.values(medianRun.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
    .map((a) => ({ id: a.id, title: a.title, score: a.score, display: a.displayValue }));
  const perRun = {
    performance: perf.map((s) => Math.round(s * 100)),
    tbt: lhrs.map((l) => Math.round(l.audits['total-blocking-time']?.numericValue ?? Number.NaN)),
    lcp: lhrs.map((l) => Math.round(l.audits['largest-contentful-paint']?.numericValue ?? Number.NaN)),
  };
  return { url, runs: lhrs.length, scores, metrics, bytes, perRun, failing, busyRuns };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [url, runs] = process.argv.slice(2);
  if (!url) throw new Error('usage: npx tsx bench/lighthouse.ts <url> [runs]');
  runLighthouse([{ url }], Number(runs ?? 1), console.log)
    .then((r) => console.log(JSON.stringify(r, null, 2)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
