/**
 * Chromium driven over the bare DevTools protocol, for timings that an automation library would
 * disturb. Playwright instruments every document it manages (an isolated utility world, bindings,
 * init scripts), and on a 4x slower CPU that work lands inside the navigation's own commit task,
 * which is the very time the side-by-side figure measures. Here the page runs only its own code
 * and the one init script the benchmark adds.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { CHROMIUM_ARGS } from '../../tests/support/browser.js';

interface CdpEvent {
  method: string;
  params: Record<string, unknown>;
  sessionId?: string;
}

export interface CdpBrowser {
  send<T = Record<string, unknown>>(method: string, params?: Record<string, unknown>, sessionId?: string): Promise<T>;
  /** Calls `listener` for every protocol event until the returned function is called. */
  onEvent(listener: (event: CdpEvent) => void): () => void;
  close(): Promise<void>;
}

export async function launchCdpBrowser(executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'): Promise<CdpBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'ganyan-cdp-'));
  const child: ChildProcess = spawn(executablePath, [...CHROMIUM_ARGS, '--headless', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    // Its own process group, so close() can stop the helper processes too, not only the browser.
    detached: true,
  });
  const endpoint = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Chromium did not open its DevTools port within 300 s')), 300_000);
    createInterface({ input: child.stderr! }).on('line', (line) => {
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited with ${code} before opening its DevTools port`));
    });
  });

  const socket = new WebSocket(endpoint);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`cannot connect to ${endpoint}`)), { once: true });
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (value: never) => void; reject: (error: Error) => void; method: string }>();
  const listeners = new Set<(event: CdpEvent) => void>();
  socket.addEventListener('message', (message) => {
    const data = JSON.parse(String(message.data)) as { id?: number; result?: never; error?: { message: string } } & Partial<CdpEvent>;
    if (data.id !== undefined) {
      const call = pending.get(data.id);
      pending.delete(data.id);
      if (data.error) call?.reject(new Error(`${call.method}: ${data.error.message}`));
      else call?.resolve(data.result as never);
    } else if (data.method) {
      for (const listener of listeners) listener(data as CdpEvent);
    }
  });

  return {
    send<T>(method: string, params: Record<string, unknown> = {}, sessionId?: string) {
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: never) => void, reject, method });
        socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
      });
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      socket.close();
      // Chromium's helper processes outlived the browser process and still wrote to the profile: two
      // full runs failed here with ENOTEMPTY, one even with rmSync's retries. The whole group goes.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(-child.pid!, 'SIGTERM');
        await exited;
      }
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      } catch (error) {
        // A temporary profile left behind is not worth a benchmark section's figures.
        console.warn(`could not remove the Chromium profile ${profile}: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}
