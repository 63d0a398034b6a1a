// One cold start of one Cloud Function, in a process of its own (bench/cold-start.ts spawns it):
//   node cold-start-child.mjs <functions lib dir> <export name | index | node> <time | count | list>
// `node` reports before loading anything (the floor), `index` once index.js is loaded; `list` prints
// the exported functions and their kinds.
// Plain JavaScript on the built functions/lib, as Cloud Functions runs it: a loader such as tsx
// would add its own modules and transforms to every figure.
//
// "Handler ready" is the handler's first outbound connection: Firestore (FIRESTORE_EMULATOR_HOST),
// the race source and the site all point at a socket this process listens on, so the moment one
// connects, the function has loaded everything its first call needs and composed its dependencies.
// A handler that finishes without connecting is ready when it returns.
import { registerHooks } from 'node:module';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { pathToFileURL } from 'node:url';

const [libDir, entry, mode] = process.argv.slice(2);

const loaded = new Map();
if (mode === 'count') {
  // In-thread hooks see every ES module and require() alike; the timing runs go without them.
  registerHooks({
    load(url, context, nextLoad) {
      const result = nextLoad(url, context);
      const { source } = result;
      loaded.set(url, source == null ? 0 : typeof source === 'string' ? Buffer.byteLength(source) : source.byteLength);
      return result;
    },
  });
}

function report(extra) {
  const files = [...loaded].filter(([url]) => url.startsWith('file:'));
  // Native add-ons (sharp's libvips, ...) are mapped libraries, not modules: /proc lists them.
  const nativeLibs = new Set(readFileSync('/proc/self/maps', 'utf8').split('\n').map((line) => line.split(/\s+/)[5] ?? '').filter((path) => path.includes('/node_modules/') && /\.(node|so(\.\d+)*)$/.test(path)));
  const packages = {};
  for (const [url, bytes] of files) {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? '(ganyan)';
    packages[name] = (packages[name] ?? 0) + bytes;
  }
  process.stdout.write(
    `${JSON.stringify({
      readyMs: performance.now(),
      modules: files.length,
      bytes: files.reduce((sum, [, bytes]) => sum + bytes, 0),
      nativeLibs: [...nativeLibs].map((path) => path.replace(/.*\/node_modules\//, '')),
      rssBytes: process.memoryUsage().rss,
      packages,
      ...extra,
    })}\n`,
  );
  process.exit(0);
}

const socket = createServer((connection) => {
  connection.destroy();
  report({ readyBy: 'connection' });
});
await new Promise((resolve) => socket.listen(0, '127.0.0.1', resolve));
const address = `127.0.0.1:${socket.address().port}`;
process.env.FIRESTORE_EMULATOR_HOST = address;
process.env.SITE_URL = `http://${address}`;
process.env.RACE_SOURCE_URL = `http://${address}/{kind}/{date}.json`;

if (entry === 'node') report({ readyBy: 'loaded' });
const index = await import(pathToFileURL(`${libDir}/index.js`).href);
if (mode === 'list') {
  const kindOf = (endpoint) => (endpoint.httpsTrigger ? 'https' : endpoint.scheduleTrigger ? 'schedule' : 'trigger');
  const entries = Object.entries(index).filter(([, value]) => typeof value === 'function' && value.__endpoint).map(([name, value]) => ({ name, kind: kindOf(value.__endpoint) }));
  process.stdout.write(`${JSON.stringify({ entries })}\n`);
  process.exit(0);
}
if (entry === 'index') report({ readyBy: 'loaded' });

const fn = index[entry];
if (typeof fn !== 'function') {
  process.stderr.write(`functions/lib/index.js exports no function ${entry}\n`);
  process.exit(2);
}

/** What Cloud Functions hands each kind of function, enough for the handler to start its work. */
function call() {
  const endpoint = fn.__endpoint ?? {};
  if (endpoint.httpsTrigger) {
    // A request that reads the store: GET /api/articles for the API, an unbuilt horse page for recordPages.
    const url = entry === 'api' ? '/api/articles' : '/at-detay/h-soguk-baslangic';
    const req = { method: 'GET', url, originalUrl: url, headers: { host: 'ganyan.example', 'x-forwarded-proto': 'https' }, rawBody: Buffer.alloc(0) };
    const res = { status: () => res, setHeader() {}, send() {}, end() {} };
    return fn(req, res);
  }
  if (endpoint.scheduleTrigger) return fn.run({ scheduleTime: new Date().toISOString(), jobName: entry });
  // Firestore triggers: an update that asks for work (an upload's copies pending, a delivered notice).
  const fields = { copiesPending: true, 'delivery.state': 'SUCCESS' };
  return fn.run({ params: { id: 'soguk-baslangic' }, data: { before: { get: () => undefined }, after: { get: (field) => fields[field] } } });
}

try {
  await call();
  report({ readyBy: 'returned' });
} catch (error) {
  process.stderr.write(`${entry} failed before any connection: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
}
