import { describe, expect, it } from 'vitest';
import { coldStartFigures, DEPLOY_LOAD_BUDGET_MS, type ColdStart, type ColdStartTree } from '../../bench/cold-start.js';
import { check } from '../../bench/lib/figures.js';

function start(entry: string, kind: ColdStart['kind'], bytes: number, nativeLibs: string[] = []): ColdStart {
  return { entry, kind, timesMs: [900, 700, 800], medianMs: 800, load: { modules: Math.round(bytes / 10_000), bytes, nativeLibs, rssBytes: 150 * 2 ** 20, readyBy: 'connection', packages: {} } };
}

const tree = (label: string, results: ColdStart[]): ColdStartTree => ({ label, libDir: `/tmp/${label}`, results });

describe('cold-start figures', () => {
  it('checks index.js against deploy budget, every function for native libraries and the jobs against the API', () => {
    const now = tree('now', [
      start('node', 'floor', 0),
      start('index', 'index', 12_000_000),
      start('api', 'https', 16_000_000),
      start('viewFold', 'schedule', 14_000_000),
      start('notifications', 'schedule', 17_000_000),
      start('imageCopies', 'trigger', 15_000_000, ['@img/sharp-linux-x64/lib/sharp-linux-x64-0.35.5.node']),
    ]);
    const before = tree('before (abc1234)', [start('viewFold', 'schedule', 15_000_000)]);
    const checked = check(coldStartFigures([now, before]));
    const met = (name: string) => checked.find((f) => f.name === name)?.met;

    expect(checked.find((f) => f.name === 'index.js (the function list): process start to handler ready')?.goal).toEqual({ op: '<=', target: DEPLOY_LOAD_BUDGET_MS });
    expect(checked.some((f) => f.name.startsWith('Node alone') && f.name.endsWith('JS loaded'))).toBe(false);
    expect(met('viewFold (schedule): JS loaded')).toBe(true);
    expect(met('notifications (schedule): JS loaded')).toBe(false);
    // The API itself has no JS goal: it is the yardstick.
    expect(met('api (https): JS loaded')).toBeNull();
    expect(met('imageCopies (trigger): native libraries mapped')).toBe(false);
    expect(met('api (https): native libraries mapped')).toBe(true);
    const fold = checked.find((f) => f.name === 'viewFold (schedule): JS loaded')!;
    expect(fold.note).toContain('before (abc1234): 1500 modules, 14,648 KB JS, no native library');
    expect(checked.find((f) => f.name === 'imageCopies (trigger): JS loaded')!.note).toContain('sharp-linux-x64-0.35.5.node');
  });
});
