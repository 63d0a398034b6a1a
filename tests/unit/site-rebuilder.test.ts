import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../functions/src/platform/deps.js';
import { createRebuilder } from '../../server/site.js';

// Fake timers (Date.now included): the debounce and the maximum wait are checked to the
// millisecond, and a loaded machine cannot make a timer fire late or early.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A build the test finishes by hand, so "a build is running" is a state, not a guess about timing. */
function manualBuilds() {
  const started: string[][] = [];
  const finishers: (() => void)[] = [];
  const build = (reasons: string[]) =>
    new Promise<void>((resolve) => {
      started.push(reasons);
      finishers.push(resolve);
    });
  return { started, build, finish: (i: number) => finishers[i]!() };
}

describe('createRebuilder', () => {
  it('collapses a burst of requests into one build, started when the debounce ends', async () => {
    const builds: string[][] = [];
    const rebuilder = createRebuilder({ log: silentLogger, debounceMs: 30, build: async (reasons) => void builds.push(reasons) });
    rebuilder.request('a');
    rebuilder.request('b');
    rebuilder.request('c');
    await vi.advanceTimersByTimeAsync(29);
    expect(builds).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(builds).toEqual([['a', 'b', 'c']]);
    await rebuilder.idle();
    expect(builds).toEqual([['a', 'b', 'c']]);
  });

  it('never runs two builds at once, and a request during a build gets exactly one more build', async () => {
    const { started, build, finish } = manualBuilds();
    const rebuilder = createRebuilder({ log: silentLogger, debounceMs: 5, build });
    rebuilder.request('first');
    await vi.advanceTimersByTimeAsync(5);
    expect(started).toEqual([['first']]);
    rebuilder.request('during-1');
    rebuilder.request('during-2');
    // However long the first build takes, the second does not start beside it.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(started).toEqual([['first']]);
    finish(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([['first'], ['during-1', 'during-2']]);
    finish(1);
    await rebuilder.idle();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(started).toEqual([['first'], ['during-1', 'during-2']]);
  });

  it('keeps a steady stream of requests from postponing the build past the maximum wait', async () => {
    const builtAt: number[] = [];
    const started = Date.now();
    const rebuilder = createRebuilder({ log: silentLogger, debounceMs: 40, maxWaitMs: 100, minIntervalMs: 0, build: async () => void builtAt.push(Date.now() - started) });
    // A request every 20 ms would postpone a pure debounce forever.
    for (let i = 0; i < 12; i += 1) {
      rebuilder.request(`edit ${i}`);
      await vi.advanceTimersByTimeAsync(20);
    }
    rebuilder.close();
    expect(builtAt[0]).toBe(100);
    expect(builtAt.length).toBeGreaterThanOrEqual(2);
  });

  it('a failed build is logged and its changes are built again after the retry delay, without a new request', async () => {
    const errors: string[] = [];
    const builds: string[][] = [];
    const rebuilder = createRebuilder({
      log: { ...silentLogger, error: (message) => void errors.push(message) },
      debounceMs: 5,
      minIntervalMs: 0,
      retryMs: 1_000,
      build: async (reasons) => {
        builds.push(reasons);
        if (builds.length <= 2) throw new Error('astro failed');
      },
    });
    rebuilder.request('one');
    await vi.advanceTimersByTimeAsync(5);
    expect(builds).toEqual([['one']]);
    // A change arriving while the retry waits joins it rather than hurrying it.
    rebuilder.request('two');
    await vi.advanceTimersByTimeAsync(999);
    expect(builds).toEqual([['one']]);
    await vi.advanceTimersByTimeAsync(1);
    expect(builds).toEqual([['one'], ['one', 'two']]);
    // The second failure in a row waits twice as long.
    await vi.advanceTimersByTimeAsync(1_999);
    expect(builds).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(builds).toEqual([['one'], ['one', 'two'], ['one', 'two']]);
    await rebuilder.idle();
    expect(errors).toEqual(['site rebuild failed', 'site rebuild failed']);
    // Success resets the delay: the next change is built after the debounce alone.
    rebuilder.request('three');
    await vi.advanceTimersByTimeAsync(5);
    expect(builds.at(-1)).toEqual(['three']);
  });

  it('under a publish every 10 s and 25-s builds: one build at a time, at least a minute apart, every change built once', async () => {
    const started: string[][] = [];
    const startedAt: number[] = [];
    let inFlight = 0;
    let mostAtOnce = 0;
    const t0 = Date.now();
    const rebuilder = createRebuilder({
      log: silentLogger,
      build: (reasons) => {
        started.push(reasons);
        startedAt.push(Date.now() - t0);
        inFlight += 1;
        mostAtOnce = Math.max(mostAtOnce, inFlight);
        return new Promise<void>((resolve) =>
          setTimeout(() => {
            inFlight -= 1;
            resolve();
          }, 25_000),
        );
      },
    });
    const requested: string[] = [];
    for (let second = 0; second < 300; second += 10) {
      requested.push(`publish ${second}`);
      rebuilder.request(`publish ${second}`);
      await vi.advanceTimersByTimeAsync(10_000);
    }
    await vi.advanceTimersByTimeAsync(120_000);
    await rebuilder.idle();
    expect(mostAtOnce).toBe(1);
    for (let i = 1; i < startedAt.length; i += 1) expect(startedAt[i]! - startedAt[i - 1]!).toBeGreaterThanOrEqual(60_000);
    // Five minutes of publishing: a build a minute, not one after the other all the time.
    expect(started.length).toBeLessThanOrEqual(6);
    expect(started.flat()).toEqual(requested);
  });
});
