import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
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

  it('stopping a build (the server shutting down) ends its whole process tree and removes its staging folder', async () => {
    const report = join(root, 'hang.json');
    const stop = new AbortController();
    const building = buildInChildProcess({ siteDir: join(root, 'hang', 'dist'), env: { ...process.env, PROBE_HANG: report }, niceness: BACKGROUND_NICENESS, script: probe, signal: stop.signal });
    building.catch(() => {});
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    // Conditions, not durations: until the probe has started its child, then until both are gone.
    while (!existsSync(report)) await sleep(50);
    const { pid, childPid } = JSON.parse(readFileSync(report, 'utf8')) as { pid: number; childPid: number };
    expect(alive(childPid)).toBe(true);
    stop.abort();
    await expect(building).rejects.toThrow('the build was stopped');
    while (alive(childPid)) await sleep(50);
    expect(existsSync(join(REPO_ROOT, '.dist-builds', `staging-1-${pid}`))).toBe(false);
  });
});
