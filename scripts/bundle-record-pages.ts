/**
 * npm run build:functions (functions' `build`, firebase.json's predeploy) ends with this script.
 *
 * Bundles server/record-handler.ts (the on-demand horse and jockey pages: the React islands from
 * src/, the record queries from functions/src) into functions/lib/record-pages/index.js, which the
 * `recordPages` function imports. The functions package's tsc build cannot compile it (rootDir
 * functions/src, no JSX). The packages the functions package installs stay imports; React and the
 * rest of the site's code are bundled in.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { REPO_ROOT } from '../functions/src/platform/config.js';

export const RECORD_BUNDLE = resolve(REPO_ROOT, 'functions/lib/record-pages/index.js');

export async function bundleRecordPages(outfile: string = RECORD_BUNDLE): Promise<string> {
  const functionsPackage = JSON.parse(readFileSync(resolve(REPO_ROOT, 'functions/package.json'), 'utf8')) as { dependencies: Record<string, string> };
  await build({
    entryPoints: [resolve(REPO_ROOT, 'server/record-handler.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    jsx: 'automatic',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    external: Object.keys(functionsPackage.dependencies),
    define: { 'process.env.NODE_ENV': '"production"' },
    // react-dom's server build is CommonJS and requires Node's modules: give the ES module a require.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  return outfile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  const file = await bundleRecordPages();
  console.log(`Kayıt sayfaları paketi yazıldı: ${file} (${Date.now() - started} ms)`);
}
