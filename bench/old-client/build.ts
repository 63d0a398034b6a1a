/**
 * Bundles the old-client page (bench/old-client/main.tsx) the way a create-react-app production
 * build would: one minified script loaded with `defer` from an empty shell.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const HERE = dirname(fileURLToPath(import.meta.url));

const SHELL = `<!doctype html>
<html lang="tr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Ganyan</title>
<script defer src="/_bench/old-client/app.js"></script>
<style>body{margin:0;font-family:system-ui,sans-serif;color:#1f2933}.container{max-width:820px;margin:0 auto;padding:1rem}.site-header{padding:1rem;background:#0b3d2e}.site-header a{color:#fff}</style>
</head>
<body>
<noscript>Bu uygulamayı kullanmak için JavaScript'i etkinleştirin.</noscript>
<div id="root"></div>
</body>
</html>
`;

/** Writes index.html and app.js into outDir; returns the bundle's size in bytes. */
export async function buildOldClient(outDir: string): Promise<number> {
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    entryPoints: [join(HERE, 'main.tsx')],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    outfile: join(outDir, 'app.js'),
    logLevel: 'error',
    metafile: true,
  });
  writeFileSync(join(outDir, 'index.html'), SHELL);
  return Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
}
