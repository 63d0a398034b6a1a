import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { buildSite } from '../../scripts/build-site.js';
import { ADMIN_EMAIL, DEMO_PASSWORD } from '../../server/seed/users.js';
import { loginStaff, type LoggedIn } from './login.js';
import { installSiteTemplate, siteTemplate } from './site-template.js';
import { startTestServer, type TestServer } from './server.js';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

export function launchBrowser(): Promise<Browser> {
  // Generous: on a loaded two-core machine Chromium can take minutes to come up.
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, timeout: 300_000 });
}

/**
 * Screenshots are for a person to look at (every screen at 390 and 1280 px, docs/engineering.md);
 * no test compares them. `npm run test:screens` writes them; `npm test` leaves them out: two hundred
 * full-page captures were a fifth of the suite's time on two cores, and proved nothing.
 */
export const KEEP_SCREENS = process.env.GANYAN_SCREENS === '1';

/** Writes a screenshot of the page or element to `path` once web fonts are in, when screens are kept. */
export async function saveScreen(target: Page | Locator, path: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!KEEP_SCREENS) return;
  mkdirSync(dirname(path), { recursive: true });
  // A Locator has page(); a Page has not.
  if ('page' in target) {
    await target.page().evaluate(() => document.fonts.ready);
    await target.screenshot({ path });
  } else {
    await target.evaluate(() => document.fonts.ready);
    await target.screenshot({ path, fullPage: options.fullPage ?? false });
  }
}

export interface SiteServer {
  baseUrl: string;
  server: TestServer;
  siteDir: string;
  /** Rebuilds the site from the store (after a test changed content). */
  rebuild(): Promise<void>;
  close(): Promise<void>;
}

export interface SiteOptions {
  /** Copy the seeded demo store (default) or start from an empty one. */
  seed?: boolean;
  search?: boolean;
  /** The server's clock, fixed from the start (tests move it with `server.setNow`). */
  now?: Date;
  /** Fills the store before the first build (a scenario of the test's own). */
  prepare?: (server: TestServer) => Promise<void>;
  /** Build now (default) or leave the first build to the test, after it wrote its content. */
  build?: boolean;
}

/**
 * The whole local product as `npm start` runs it: a real HTTP server over a fresh sqlite store
 * seeded with the demo data, serving /api and the site built from that store. Building takes a
 * while, so a test file starts one in beforeAll and shares it.
 */
export async function startSiteServer(options: SiteOptions = {}): Promise<SiteServer> {
  const siteRoot = mkdtempSync(join(tmpdir(), 'ganyan-site-'));
  const siteDir = join(siteRoot, 'dist');
  const server = await startTestServer({ siteDir, seeded: options.seed !== false, now: options.now });
  // Only the plain seeded site is shared (with or without its search index); a file with its own data builds its own.
  const sharesTemplate = options.seed !== false && !options.prepare && options.build !== false;
  const rebuild = async () => {
    await buildSite({
      siteDir,
      quiet: true,
      search: options.search ?? false,
      env: { ...process.env, GANYAN_DATA_DIR: server.dataDir, SITE_URL: server.baseUrl, JWT_SECRET: server.deps.config.jwtSecret },
    });
  };
  try {
    await options.prepare?.(server);
    if (sharesTemplate) installSiteTemplate(await siteTemplate(), siteDir, server.baseUrl, { search: options.search });
    else if (options.build !== false) await rebuild();
  } catch (error) {
    await server.close();
    rmSync(siteRoot, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl: server.baseUrl,
    server,
    siteDir,
    rebuild,
    async close() {
      await server.close();
      rmSync(siteRoot, { recursive: true, force: true });
    },
  };
}

/** What a browser test file shares: the built site, Chromium, and (when asked) a signed-in admin. */
export interface BrowserSuite {
  readonly site: SiteServer;
  readonly browser: Browser;
  /** The seeded admin, signed in through the real staff login (needs `admin` in the options). */
  readonly admin: LoggedIn;
  url(path: string): string;
  /** A full-page screenshot into the file's screenshot folder (kept only by `npm run test:screens`). */
  shot(page: Page, name: string): Promise<void>;
  /** A staff panel tab signed in as the admin. */
  staffTab(path: string, options: { width?: number; confirms: 'accept' | 'dismiss' }): Promise<{ ctx: BrowserContext; page: Page }>;
  /** A tab at the given width (a context of its own, Turkish locale). */
  tab(path: string, width?: number): Promise<{ ctx: BrowserContext; page: Page }>;
}

/**
 * One site and one Chromium for the test file that calls it (at its top level): started in
 * beforeAll, closed in afterAll. The getters throw outside a test, where nothing is started yet.
 */
export function browserSuite(options: SiteOptions & { shots?: string; admin?: { ip: string } } = {}): BrowserSuite {
  let site: SiteServer | undefined;
  let browser: Browser | undefined;
  let admin: LoggedIn | undefined;
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started: use it inside a test (or ask for it in browserSuite's options)`);
    return value;
  };
  beforeAll(async () => {
    // One after the other: seeding (scrypt) and building already saturate the machine.
    site = await startSiteServer(options);
    browser = await launchBrowser();
    if (options.admin) admin = await loginStaff(site.server, ADMIN_EMAIL, DEMO_PASSWORD, { ip: options.admin.ip });
  }, 1_200_000);
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });
  const suite: BrowserSuite = {
    get site() {
      return ready(site, 'the site');
    },
    get browser() {
      return ready(browser, 'Chromium');
    },
    get admin() {
      return ready(admin, 'the admin session');
    },
    url: (path) => `${suite.site.baseUrl}${path}`,
    shot: (page, name) => saveScreen(page, join(ready(options.shots, 'the screenshot folder'), `${name}.png`), { fullPage: true }),
    staffTab: (path, tabOptions) => openStaffTab(suite.browser, suite.url(path), suite.admin, tabOptions),
    async tab(path, width = 1280) {
      const ctx = await suite.browser.newContext({ viewport: { width, height: 900 }, locale: 'tr-TR' });
      const page = await ctx.newPage();
      await page.goto(suite.url(path));
      return { ctx, page };
    },
  };
  return suite;
}

