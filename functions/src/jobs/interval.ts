import type { AppDeps } from '../platform/deps.js';

/**
 * Runs a job now and then every `intervalMs` inside a long-running process (the local server),
 * where Cloud Scheduler does not exist. Runs never overlap; a failure is logged and the next
 * tick tries again. Returns a stop function.
 */
export function startJobInterval(deps: Pick<AppDeps, 'log'>, name: string, run: () => Promise<unknown>, intervalMs: number): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await run();
    } catch (error) {
      deps.log.error(`${name} run failed`, { error: String(error) });
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref?.();
  return () => clearInterval(timer);
}
