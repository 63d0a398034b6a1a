import type { PageTarget } from './page-weight.js';
import type { Figure } from './figures.js';
import type { LighthouseResult } from '../lighthouse.js';

const KB = 1024;

/**
 * Issue 21 "lighter than WordPress, page by page": a plain WordPress 6.1 (default block theme,
 * OPcache, the same articles; Lighthouse mobile, median of 5) measured on this machine, and Ganyan
 * when the issue was filed. Goals: at or better than WordPress on each figure; performance at
 * least 98 on public pages (at least WordPress's where higher) and 95 on the staff panel. With
 * --wordpress, the WordPress figures measured in this run replace the filed ones as goals.
 */
export interface PageGoals {
  wordpress: { totalKB?: number; jsKB?: number; tbtMs?: number; lcpMs?: number; score?: number };
  before: { totalKB?: number; jsKB?: number; tbtMs?: number; lcpMs?: number; score?: number };
  score: number;
}
export const LIGHTER_THAN_WORDPRESS: Record<string, PageGoals> = {
  home: { wordpress: { totalKB: 45, jsKB: 9, tbtMs: 0, lcpMs: 1268 }, before: { totalKB: 97, jsKB: 0, tbtMs: 127, lcpMs: 1387 }, score: 98 },
  article: { wordpress: { totalKB: 48, lcpMs: 1346 }, before: { totalKB: 58, lcpMs: 1681 }, score: 98 },
  'news list': { wordpress: { totalKB: 115, jsKB: 9, tbtMs: 19, score: 99 }, before: { totalKB: 334, jsKB: 252, tbtMs: 260, score: 95 }, score: 99 },
  'VIP packages': { wordpress: {}, before: { score: 94 }, score: 98 },
  'staff panel': { wordpress: {}, before: { score: 89 }, score: 95 },
};
/** The pages measured against WordPress get its number of runs (median of 5), as the table had. */
export const VERSUS_WORDPRESS = new Set(Object.entries(LIGHTER_THAN_WORDPRESS).filter(([, goals]) => Object.keys(goals.wordpress).length).map(([type]) => type));

