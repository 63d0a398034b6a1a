import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { loadConfig } from '../../functions/src/platform/config.js';
import type { AppDeps } from '../../functions/src/platform/deps.js';
import { createLocalDeps } from '../../functions/src/platform/local-deps.js';
import { createLocalApp, type LocalAppOptions } from '../../server/local-app.js';

/** Which DocumentStore adapter a test server runs on. */
export type TestStoreKind = 'sqlite' | 'firestore';

export interface TestServer {
  baseUrl: string;
  store: TestStoreKind;
  deps: AppDeps;
  dataDir: string;
  /** Moves the server's clock (the `now` every service reads). */
  setNow(date: Date): void;
  api<T = any>(method: string, path: string, options?: { body?: unknown; token?: string; headers?: Record<string, string> }): Promise<ApiResult<T>>;
  close(): Promise<void>;
}

export interface ApiResult<T> {
  status: number;
  headers: Headers;
  body: T;
}

export interface TestServerOptions extends LocalAppOptions {
  now?: Date;
  /** The demo data: a copy of the run's seeded sqlite template, or seeded afresh on Firestore. */
  seeded?: boolean;
  proxyHops?: number;
  /**
   * 'firestore': production's composition on a fresh project of the Firestore emulator
   * (tests/support/firestore-deps.ts). Defaults to GANYAN_TEST_STORE, else sqlite, so any API
   * test file can be tried on the emulator by hand.
   */
  store?: TestStoreKind;
}

/** A real HTTP server on a free port over a fresh store (a sqlite file by default): what tests talk to. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const store: TestStoreKind = options.store ?? (process.env.GANYAN_TEST_STORE === 'firestore' ? 'firestore' : 'sqlite');
  const dataDir = mkdtempSync(join(tmpdir(), 'ganyan-test-'));
  if (options.seeded && store === 'sqlite') {
    // A copy of the demo data seeded once for the whole run (tests/support/global-setup.ts).
    const template = process.env.GANYAN_SEED_TEMPLATE;
    if (!template || !existsSync(template)) throw new Error('No seeded template: run through vitest (globalSetup)');
    copyFileSync(template, join(dataDir, 'ganyan.sqlite'));
    if (existsSync(`${template}-wal`)) copyFileSync(`${template}-wal`, join(dataDir, 'ganyan.sqlite-wal'));
  }
  let current: Date | null = options.now ?? null;
  const config = loadConfig({ ...process.env, GANYAN_ENV: 'test', GANYAN_DATA_DIR: dataDir, SITE_URL: 'http://127.0.0.1:0' });
  let baseUrl = '';
  // Tests stand in for one trusted proxy by default, so each case can give itself its own address
  // with X-Forwarded-For (the per-address limits would otherwise be shared by the whole file).
  config.proxyHops = options.proxyHops ?? 1;
  const now = () => current ?? new Date();
  let closeStore: () => Promise<void>;
  let deps: AppDeps;
  if (store === 'firestore') {
    // Loaded only here: firebase-admin is heavy and most files never use it.
    const { createFirestoreTestDeps } = await import('./firestore-deps.js');
    const firestore = createFirestoreTestDeps(config, { now });
    deps = firestore.deps;
    closeStore = firestore.close;
    if (options.seeded) await (await import('../../server/seed/index.js')).seedAll(deps);
  } else {
    deps = createLocalDeps(config, { now, quiet: true });
    closeStore = () => deps.store.close();
  }
  const app = createLocalApp(deps, options);
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  config.siteUrl = baseUrl;
  config.corsOrigins = [baseUrl];
  return {
    baseUrl,
    store,
    deps,
    dataDir,
    setNow(date) {
      current = date;
    },
    async api(method, path, { body, token, headers = {} } = {}) {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // non-JSON bodies (files, HTML) stay text
      }
      return { status: response.status, headers: response.headers, body: parsed as never };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await closeStore();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * How long a useTestServer server lives: 'file', one for the describe block (or file) that calls
 * it; 'test', a fresh server and store for each of its tests, for tests that import results or
 * otherwise leave state the others must not see.
 */
export type TestServerScope = 'file' | 'test';

/**
 * The test server of the describe block (or file) that calls it: started in beforeAll (beforeEach
 * with scope 'test'), closed in afterAll (afterEach). What it returns stands for the current
 * server, so a test writes `server.api(…)` as with startTestServer, without the let/before/after
 * block every file would repeat.
 */
export function useTestServer(options: TestServerOptions & { scope?: TestServerScope } = {}): TestServer {
  const { scope = 'file', ...serverOptions } = options;
  let started: TestServer | undefined;
  (scope === 'test' ? beforeEach : beforeAll)(async () => {
    started = await startTestServer(serverOptions);
  });
  (scope === 'test' ? afterEach : afterAll)(async () => {
    await started?.close();
    started = undefined;
  });
  const current = (): TestServer => {
    if (!started) throw new Error(`The test server starts in ${scope === 'test' ? 'beforeEach' : 'beforeAll'}: use it inside a test or a hook`);
    return started;
  };
  return {
    get baseUrl() {
      return current().baseUrl;
    },
    get store() {
      return current().store;
    },
    get deps() {
      return current().deps;
    },
    get dataDir() {
      return current().dataDir;
    },
    setNow: (date) => current().setNow(date),
    api: (method, path, requestOptions) => current().api(method, path, requestOptions),
    close: () => current().close(),
  };
}

/** What an error answer says, status and Turkish message, to assert both in one comparison. */
export async function refusal(server: TestServer, method: string, path: string, options?: Parameters<TestServer['api']>[2]): Promise<{ status: number; message: unknown }> {
  const res = await server.api(method, path, options);
  return { status: res.status, message: res.body?.message };
}
