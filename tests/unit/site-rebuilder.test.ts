import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../functions/src/platform/deps.js';
import { createRebuilder } from '../../server/site.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('createRebuilder', () => {
  it('collapses a burst of requests into one build', async () => {
    const builds: string[][] = [];
    const rebuilder = createRebuilder({ log: silentLogger, debounceMs: 30, build: async (reasons) => void builds.push(reasons) });
    rebuilder.request('a');
    rebuilder.request('b');
    rebuilder.request('c');
    await sleep(10);
    expect(builds).toEqual([]);
    await rebuilder.idle();
    expect(builds).toEqual([['a', 'b', 'c']]);
  });

  it('never runs two builds at once, and a request during a build gets exactly one more build', async () => {
    let running = 0;
    let maxRunning = 0;
    const builds: string[][] = [];
    const rebuilder = createRebuilder({
      log: silentLogger,
      debounceMs: 5,
      build: async (reasons) => {
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        await sleep(40);
        builds.push(reasons);
        running -= 1;
      },
    });
    rebuilder.request('first');
    await sleep(20); // first build is running now
    rebuilder.request('during-1');
    rebuilder.request('during-2');
    await rebuilder.idle();
    expect(maxRunning).toBe(1);
    expect(builds).toEqual([['first'], ['during-1', 'during-2']]);
  });

  it('keeps a steady stream of requests from postponing the build past the maximum wait', async () => {
    const builtAt: number[] = [];
    const started = Date.now();
    const rebuilder = createRebuilder({ log: silentLogger, debounceMs: 40, maxWaitMs: 100, build: async () => void builtAt.push(Date.now() - started) });
    for (let i = 0; i < 12; i += 1) {
      rebuilder.request(`edit ${i}`);
      await sleep(20);
    }
    rebuilder.close();
    expect(builtAt.length).toBeGreaterThanOrEqual(1);
    expect(builtAt[0]).toBeLessThan(200);
  });

  it('a failed build is logged and does not stop later builds', async () => {
    const errors: string[] = [];
    let calls = 0;
    const rebuilder = createRebuilder({
      log: { ...silentLogger, error: (message) => void errors.push(message) },
      debounceMs: 5,
      build: async () => {
        calls += 1;
        if (calls === 1) throw new Error('astro failed');
      },
    });
    rebuilder.request('one');
    await rebuilder.idle();
    rebuilder.request('two');
    await rebuilder.idle();
    expect(errors).toEqual(['site rebuild failed']);
    expect(calls).toBe(2);
  });
});