/** 'WordPress 45 KB; issue 21 start 97 KB' for one figure of a page, as far as they were measured. */
export function beforeNote(versus: PageGoals | undefined, key: keyof PageGoals['before'], unit: string, live?: number): string | undefined {
  const filed = versus?.wordpress[key];
  const parts = [
    live !== undefined ? `WordPress in this run ${unit.trim() === 'KB' ? live.toFixed(1) : Math.round(live)}${unit}` : null,
    filed !== undefined ? `WordPress ${live !== undefined ? 'when the issue was filed ' : ''}${filed}${unit}` : null,
    versus?.before[key] !== undefined ? `issue 21 start ${versus.before[key]}${unit}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join('; ') : undefined;
}

/** 'runs 137/190/402 ms': every run's value beside the median, so a swing between runs shows in the table. */
export function runsNote(values: number[], unit: string): string | undefined {
  return values.length > 1 ? `runs ${values.join('/')}${unit}` : undefined;
}

export function metricsNote(r: LighthouseResult): string {
  return `LCP ${Math.round(r.metrics['largest-contentful-paint'] ?? 0)} ms, TBT ${Math.round(r.metrics['total-blocking-time'] ?? 0)} ms, CLS ${(r.metrics['cumulative-layout-shift'] ?? 0).toFixed(3)}`;
}

/** The figures of issue 21's table for one page, in KB and ms as the table has them. */
function tableFigures(r: LighthouseResult) {
  return {
    totalKB: r.bytes.total / KB,
    jsKB: r.bytes.script / KB,
    tbtMs: r.metrics['total-blocking-time'] ?? Number.NaN,
    lcpMs: r.metrics['largest-contentful-paint'] ?? Number.NaN,
    score: r.scores.performance ?? undefined,
  } satisfies PageGoals['wordpress'];
}

/**
 * A page's performance goal: 98 for a public page, 95 for the panel, or WordPress's score where it
 * is higher (its score in this run where it was measured, else the issue's); with the note's figures.
 */
export function performanceGoal(versus: PageGoals | undefined, liveWordPress?: LighthouseResult): { target: number; note: string | undefined } {
  const live = liveWordPress?.scores.performance ?? undefined;
  const wordpress = live ?? versus?.wordpress.score;
  return { target: Math.max(versus?.score ?? 98, wordpress ?? 0), note: beforeNote(versus, 'score', '', live) };
}

/**
 * Total bytes, script bytes, TBT and LCP of one page's Lighthouse runs against the WordPress goals:
 * the figures of the WordPress measured in this run where there is one, else the issue's.
 */
export function wordpressFigures(type: string, versus: PageGoals, r: LighthouseResult, liveWordPress?: LighthouseResult): Figure[] {
  const live = liveWordPress ? tableFigures(liveWordPress) : undefined;
  const goal = (key: keyof PageGoals['wordpress'], scale = 1) => {
    if (versus.wordpress[key] === undefined) return undefined;
    return { op: '<=' as const, target: (live?.[key] ?? versus.wordpress[key]) * scale };
  };
  const note = (key: keyof PageGoals['wordpress'], unit: string) => beforeNote(versus, key, unit, live?.[key]);
  return [
    { section: 'Lighthouse', name: `${type}: total bytes at load`, value: r.bytes.total, unit: 'B', goal: goal('totalKB', KB), note: note('totalKB', ' KB') },
    { section: 'Lighthouse', name: `${type}: JS bytes at load`, value: r.bytes.script, unit: 'B', goal: goal('jsKB', KB), note: note('jsKB', ' KB') },
    { section: 'Lighthouse', name: `${type}: TBT`, value: r.metrics['total-blocking-time'] ?? null, unit: 'ms', goal: goal('tbtMs'), note: [runsNote(r.perRun.tbt, ' ms'), note('tbtMs', ' ms')].filter(Boolean).join('; ') },
    { section: 'Lighthouse', name: `${type}: LCP`, value: r.metrics['largest-contentful-paint'] ?? null, unit: 'ms', goal: goal('lcpMs'), note: [runsNote(r.perRun.lcp, ' ms'), note('lcpMs', ' ms')].filter(Boolean).join('; ') },
  ];
}

/** WordPress's own rows for one page, measured in this run: what Ganyan's goals above were taken from. */
export function liveWordPressFigures(type: string, r: LighthouseResult): Figure[] {
  return [
    { section: 'Lighthouse', name: `WordPress ${type}: performance (median of ${r.runs})`, value: r.scores.performance, unit: 'score', note: [metricsNote(r), runsNote(r.perRun.performance, '')].filter(Boolean).join('; ') },
    { section: 'Lighthouse', name: `WordPress ${type}: total bytes at load`, value: r.bytes.total, unit: 'B' },
    { section: 'Lighthouse', name: `WordPress ${type}: JS bytes at load`, value: r.bytes.script, unit: 'B' },
    { section: 'Lighthouse', name: `WordPress ${type}: TBT`, value: r.metrics['total-blocking-time'] ?? null, unit: 'ms', note: runsNote(r.perRun.tbt, ' ms') },
    { section: 'Lighthouse', name: `WordPress ${type}: LCP`, value: r.metrics['largest-contentful-paint'] ?? null, unit: 'ms', note: runsNote(r.perRun.lcp, ' ms') },
  ];
}

/** WordPress's home, the same article and its news category (bench/wordpress/setup.sh), each checked to answer. */
export async function wordpressPages(base: string, articleSlug: string, pages: PageTarget[]): Promise<{ type: string; url: string }[]> {
  const paths: Record<string, string> = { home: '/', article: `/${encodeURIComponent(articleSlug)}/`, 'news list': '/category/haberler/' };
  const chosen = pages.filter((p) => paths[p.type]).map((p) => ({ type: p.type, url: new URL(paths[p.type]!, base).href }));
  for (const { url } of chosen) {
    const response = await fetch(url).catch((error: unknown) => ({ ok: false, status: String(error) }));
    if (!response.ok) throw new Error(`WordPress ${url} answered ${response.status}: run bash bench/wordpress/setup.sh (as root) with the same demo data`);
  }
  return chosen;
}

