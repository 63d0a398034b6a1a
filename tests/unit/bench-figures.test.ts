import { describe, expect, it } from 'vitest';
import { besidePrevious, check, formatTable, formatValue, median, meets, newestRunWith, percentile, resultFileName, type Figure } from '../../bench/lib/figures.js';
import { waitForQuietCpu } from '../../bench/lib/quiet.js';

describe('bench figures', () => {
  it('percentile uses the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 95)).toBeNaN();
  });

  it('a quiet start waits for its window and, past its timeout, says the machine was busy', async () => {
    const never = await waitForQuietCpu({ idleShare: 1.01, windowMs: 50, timeoutMs: 150 });
    expect(never.quiet).toBe(false);
    expect(never.waitedMs).toBeGreaterThanOrEqual(150);
    expect(never.idleShare).toBeGreaterThanOrEqual(0);
    expect(never.idleShare).toBeLessThanOrEqual(1);
    const always = await waitForQuietCpu({ idleShare: 0, windowMs: 50 });
    expect(always.quiet).toBe(true);
    expect(always.waitedMs).toBeGreaterThanOrEqual(45);
  });

  it('median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('goals: <= and >=, missing values are not judged', () => {
    expect(meets(120, { op: '<=', target: 120 })).toBe(true);
    expect(meets(120.1, { op: '<=', target: 120 })).toBe(false);
    expect(meets(97, { op: '>=', target: 98 })).toBe(false);
    expect(meets(null, { op: '>=', target: 98 })).toBeNull();
    expect(meets(5, undefined)).toBeNull();
  });

  it('formats values by unit', () => {
    expect(formatValue(102_400, 'B')).toBe('100.0 KB');
    expect(formatValue(512, 'B')).toBe('512 B');
    expect(formatValue(12.345, 'ms')).toBe('12.3 ms');
    expect(formatValue(1234.5, 'ms')).toBe('1235 ms');
    expect(formatValue(3.456, 'x')).toBe('3.46x');
    expect(formatValue(null, 'ms')).toBe('n/a');
  });

  it('table has one row per figure, sections, met column and a goal count', () => {
    const table = formatTable(
      check([
        { section: 'API', name: 'list max rate', value: 2500, unit: 'req/s', goal: { op: '>=', target: 2000 } },
        { section: 'API', name: 'slug p95', value: 4.2, unit: 'ms' },
        { section: 'Build', name: 'build time', value: 130, unit: 's', goal: { op: '<=', target: 120 }, note: 'slow disk' },
      ]),
    );
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^Figure\s+Value\s+Goal\s+Met\s+Note$/);
    expect(table).toContain('[API]');
    expect(table).toContain('[Build]');
    expect(lines.find((l) => l.startsWith('list max rate'))).toMatch(/2500 req\/s\s+>= 2000 req\/s\s+yes/);
    expect(lines.find((l) => l.startsWith('build time'))).toMatch(/130\.0 s\s+<= 120\.0 s\s+NO\s+slow disk/);
    expect(table).toContain('Goals met: 1 of 2');
  });

  it('result file names sort by time (UTC)', () => {
    expect(resultFileName(new Date('2026-11-22T03:07:00Z'))).toBe('bench-20261122-0307.json');
  });

  it("a page's weight is read beside the same figure of the newest earlier run that measured it", () => {
    const weight = (name: string, value: number | null, note?: string): Figure => ({ section: 'Pages', name, value, unit: 'B', note });
    const pages = (f: Figure) => f.section === 'Pages';
    const runs = [
      { name: 'bench-20261201-0900.json', json: { measuredAt: '2026-12-01T09:00:00Z', figures: [weight('race programme: JS gz before interaction', 10_240)] } },
      { name: 'bench-20261202-0900-api.json', json: { measuredAt: '2026-12-02T09:00:00Z', figures: [{ section: 'API', name: 'list p99', value: 3, unit: 'ms' }] } },
      { name: 'latest.json', json: { measuredAt: '2026-11-01T09:00:00Z', figures: [weight('race programme: JS gz before interaction', 1)] } },
    ];
    const earlier = newestRunWith(runs, pages);
    expect(earlier?.measuredAt).toBe('2026-12-01T09:00:00Z');
    const now = besidePrevious([weight('race programme: JS gz before interaction', 11_264, 'RaceProgramme'), weight('home: JS gz before interaction', 0), { section: 'API', name: 'list p99', value: 2, unit: 'ms' }], earlier, pages);
    expect(now.map((f) => f.note)).toEqual(['RaceProgramme; previous run 2026-12-01: 10.0 KB, +1.0 KB', undefined, undefined]);
    expect(besidePrevious([weight('home: HTML', 5)], null, pages)[0]!.note).toBeUndefined();
    // The gzip size in an HTML figure's name changes with the page: still the same figure.
    const html = besidePrevious([weight('home: HTML (gzip 19.0 KB)', 2048)], { measuredAt: '2026-12-01T09:00:00Z', figures: [weight('home: HTML (gzip 18.1 KB)', 1024)] }, pages);
    expect(html[0]!.note).toBe('previous run 2026-12-01: 1.0 KB, +1.0 KB');
  });
});
