import { mkdtempSync, rmSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKGROUND_NICENESS, buildInChildProcess, REPO_ROOT } from '../../scripts/build-site.js';

const probe = join(REPO_ROOT, 'tests', 'fixtures', 'build-probe.mjs');
const root = mkdtempSync(join(tmpdir(), 'ganyan-build-priority-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Probe = { priority: number; childPriority: number; siteDir: string };

describe('site builds in a child process', () => {
  it('a rebuild runs at the lowest priority, its own children too, and the serving process keeps its own', async () => {
    const before = getPriority();
    const siteDir = join(root, 'site', 'dist');
    const result = (await buildInChildProcess({ siteDir, env: process.env, niceness: BACKGROUND_NICENESS, script: probe })) as unknown as Probe;
    expect(result).toEqual({ ms: 1, pages: 0, priority: 19, childPriority: 19, siteDir });
    expect(getPriority()).toBe(before);
  });

  it('the bench’s builds keep normal priority', async () => {
    const result = (await buildInChildProcess({ siteDir: join(root, 'bench', 'dist'), env: process.env, niceness: 0, script: probe })) as unknown as Probe;
    expect(result.priority).toBe(getPriority());
  });

  it('a failed build rejects with what it printed', async () => {
    await expect(buildInChildProcess({ siteDir: join(root, 'fail', 'dist'), env: { ...process.env, PROBE_FAIL: '1' }, niceness: BACKGROUND_NICENESS, script: probe })).rejects.toThrow(
      /exit 1.*astro build failed: probe/s,
    );
  });
});
