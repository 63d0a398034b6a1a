// @ts-check
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Server code under functions/src locates files next to itself (repo root, firestore.indexes.json)
 * through import.meta.url. Bundled into Astro's prerender chunks that URL would point into .astro/,
 * so it is pinned to the source file's own location.
 */
const keepSourceFileUrls = {
  name: 'ganyan-keep-source-file-urls',
  /** @param {string} code @param {string} id */
  transform(code, id) {
    if (!id.includes('/functions/src/') || !code.includes('import.meta.url')) return null;
    return { code: code.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(id.split('?')[0] ?? id).href)), map: null };
  },
};

/**
 * Browser code that imports a Node built-in (node:crypto in a server module reached from an island)
 * gets Vite's empty stand-in and fails at run time, or silently does nothing. The client build
 * fails instead, naming the chunk and who imported the built-in (see functions/src/shared/).
 */
const noNodeStandIns = {
  name: 'ganyan-no-node-stand-ins',
  /**
   * @this {{ environment?: { name: string }; getModuleInfo: (id: string) => { importers: readonly string[] } | null; error: (message: string) => never }}
   * @param {unknown} _options @param {Record<string, { type: string; fileName: string; moduleIds?: string[] }>} bundle
   */
  generateBundle(_options, bundle) {
    if (this.environment && this.environment.name !== 'client') return;
    const found = Object.values(bundle).flatMap((chunk) =>
      chunk.type !== 'chunk'
        ? []
        : (chunk.moduleIds ?? [])
            .filter((id) => id.includes('__vite-browser-external'))
            .map((id) => `${chunk.fileName}: ${id.replace(/^\0/, '')} imported by ${(this.getModuleInfo(id)?.importers ?? []).join(', ') || '?'}`),
    );
    if (found.length) this.error(`Node built-ins in browser chunks:\n${found.join('\n')}`);
  },
};

/**
 * The public site is fully static: every page is prebuilt from the store (see src/lib/build-data.ts)
 * and React islands add what is dynamic. GANYAN_SITE_OUT lets the local rebuild write into a temp
 * folder that scripts/build-site.ts then swaps into place atomically.
 */
/** `client:interact` and `client:member`: see src/lib/directives/. */
const clientDirectives = {
  name: 'ganyan-client-directives',
  hooks: {
    /** @param {{ addClientDirective: (d: { name: string; entrypoint: string }) => void }} options */
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'interact', entrypoint: './src/lib/directives/interact.ts' });
      addClientDirective({ name: 'member', entrypoint: './src/lib/directives/member.ts' });
    },
  },
};

export default defineConfig({
  output: 'static',
  site: process.env.SITE_URL ?? `http://localhost:${process.env.PORT ?? 4321}`,
  outDir: process.env.GANYAN_SITE_OUT ?? './dist',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  integrations: [react(), clientDirectives],
  /**
   * Content-Security-Policy (docs/security.md): Astro writes a <meta> per page whose script-src is
   * 'self' plus the hashes of every inline script it emits (island loaders, directives) and of our
   * own is:inline scripts (src/lib/inline-script.ts): no 'unsafe-inline' for scripts. Pagefind
   * runs WebAssembly. Styles stay open to inline use (style attributes, inlined stylesheets,
   * the staff panel's react-hot-toast). The other directives are headers in firebase.json (a <meta> cannot carry
   * frame-ancestors), which the local server reads too.
   */
  security: {
    csp: {
      scriptDirective: { resources: ["'self'", "'wasm-unsafe-eval'"] },
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  // Pages read the store at build time; nothing may be fetched from the network.
  prefetch: false,
  devToolbar: { enabled: false },
  vite: {
    plugins: [keepSourceFileUrls, noNodeStandIns],
    resolve: { alias: { '@shared': fileURLToPath(new URL('./functions/src/shared', import.meta.url)) } },
    build: { assetsInlineLimit: 0 },
    // node:sqlite and the store adapters run in the prerender step only.
    ssr: { external: ['firebase-admin', '@google-cloud/firestore', '@google-cloud/storage'] },
  },
});
