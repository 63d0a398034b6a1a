import { readFileSync } from 'node:fs';
import { matchesGlob } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIREBASE_JSON } from '../../server/hosting-headers.js';
import { SITE_FALLBACKS } from '../../server/site.js';

/**
 * Issue 21: every fallback page the local server answers with (a record published or imported
 * after the last build, the staff panel's client routes) is one production answers with too: the
 * first firebase.json rewrite matching the address sends it to the same page. Hosting applies
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

  it('a rewrite never takes a section’s deeper addresses or the API', () => {
    expect(firstRewrite('/at-detay/h1/baska')).toBeUndefined();
    expect(firstRewrite('/api/horses/h1')?.function).toBeDefined();
  });
});
