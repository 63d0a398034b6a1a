import { readFileSync } from 'node:fs';
import { matchesGlob } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIREBASE_JSON, loadHostingHeaders } from '../../server/hosting-headers.js';
import { RECORD_FUNCTION, RECORD_ROUTES } from '../../server/record-handler.js';
import { RECORD_PAGE_CACHE } from '../../server/record-page.js';
import { SITE_FALLBACKS } from '../../server/site.js';

/**
 * Issue 21: every fallback the local server answers with where the build wrote no file (an article
 * published after the last build, the staff panel's client routes, a horse or jockey page rendered
 * on demand) is one production answers with too: the first firebase.json rewrite matching the
 * address sends it to the same page or to the function that runs the same handler. Hosting applies
 * rewrites only where no file exists, as the local server falls back only then.
 */

interface Rewrite {
  source: string;
  destination?: string;
  function?: unknown;
}

const rewrites = (JSON.parse(readFileSync(FIREBASE_JSON, 'utf8')) as { hosting: { rewrites: Rewrite[] } }).hosting.rewrites;
const firstRewrite = (urlPath: string) => rewrites.find((rule) => matchesGlob(urlPath.replace(/^\/+/, ''), rule.source.replace(/^\/+/, '')));

describe('firebase.json serves the local server’s fallback pages', () => {
  for (const [name, fallback] of Object.entries(SITE_FALLBACKS)) {
    it(`${name}: ${fallback.example} is rewritten to ${fallback.page}index.html`, () => {
      expect(fallback.pattern.test(fallback.example)).toBe(true);
      expect(firstRewrite(fallback.example)?.destination).toBe(`${fallback.page}index.html`);
    });
  }

  for (const [name, route] of Object.entries(RECORD_ROUTES)) {
    it(`${name}: ${route.example} is rewritten to the ${RECORD_FUNCTION.functionId} function, which is exported in its region`, async () => {
      expect(route.pattern.test(route.example)).toBe(true);
      expect(firstRewrite(route.example)?.function).toEqual(RECORD_FUNCTION);
      // The section's template is a file of the build: Hosting serves it before any rewrite.
      expect(route.pattern.test(route.page)).toBe(true);
      const exported: Record<string, unknown> = await import('../../functions/src/index.js');
      expect(exported[RECORD_FUNCTION.functionId]).toHaveProperty('__endpoint', expect.objectContaining({ region: [RECORD_FUNCTION.region], httpsTrigger: { invoker: ['public'] } }));
    });
  }

  it('firebase.json gives the record sections the function’s Cache-Control: Hosting puts its headers over a function’s', () => {
    const headers = loadHostingHeaders();
    for (const route of Object.values(RECORD_ROUTES)) expect(headers(route.example)['Cache-Control'], route.example).toBe(RECORD_PAGE_CACHE);
  });

  it('a rewrite never takes a section’s deeper addresses or the API', () => {
    expect(firstRewrite('/at-detay/h1/baska')).toBeUndefined();
    expect(firstRewrite('/api/horses/h1')?.function).toBeDefined();
  });
});

describe('firebase.json sends the page-only security headers with pages, not with every asset', () => {
  const headers = loadHostingHeaders();
  const PAGE_ONLY = ['Content-Security-Policy', 'X-Frame-Options', 'Permissions-Policy', 'Referrer-Policy', 'Strict-Transport-Security'];

  it('every page, prebuilt or rendered by a function, carries them (frame-ancestors cannot live in the page’s <meta>)', () => {
    for (const path of ['/', '/giris', '/makale/altili-tahmin/', '/makale/altili-tahmin/index.html', '/makale/_yeni/', '/at-detay/h60000', '/jokey/j1/', '/admin/kullanicilar', '/404.html', '/favicon.svg']) {
      const sent = headers(path);
      for (const name of PAGE_ONLY) expect(sent[name], `${path} ${name}`).toBeTruthy();
      expect(sent['Content-Security-Policy'], path).toContain("frame-ancestors 'self'");
      expect(sent['X-Content-Type-Options'], path).toBe('nosniff');
    }
  });

  it('scripts, styles, images and the search index get nosniff and their cache life only: each header is some 500 bytes less per request', () => {
    for (const path of ['/_astro/client.FasGtEyh.js', '/_astro/index.BCa0.css', '/images/demo/kosu-24-720w.webp', '/pagefind/pagefind.js', '/pagefind/fragment/tr_abc.pf_fragment', '/rss.xml', '/robots.txt']) {
      const sent = headers(path);
      for (const name of PAGE_ONLY) expect(sent[name], `${path} ${name}`).toBeUndefined();
      expect(sent['X-Content-Type-Options'], path).toBe('nosniff');
      expect(sent['Cache-Control'], path).toBeTruthy();
    }
  });

  it('the API’s answers keep the API’s own headers: no Hosting rule touches them', () => {
    for (const path of ['/api/health', '/api/articles/x']) expect(headers(path)).toEqual({});
  });
});
