/**
 * A first-in-first-out gate for memory-hungry work (scrypt password hashing). Each task declares the
 * bytes it needs; tasks start only while both the number running and their bytes together stay
 * within the limits, so a burst of 50 sign-ins waits its turn instead of asking the instance for
 * 50 times a hash's memory at once. A task larger than the whole budget (a legacy hash made with
 * more memory than today's) still runs, alone.
 */
export interface HashQueue {
  run<T>(bytes: number, task: () => Promise<T>): Promise<T>;
  /** Tasks running and waiting now, and the most that ever ran at once (the bench and tests read it). */
  stats(): { running: number; waiting: number; peakRunning: number; peakBytes: number };
  readonly limits: HashQueueLimits;
}

export interface HashQueueLimits {
  maxRunning: number;
  budgetBytes: number;
}

export function createHashQueue(limits: HashQueueLimits): HashQueue {
  if (!(limits.maxRunning >= 1 && limits.budgetBytes > 0)) throw new Error('a hash queue needs at least one slot and a positive budget');
  const waiting: { bytes: number; start: () => void }[] = [];
  let running = 0;
  let usedBytes = 0;
  let peakRunning = 0;
  let peakBytes = 0;

  const fits = (bytes: number) => running === 0 || (running < limits.maxRunning && usedBytes + bytes <= limits.budgetBytes);
  // Strict order: a large task at the head is not overtaken by small ones forever.
  const pump = () => {
    while (waiting.length > 0 && fits(waiting[0]!.bytes)) waiting.shift()!.start();
  };

  return {
    limits,
    run<T>(bytes: number, task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          running += 1;
          usedBytes += bytes;
          peakRunning = Math.max(peakRunning, running);
          peakBytes = Math.max(peakBytes, usedBytes);
          let result: Promise<T>;
          try {
            result = task();
          } catch (error) {
            result = Promise.reject(error);
          }
          result.then(resolve, reject).finally(() => {
            running -= 1;
            usedBytes -= bytes;
            pump();
          });
        };
        waiting.push({ bytes, start });
        pump();
      });
    },
    stats: () => ({ running, waiting: waiting.length, peakRunning, peakBytes }),
  };
}

const MIB = 1024 * 1024;

/**
 * The limits for an instance with `memoryMiB` of memory: a quarter of it for hashes in flight (the
 * rest is the runtime, the app and the requests it holds), and one of libuv's threads always left
 * free, since scrypt runs on them and file, DNS and compression work queue behind it.
 */
export function hashQueueLimits(memoryMiB: number, bytesPerHash: number, threadPool = Number(process.env.UV_THREADPOOL_SIZE) || 4): HashQueueLimits {
  const budgetBytes = Math.floor((memoryMiB * MIB) / 4);
  const byMemory = Math.floor(budgetBytes / bytesPerHash);
  return { maxRunning: Math.max(1, Math.min(byMemory, threadPool - 1)), budgetBytes };
}
