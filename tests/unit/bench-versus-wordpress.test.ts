import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startControlPage } from '../../bench/lib/control-page.js';
import { LIGHTER_THAN_WORDPRESS, performanceGoal, wordpressFigures } from '../../bench/lib/versus-wordpress.js';
import type { LighthouseResult } from '../../bench/lighthouse.js';

function lighthouseResult(figures: { totalBytes: number; scriptBytes: number; tbt: number; lcp: number; performance: number }): LighthouseResult {
  return {
    url: 'http://127.0.0.1/',
    runs: 5,
    scores: { performance: figures.performance, accessibility: 100, 'best-practices': 100, seo: 100 },
    metrics: { 'total-blocking-time': figures.tbt, 'largest-contentful-paint': figures.lcp },
    bytes: { total: figures.totalBytes, script: figures.scriptBytes },
    perRun: { performance: [figures.performance], tbt: [figures.tbt], lcp: [figures.lcp] },
    failing: [],
    busyRuns: 0,
  };
}

const ganyanHome = lighthouseResult({ totalBytes: 44_000, scriptBytes: 6_600, tbt: 150, lcp: 960, performance: 97 });
const byName = (figures: ReturnType<typeof wordpressFigures>) => new Map(figures.map((f) => [f.name, f]));

describe('Ganyan against WordPress in the bench', () => {
  it('without a WordPress in the run, the goals are the figures the issue was filed with', () => {
    const figures = byName(wordpressFigures('home', LIGHTER_THAN_WORDPRESS.home!, ganyanHome));
    expect(figures.get('home: total bytes at load')?.goal).toEqual({ op: '<=', target: 45 * 1024 });
    expect(figures.get('home: TBT')?.goal).toEqual({ op: '<=', target: 0 });
    expect(figures.get('home: LCP')?.goal).toEqual({ op: '<=', target: 1268 });
    expect(figures.get('home: TBT')?.note).toContain('WordPress 0 ms');
  });

  it('a WordPress measured in the same run sets the goals, and the note keeps the filed figure', () => {
    const live = lighthouseResult({ totalBytes: 114_074, scriptBytes: 9_216, tbt: 54, lcp: 1447, performance: 100 });
    const figures = byName(wordpressFigures('home', LIGHTER_THAN_WORDPRESS.home!, ganyanHome, live));
    expect(figures.get('home: total bytes at load')?.goal).toEqual({ op: '<=', target: 114_074 });
    expect(figures.get('home: JS bytes at load')?.goal).toEqual({ op: '<=', target: 9_216 });
    expect(figures.get('home: TBT')?.goal).toEqual({ op: '<=', target: 54 });
    expect(figures.get('home: LCP')?.goal).toEqual({ op: '<=', target: 1447 });
    expect(figures.get('home: total bytes at load')?.note).toBe('WordPress in this run 111.4 KB; WordPress when the issue was filed 45 KB; issue 21 start 97 KB');
    expect(figures.get('home: TBT')?.note).toContain('WordPress in this run 54 ms; WordPress when the issue was filed 0 ms');
  });

  it('the performance goal is 98, the panel’s 95, or WordPress’s score where higher', () => {
    expect(performanceGoal(undefined)).toEqual({ target: 98, note: undefined });
    expect(performanceGoal(LIGHTER_THAN_WORDPRESS['staff panel'])).toEqual({ target: 95, note: 'issue 21 start 89' });
    expect(performanceGoal(LIGHTER_THAN_WORDPRESS['news list'])).toEqual({ target: 99, note: 'WordPress 99; issue 21 start 95' });
    const live = lighthouseResult({ totalBytes: 113_664, scriptBytes: 9_216, tbt: 10, lcp: 1385, performance: 100 });
    expect(performanceGoal(LIGHTER_THAN_WORDPRESS['news list'], live)).toEqual({ target: 100, note: 'WordPress in this run 100; WordPress when the issue was filed 99; issue 21 start 95' });
    expect(performanceGoal(LIGHTER_THAN_WORDPRESS.home, live).target).toBe(100);
    const slower = lighthouseResult({ totalBytes: 113_664, scriptBytes: 9_216, tbt: 300, lcp: 2400, performance: 90 });
    expect(performanceGoal(LIGHTER_THAN_WORDPRESS.home, slower).target).toBe(98);
  });

  it('a figure the issue did not compare gets no goal, even with WordPress measured', () => {
    const live = lighthouseResult({ totalBytes: 43_000, scriptBytes: 10_800, tbt: 11, lcp: 1367, performance: 100 });
    const figures = byName(wordpressFigures('article', LIGHTER_THAN_WORDPRESS.article!, ganyanHome, live));
    expect(figures.get('article: JS bytes at load')?.goal).toBeUndefined();
    expect(figures.get('article: TBT')?.goal).toBeUndefined();
    expect(figures.get('article: TBT')?.note).toContain('WordPress in this run 11 ms');
    expect(figures.get('article: LCP')?.goal).toEqual({ op: '<=', target: 1367 });
  });
});

describe('the control page', () => {
  let control: Awaited<ReturnType<typeof startControlPage>>;
  beforeAll(async () => {
    control = await startControlPage();
  });
  afterAll(() => control.close());

  it('is one heading and one paragraph, in Turkish, with nothing to load', async () => {
    const response = await fetch(control.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('<html lang="tr">');
    expect(html.match(/<(h1|p)>/g)).toEqual(['<h1>', '<p>']);
    expect(html).not.toMatch(/<(script|style|link|img)\b/);
    expect((await fetch(new URL('/robots.txt', control.url))).status).toBe(404);
  });
});
