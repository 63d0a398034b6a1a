import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildSite } from '../../scripts/build-site.js';
import type { LoggedIn } from './login.js';
import { startTestServer, type TestServer } from './server.js';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

export function launchBrowser(): Promise<Browser> {
  // Generous: on a loaded two-core machine Chromium can take minutes to come up.
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, timeout: 300_000 });
}

export interface SiteServer {
  baseUrl: string;
  server: TestServer;
  siteDir: string;
  /** Rebuilds the site from the store (after a test changed content). */
  rebuild(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The whole local product as `npm start` runs it: a real HTTP server over a fresh sqlite store
 * seeded with the demo data, serving /api and the site built from that store. Building takes a
 * while, so a test file starts one in beforeAll and shares it.
 */
export async function startSiteServer(options: { seed?: boolean; search?: boolean } = {}): Promise<SiteServer> {
  const siteRoot = mkdtempSync(join(tmpdir(), 'ganyan-site-'));
  const siteDir = join(siteRoot, 'dist');
  const server = await startTestServer({ siteDir, seeded: options.seed !== false });
  const rebuild = async () => {
    await buildSite({
      siteDir,
      quiet: true,
      search: options.search ?? false,
      env: { ...process.env, GANYAN_DATA_DIR: server.dataDir, SITE_URL: server.baseUrl, JWT_SECRET: server.deps.config.jwtSecret },
    });
  };
  try {
    await rebuild();
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

/** Waits until an Astro island has hydrated (Astro removes the `ssr` attribute then). */
export async function waitForIsland(page: Page, component: string): Promise<void> {
  await page.waitForSelector(`astro-island[component-url*="/${component}."]:not([ssr])`, { state: 'attached' });
}

/**
 * A staff panel tab already signed in: the real login's tokens go into the staff session keys
 * before the panel's code runs (once, so a later logout or refresh in the tab sticks).
 * `confirms` answers the panel's window.confirm prompts.
 */
export async function openStaffTab(
  browser: Browser,
  url: string,
  staff: LoggedIn,
  options: { width?: number; confirms: 'accept' | 'dismiss'; locale?: string },
): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 }, locale: options.locale ?? 'tr-TR' });
  await ctx.addInitScript(
    ({ token, refreshToken, user }) => {
      if (!sessionStorage.getItem('adminToken')) {
        sessionStorage.setItem('adminToken', token);
        sessionStorage.setItem('adminRefreshToken', refreshToken);
        sessionStorage.setItem('adminAuth', JSON.stringify(user));
      }
    },
    { token: staff.token, refreshToken: staff.refreshToken, user: staff.user },
  );
  const page = await ctx.newPage();
  page.on('dialog', (d) => void (options.confirms === 'accept' ? d.accept() : d.dismiss()));
  await page.goto(url);
  return { ctx, page };
}
