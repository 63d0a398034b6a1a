import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Minimatch } from 'minimatch';
import { REPO_ROOT } from '../functions/src/platform/config.js';

export const FIREBASE_JSON = resolve(REPO_ROOT, 'firebase.json');

/** A rule names its paths by glob (`source`) or by RE2 regular expression (`regex`), as in Hosting. */
type HeaderRule = ({ source: string } | { regex: string }) & { headers: { key: string; value: string }[] };

/**
 * The `hosting.headers` of firebase.json, applied the way Firebase Hosting applies them: every
 * rule whose glob or regex matches the request path adds its headers, a later rule overriding an
 * earlier one for the same name, and over a function's own answer too (server/local-app.ts). Read from that one file, so what the local server sends and what
 * production sends cannot drift apart (security headers, CSP, caching).
 */
export function loadHostingHeaders(file: string = FIREBASE_JSON): (urlPath: string) => Record<string, string> {
  const config = JSON.parse(readFileSync(file, 'utf8')) as { hosting?: { headers?: HeaderRule[] } };
  const rules = (config.hosting?.headers ?? []).map((rule) => ({ matches: pathMatcher(rule), headers: rule.headers }));
  return (urlPath) => {
    const headers: Record<string, string> = {};
    for (const rule of rules) {
      if (!rule.matches(urlPath)) continue;
      for (const { key, value } of rule.headers) headers[key] = value;
    }
    return headers;
  };
}

function pathMatcher(rule: HeaderRule): (urlPath: string) => boolean {
  // The patterns used here are in the common part of RE2 and JavaScript (no lookaround, no backreference).
  if ('regex' in rule) {
    const pattern = new RegExp(rule.regex, 'u');
    return (urlPath) => pattern.test(urlPath);
  }
  const glob = compileGlob(rule.source);
  return (urlPath) => glob.match(urlPath.replace(/^\/+/, ''));
}

/**
 * A rule's `source`, matched against paths without their leading slash. Compiled once per rule:
 * node:path's matchesGlob parses the pattern again on every call, which was about a sixth of the
 * local server's CPU time per API request. The options are the ones matchesGlob passes to the same
 * matcher on Linux, so what matches is unchanged.
 */
function compileGlob(source: string): Minimatch {
  return new Minimatch(source.replace(/^\/+/, ''), { windowsPathsNoEscape: true, nonegate: true, nocomment: true, optimizationLevel: 2, platform: 'linux' });
}

interface RedirectRule {
  source: string;
  destination: string;
  type?: number;
}

/**
 * The `hosting.redirects` of firebase.json (glob sources, checked before any file as Hosting does):
 * the local server answers them with the same status, so `/haberler/sayfa/1` leaves for `/haberler`
 * here exactly as in production.
 */
export function loadHostingRedirects(file: string = FIREBASE_JSON): (urlPath: string) => { location: string; status: 301 | 302 } | null {
  const config = JSON.parse(readFileSync(file, 'utf8')) as { hosting?: { redirects?: RedirectRule[] } };
  const rules = (config.hosting?.redirects ?? []).map((rule) => ({ ...rule, glob: compileGlob(rule.source) }));
  return (urlPath) => {
    // trailingSlash: false, so '/x/' is the same address as '/x'.
    const path = urlPath.replace(/^\/+/, '').replace(/\/+$/, '');
    const rule = rules.find((r) => r.glob.match(path));
    return rule ? { location: rule.destination, status: rule.type === 302 ? 302 : 301 } : null;
  };
}
