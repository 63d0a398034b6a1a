import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What a Cloud Function's process has loaded once its code is imported (docs/capacity.md, "Cold
 * start"; the figures are `npm run bench -- --only cold-start`). Each case is a fresh Node process:
 * this one has long loaded everything.
 */
const ROOT = resolve(import.meta.dirname, '../..');

interface Loaded {
  /** Files of the packages named, as Node's CommonJS cache holds them (ES modules importing CommonJS land there too). */
  packages: string[];
  /** Native libraries under node_modules mapped into the process. */
  native: string[];
}

const PROBE = `
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const [watched, ...files] = process.argv.slice(1);
for (const file of files) await import(pathToFileURL(file).href);
const names = watched.split(',');
const packages = names.filter((name) => Object.keys(createRequire(import.meta.url).cache).some((path) => path.includes('/node_modules/' + name + '/')));
const native = [...new Set(readFileSync('/proc/self/maps', 'utf8').split('\\n').map((l) => l.split(/\\s+/)[5] ?? '').filter((p) => p.includes('/node_modules/') && /\\.(node|so[.\\d]*)$/.test(p)))];
process.stdout.write(JSON.stringify({ packages, native }));
`;

function loadedBy(files: string[], watched: string[]): Loaded {
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PROBE, watched.join(','), ...files.map((f) => resolve(ROOT, f))], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_NO_WARNINGS: '1' },
  });
  return JSON.parse(out) as Loaded;
}

describe('cold start of the Cloud Functions', () => {
  it('the jobs, the triggers and the API load no image library and no HTML sanitizer until they use one', { timeout: 120_000 }, () => {
    const entries = [
      'functions/src/api/app.ts',
      'functions/src/jobs/notifications.ts',
      'functions/src/jobs/vip-expiry.ts',
      'functions/src/domain/membership/vip-request-expiry.ts',
      'functions/src/jobs/scheduled-publish.ts',
      'functions/src/jobs/race-import.ts',
      'functions/src/jobs/image-copies.ts',
      'functions/src/domain/uploads/purge-abandoned-uploads.ts',
      'functions/src/domain/articles/view-shards.ts',
      'functions/src/domain/notifications/fanout-progress.ts',
    ];
    const loaded = loadedBy(entries, ['sharp', 'sanitize-html']);
    expect(loaded.packages).toEqual([]);
    expect(loaded.native).toEqual([]);
  });

  it('index.js loads only the trigger kinds it declares, not all of firebase-functions/v2', { timeout: 120_000 }, () => {
    // 'firebase-functions/v2' itself requires every provider; the Realtime Database one brings @firebase/database-compat.
    const loaded = loadedBy(['functions/src/index.ts'], ['@firebase/database-compat']);
    expect(loaded.packages).toEqual([]);
  });
});
