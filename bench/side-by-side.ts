/**
 * The same article two ways, in Chromium on one throttled profile (DevTools "Fast 3G": 562.5 ms
 * RTT, 1.44 Mbps down, 675 kbps up; CPU 4x slower), each load in a fresh context (cold cache):
 *  - old client: empty shell + React bundle that fetches /api/articles/slug/{slug} and renders;
 *  - Ganyan: the static /makale/{slug} page.
 * Figure: time from navigation start until the article's first paragraph (`.article__body p`
 * with text) is in the document and a frame has been drawn after it; median of N loads each.
 */
import type { Browser } from 'playwright-core';
import { median } from './lib/figures.js';

export const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.44 * 1024 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
export const CPU_SLOWDOWN = 4;

// A string, not a function: tsx's transform would add `__name` helpers the page does not have.
const WATCH_FIRST_PARAGRAPH = `(() => {
  window.__firstParagraphAt = null;
  const observer = new MutationObserver(() => {
    const p = document.querySelector('.article__body p');
    if (!p || !p.textContent.trim()) return;
    observer.disconnect();
    // The next animation frame is the first one that can show it.
    requestAnimationFrame(() => { window.__firstParagraphAt = performance.now(); });
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

async function firstParagraphMs(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript({ content: WATCH_FIRST_PARAGRAPH });
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    const handle = await page.waitForFunction(() => (window as unknown as { __firstParagraphAt: number | null }).__firstParagraphAt, null, { timeout: 120_000, polling: 50 });
    return (await handle.jsonValue()) as number;
  } finally {
    await context.close();
  }
}

export interface SideBySide {
  slug: string;
  loads: number;
  staticMs: number[];
  oldClientMs: number[];
  staticMedianMs: number;
  oldClientMedianMs: number;
  /** How many times sooner the static page shows the first paragraph. */
  ratio: number;
}

export async function sideBySide(browser: Browser, base: string, slug: string, loads: number, log: (line: string) => void = () => {}): Promise<SideBySide> {
  const staticMs: number[] = [];
  const oldClientMs: number[] = [];
  // Interleaved, so both see the same moments of machine load.
  for (let i = 0; i < loads; i++) {
    oldClientMs.push(await firstParagraphMs(browser, `${base}/_bench/old-client/makale/${encodeURIComponent(slug)}`));
    staticMs.push(await firstParagraphMs(browser, `${base}/makale/${encodeURIComponent(slug)}`));
  }
  const result = {
    slug,
    loads,
    staticMs,
    oldClientMs,
    staticMedianMs: median(staticMs),
    oldClientMedianMs: median(oldClientMs),
    ratio: median(oldClientMs) / median(staticMs),
  };
  log(`  side by side: old client ${Math.round(result.oldClientMedianMs)} ms, static ${Math.round(result.staticMedianMs)} ms, ratio ${result.ratio.toFixed(2)}x`);
  return result;
}
