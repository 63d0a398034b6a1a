import { spawnSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleRecordPages } from '../../scripts/bundle-record-pages.js';
import { PRIVATE_NO_STORE } from '../../functions/src/api/http/cache-policy.js';
import { RECORD_PAGE_CACHE } from '../../server/record-page.js';
import { freePort } from '../../server/free-port.js';

/**
 * Firebase Hosting + Functions emulators (pure Node, no network) serving the real firebase.json:
 * `/` from the hosting public folder, `/api/health` through the `/api/**` rewrite to the
 * built `api` function and `/at-detay/{id}` through its rewrite to `recordPages`, wired to the
 * embedded sqlite store (GANYAN_STORE=sqlite).
 */
const ROOT = resolve(import.meta.dirname, '../..');
const FIREBASE_BIN = join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js');
const TSC_BIN = join(ROOT, 'node_modules/typescript/bin/tsc');

const cleanup: string[] = [];
afterAll(() => cleanup.forEach((p) => rmSync(p, { recursive: true, force: true })));

describe('Firebase Hosting + Functions emulators', () => {
  it('serve /, /api/health and an unbuilt horse page through the hosting rewrites', { timeout: 240_000 }, async () => {
    // The emulator loads what deploy ships: functions/lib, built by the functions package's tsc.
    // Incremental (build info kept in the git-ignored .firebase/), so repeated runs only recompile what changed.
    const build = spawnSync(
      process.execPath,
      [TSC_BIN, '-p', join(ROOT, 'functions/tsconfig.build.json'), '--incremental', '--tsBuildInfoFile', join(ROOT, '.firebase/functions-build.tsbuildinfo')],
      { encoding: 'utf8' },
    );
    expect(build.status, `functions build failed:\n${build.stdout}${build.stderr}`).toBe(0);
    // …and the recordPages function's bundle, as the functions package's build writes it.
    await bundleRecordPages();

    // A copy of the real firebase.json with free ports (other emulators may run on this machine).
    // It lives in a git-ignored folder of the project so relative paths and module resolution hold.
    const configDir = join(ROOT, '.firebase', `emulator-test-${process.pid}`);
    mkdirSync(configDir, { recursive: true });
    cleanup.push(configDir);
    const config = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8'));
    const up = (p: string) => relative(configDir, join(ROOT, p));
    let publicDir = join(ROOT, config.hosting.public);
    let expectSiteText = '';
    if (!existsSync(join(publicDir, 'index.html'))) {
      // The site is not built in this checkout: serve stand-in pages so the rewrites are still tested.
      // The horse template and its not-found page are there as in a build: without them Hosting
      // would send the function's own read of them back to the function, whose second cold start
      // on a busy machine outlasts the read's 5 s limit (a 500 in CI).
      publicDir = mkdtempSync(join(tmpdir(), 'ganyan-hosting-'));
      cleanup.push(publicDir);
      const standIn = (path: string, body: string) => {
        mkdirSync(join(publicDir, path), { recursive: true });
        writeFileSync(join(publicDir, path, 'index.html'), `<!doctype html><html lang="tr"><title>Ganyan</title>${body}</html>`);
      };
      standIn('.', '<h1>Ganyan test sayfası</h1>');
      standIn('at-detay/_yeni', '<h1>At</h1>');
      standIn('hata/at-bulunamadi', '<h1>At bulunamadı</h1>');
      expectSiteText = 'Ganyan test sayfası';
    }
    config.hosting.public = relative(configDir, publicDir);
    for (const fn of config.functions) {
      fn.source = up(fn.source);
      delete fn.predeploy;
    }
    delete config.firestore;
    delete config.storage;
    const ports = { hosting: await freePort(), functions: await freePort(), hub: await freePort(), logging: await freePort() };
    config.emulators = {
      singleProjectMode: true,
      ui: { enabled: false },
      hosting: { host: '127.0.0.1', port: ports.hosting },
      functions: { host: '127.0.0.1', port: ports.functions },
      hub: { host: '127.0.0.1', port: ports.hub },
      logging: { host: '127.0.0.1', port: ports.logging },
    };
    writeFileSync(join(configDir, 'firebase.json'), JSON.stringify(config, null, 2));

    const dataDir = mkdtempSync(join(tmpdir(), 'ganyan-emulator-data-'));
    cleanup.push(dataDir);
    const resultFile = join(configDir, 'result.json');
    const probe = join(import.meta.dirname, 'probe.mjs');

    const env = {
      ...process.env,
      GANYAN_STORE: 'sqlite',
      GANYAN_DATA_DIR: dataDir,
      GANYAN_ENV: 'test',
      // The record pages' template and 404 pages are read from the site, here the Hosting emulator.
      SITE_URL: `http://127.0.0.1:${ports.hosting}`,
      // No network: no update check, no MOTD fetch, no usage reporting.
      CI: '1',
      NO_UPDATE_NOTIFIER: '1',
      // Reading the function list gets 10 s by default; a busy 2-core machine can need more.
      FUNCTIONS_DISCOVERY_TIMEOUT: '60',
      FIREBASE_CLI_EXPERIMENTS: '',
      XDG_CONFIG_HOME: join(dataDir, 'config'),
      VITEST: undefined,
    };
    const output = await new Promise<{ code: number | null; log: string }>((done) => {
      const child = spawn(
        process.execPath,
        [FIREBASE_BIN, 'emulators:exec', '--project', 'demo-ganyan', '--config', join(configDir, 'firebase.json'), '--only', 'functions,hosting', `"${process.execPath}" "${probe}" "http://127.0.0.1:${ports.hosting}" "${resultFile}"`],
        { cwd: configDir, env, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let log = '';
      child.stdout.on('data', (d) => (log += d));
      child.stderr.on('data', (d) => (log += d));
      const timer = setTimeout(() => child.kill('SIGTERM'), 200_000);
      child.on('close', (code) => {
        clearTimeout(timer);
        done({ code, log });
      });
    });
    if (process.env.GANYAN_EMULATOR_LOG) writeFileSync(process.env.GANYAN_EMULATOR_LOG, output.log);
    expect(output.code, output.log).toBe(0);
    expect(existsSync(resultFile), output.log).toBe(true);
    const result = JSON.parse(readFileSync(resultFile, 'utf8'));
    if (process.env.GANYAN_EMULATOR_RESULT) writeFileSync(process.env.GANYAN_EMULATOR_RESULT, JSON.stringify(result, null, 2));

    expect(result['/'].status).toBe(200);
    expect(result['/'].contentType).toContain('text/html');
    expect(result['/'].nosniff).toBe('nosniff');
    expect(result['/'].frame).toBe('SAMEORIGIN');
    expect(result['/'].cache).toContain('max-age=0');
    // The real build loads its islands from hashed /_astro/ files.
    if (!expectSiteText) expect(result.asset).toBeDefined();
    if (result.asset) {
      expect(result.asset.status, result.asset.path).toBe(200);
      expect(result.asset.cache).toBe('public, max-age=31536000, immutable');
    }
    if (expectSiteText) expect(result['/'].text).toContain(expectSiteText);
    else expect(result['/'].text).toContain('<html');

    expect(result['/api/health'].status, output.log).toBe(200);
    // Hosting puts firebase.json's headers over a function's answer: no rule may make the API's own
    // `private, no-store` public (the health check, like every signed-in answer, must reach the function).
    expect(result['/api/health'].cache, 'Cache-Control of an API answer behind Hosting').toBe(PRIVATE_NO_STORE);
    expect(JSON.parse(result['/api/health'].text)).toMatchObject({ success: true, data: { status: 'ok', store: 'sqlite' } });
    expect(result['/api/nope'].status).toBe(404);
    expect(JSON.parse(result['/api/nope'].text)).toMatchObject({ success: false, message: 'İstenen adres bulunamadı.' });
    // The unknown field is only reported if the body arrived intact through Hosting and the function.
    expect(result.post.status).toBe(400);
    expect(JSON.parse(result.post.text)).toMatchObject({ success: false, message: 'Bilinmeyen alan: extra' });

    // A horse page with no file reaches the recordPages function through the rewrite, which loads
    // its bundle and answers the unknown horse with a 404 page the CDN may keep. Hosting puts
    // firebase.json's headers over the function's own: the sections' rule must say the same.
    const horse = result['/at-detay/h-emulatorde-yok'];
    expect(horse.status, output.log).toBe(404);
    expect(horse.contentType).toBe('text/html; charset=utf-8');
    expect(horse.text).toMatch(/At bulunamadı/);
    expect(horse.nosniff).toBe('nosniff');
    expect(horse.cache, 'Cache-Control of a function answer behind Hosting').toBe(RECORD_PAGE_CACHE);
  });
});
