import { describe, expect, it } from 'vitest';
import { scryptMemoryBytes, CURRENT_SCRYPT_PARAMS, passwordHashing } from '../../functions/src/domain/identity/password.js';
import { createHashQueue, hashQueueLimits } from '../../functions/src/platform/hash-queue.js';
import { API_MEMORY_MIB } from '../../functions/src/platform/function-memory.js';

const MIB = 1024 * 1024;

/** Tasks the test finishes by hand and that count themselves: what runs at once is a state, not a timing. */
function handTasks() {
  let inFlight = 0;
  let peak = 0;
  const finishers: (() => void)[] = [];
  const task = () =>
    new Promise<void>((resolve) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      finishers.push(() => {
        inFlight -= 1;
        resolve();
      });
    });
  return { task, finishers, inFlight: () => inFlight, peak: () => peak };
}

/** Lets every settled promise's callbacks run (the queue starts the next task in one). */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('hash queue', () => {
  it('runs at most maxRunning of a burst of 50 at once, and every one of them in the end', async () => {
    const queue = createHashQueue({ maxRunning: 3, budgetBytes: 128 * MIB });
    const hand = handTasks();
    const done = Array.from({ length: 50 }, () => queue.run(32 * MIB, hand.task));
    await flush();
    expect(hand.inFlight()).toBe(3);
    expect(queue.stats()).toMatchObject({ running: 3, waiting: 47 });
    let finished = 0;
    while (finished < 50) {
      hand.finishers[finished]!();
      finished += 1;
      await flush();
      expect(hand.inFlight()).toBeLessThanOrEqual(3);
    }
    await Promise.all(done);
    expect(hand.peak()).toBe(3);
    expect(queue.stats()).toMatchObject({ running: 0, waiting: 0, peakRunning: 3 });
  });

  it('keeps the bytes in flight within the budget: a legacy 128 MiB hash runs alone, in its turn', async () => {
    const queue = createHashQueue({ maxRunning: 3, budgetBytes: 128 * MIB });
    const hand = handTasks();
    const order: string[] = [];
    const run = (name: string, bytes: number) => queue.run(bytes, () => (order.push(name), hand.task()));
    const all = [run('a', 32 * MIB), run('legacy', 128 * MIB), run('b', 32 * MIB)];
    await flush();
    // 'b' would fit beside 'a', but does not overtake the legacy hash waiting before it.
    expect(order).toEqual(['a']);
    hand.finishers[0]!();
    await flush();
    expect(order).toEqual(['a', 'legacy']);
    expect(hand.inFlight()).toBe(1);
    hand.finishers[1]!();
    await flush();
    expect(order).toEqual(['a', 'legacy', 'b']);
    hand.finishers[2]!();
    await Promise.all(all);
    expect(queue.stats().peakBytes).toBe(128 * MIB);
  });

  it('gives the slot back when a task fails or throws', async () => {
    const queue = createHashQueue({ maxRunning: 1, budgetBytes: MIB });
    await expect(queue.run(1, () => Promise.reject(new Error('scrypt failed')))).rejects.toThrow('scrypt failed');
    await expect(
      queue.run(1, () => {
        throw new Error('bad parameters');
      }),
    ).rejects.toThrow('bad parameters');
    await expect(queue.run(1, async () => 'ok')).resolves.toBe('ok');
    expect(queue.stats()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('sizes the password queue from the api function’s memory: a quarter of it, one libuv thread kept free', () => {
    expect(hashQueueLimits(512, 32 * MIB, 4)).toEqual({ maxRunning: 3, budgetBytes: 128 * MIB });
    expect(hashQueueLimits(256, 32 * MIB, 4)).toEqual({ maxRunning: 2, budgetBytes: 64 * MIB });
    // Less memory than one hash's share still lets sign-ins through, one at a time.
    expect(hashQueueLimits(128, 64 * MIB, 4).maxRunning).toBe(1);
    expect(passwordHashing.limits.budgetBytes).toBe((API_MEMORY_MIB * MIB) / 4);
    expect(passwordHashing.limits.maxRunning * scryptMemoryBytes(CURRENT_SCRYPT_PARAMS)).toBeLessThanOrEqual(passwordHashing.limits.budgetBytes);
  });
});