/** A layout shift as the page recorded it: each source as `TAG.class`, with the part of the page it is in. */
export interface RecordedShift {
  value: number;
  sources: { node: string; within: 'HEADER' | 'MAIN' | 'FOOTER' | null }[];
}

/**
 * Records every layout shift of each page the tab opens, from its first frame (an init script, so a
 * new page starts a new record); the returned function reads the current page's.
 */
export async function recordLayoutShifts(page: Page): Promise<() => Promise<RecordedShift[]>> {
  await page.addInitScript(() => {
    const shifts: RecordedShift[] = [];
    (window as unknown as { layoutShifts: RecordedShift[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node }[] })[]) {
        const sources = (entry.sources ?? []).map(({ node }): RecordedShift['sources'][number] => {
          if (!(node instanceof Element)) return { node: String(node?.nodeName), within: null };
          const part = node.closest('header, main, footer')?.tagName;
          return { node: `${node.tagName}.${node.className}`, within: part === 'HEADER' || part === 'MAIN' || part === 'FOOTER' ? part : null };
        });
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { layoutShifts: RecordedShift[] }).layoutShifts);
}

/** How far the page sticks out sideways (a wide table or tab row must scroll inside its own box). */
export function sidewaysOverflow(page: Page): Promise<number> {
  // Never below 0: with the scrollbar's gutter kept (html { scrollbar-gutter: stable }) a short page's
  // scrollWidth can be the gutter narrower than its clientWidth, which is not sticking out either.
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth));
}

/** The innermost elements that reach past the right edge of the window: what to fix when the page sticks out. */
export function widerThanWindow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const edge = document.documentElement.clientWidth;
    const wide = [...document.body.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > edge + 0.5);
    return wide
      .filter((el) => !wide.some((other) => other !== el && el.contains(other)))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`);
  });
}

/** Signs a member in through the site's own login form (/giris) and waits for the home page. */
export async function signInThroughForm(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/giris`);
  await page.fill('#email', email);
  await page.fill('#password', password);
  await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
  // The address, not the load event: on a loaded machine the home page's images can take their time.
  await page.waitForURL(`${baseUrl}/`, { timeout: 60_000, waitUntil: 'domcontentloaded' });
}

const require = createRequire(import.meta.url);

/** axe-core violations of impact serious or critical on the current page. */
export async function seriousViolations(page: Page): Promise<{ id: string; help: string; nodes: string[] }[]> {
  // Evaluated over the DevTools protocol: a <script> tag with axe inside would be refused by the page's CSP.
  await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

/** An init script (`context.addInitScript`) that keeps every Content-Security-Policy violation of the page. */
export const RECORD_VIOLATIONS = () => {
  (window as unknown as { __csp: string[] }).__csp = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`);
  });
};

/** The violations RECORD_VIOLATIONS kept so far. */
export async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

/** Waits until an Astro island has hydrated (Astro removes the `ssr` attribute then). */
export async function waitForIsland(page: Page, component: string): Promise<void> {
  await page.waitForSelector(`astro-island[component-url*="/${component}."]:not([ssr])`, { state: 'attached' });
}

/** The browser-side session keys of each audience (spec 000 §9): what the login form leaves behind. */
const SESSION_KEYS = {
  staff: { token: 'adminToken', refresh: 'adminRefreshToken', user: 'adminAuth' },
  member: { token: 'authToken', refresh: 'refreshToken', user: 'userData' },
} as const;

/**
 * A context whose tabs start signed in: the real login's tokens go into the audience's session
 * keys before the site's code runs (once, so a later logout or refresh in the tab sticks).
 */
export async function signedInContext(
  browser: Browser,
  who: LoggedIn,
  audience: keyof typeof SESSION_KEYS,
  /** `phone`: a phone's overlay scrollbars, so the page gets the whole width as on a real phone. */
  options: { width?: number; locale?: string; phone?: boolean } = {},
): Promise<BrowserContext> {
  const ctx = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 }, locale: options.locale ?? 'tr-TR', isMobile: options.phone ?? false });
  await ctx.addInitScript(
    ({ keys, token, refreshToken, user }) => {
      if (!sessionStorage.getItem(keys.token)) {
        sessionStorage.setItem(keys.token, token);
        sessionStorage.setItem(keys.refresh, refreshToken);
        sessionStorage.setItem(keys.user, JSON.stringify(user));
      }
    },
    { keys: SESSION_KEYS[audience], token: who.token, refreshToken: who.refreshToken, user: who.user },
  );
  return ctx;
}

/** A staff panel tab already signed in. `confirms` answers the panel's window.confirm prompts. */
export async function openStaffTab(
  browser: Browser,
  url: string,
  staff: LoggedIn,
  options: { width?: number; confirms: 'accept' | 'dismiss'; locale?: string },
): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await signedInContext(browser, staff, 'staff', options);
  const page = await ctx.newPage();
  page.on('dialog', (d) => void (options.confirms === 'accept' ? d.accept() : d.dismiss()));
  await page.goto(url);
  return { ctx, page };
}
