/**
 * The same article two ways, in Chromium on one throttled profile (DevTools "Fast 3G": 562.5 ms
 * RTT, 1.44 Mbps down, 675 kbps up; CPU 4x slower), each load in a fresh context (cold cache):
 *  - old client: empty shell + React bundle that fetches /api/articles/slug/{slug} and renders;
 *  - Ganyan: the static /makale/{slug} page.
 * Figure: time from navigation start until the article's first paragraph (`.article__body p`
 * with text) is in the document, taken at the next animation frame (the first that can show it);
 * median of N loads each, after one uncounted warm-up load of each.
 */
import type { CdpBrowser } from './lib/cdp.js';
import { median } from './lib/figures.js';
import { waitForQuietCpu } from './lib/quiet.js';

export const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.44 * 1024 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
export const CPU_SLOWDOWN = 4;

/** How the watcher's console line starts; the milliseconds since navigation start follow. */
const FIRST_PARAGRAPH_MARK = '__firstParagraphAt';

// A string, not a function: tsx's transform would add `__name` helpers the page does not have.
// The page reports through the console rather than being polled: anything evaluated in the page
// during the load runs on its main thread (Playwright's polling cost ~100 ms of a ~1 s static load
// on the 4x slower CPU), a cost that no reader pays.
const WATCH_FIRST_PARAGRAPH = `(() => {
  const observer = new MutationObserver(() => {
    const p = document.querySelector('.article__body p');
    if (!p || !p.textContent.trim()) return;
    observer.disconnect();
    // The next animation frame is the first one that can show it.
    requestAnimationFrame(() => console.debug('${FIRST_PARAGRAPH_MARK} ' + performance.now()));
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

const MOBILE = { width: 412, height: 823, deviceScaleFactor: 1, mobile: true };

/** One cold load in a fresh browser context: milliseconds from navigation start to the first paragraph. */
async function firstParagraphMs(browser: CdpBrowser, url: string): Promise<number> {
  const { browserContextId } = await browser.send<{ browserContextId: string }>('Target.createBrowserContext', { disposeOnDetach: true });
  try {
    const { targetId } = await browser.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank', browserContextId });
    const { sessionId } = await browser.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
    const send = (method: string, params?: Record<string, unknown>) => browser.send(method, params, sessionId);
    let stop = () => {};
    const reported = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no first paragraph within 120 s: ${url}`)), 120_000);
      const off = browser.onEvent((event) => {
        if (event.sessionId !== sessionId || event.method !== 'Runtime.consoleAPICalled') return;
        const text = String((event.params.args as { value?: unknown }[])[0]?.value ?? '');
        if (!text.startsWith(`${FIRST_PARAGRAPH_MARK} `)) return;
        clearTimeout(timer);
        resolve(Number(text.slice(FIRST_PARAGRAPH_MARK.length + 1)));
      });
      stop = () => {
        clearTimeout(timer);
        off();
      };
    });
    try {
      await send('Runtime.enable');
      await send('Page.enable');
      await send('Network.enable');
      await send('Network.setCacheDisabled', { cacheDisabled: true });
      await send('Network.emulateNetworkConditions', FAST_3G);
      await send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await send('Emulation.setDeviceMetricsOverride', MOBILE);
      await send('Emulation.setTouchEmulationEnabled', { enabled: true });
      await send('Page.addScriptToEvaluateOnNewDocument', { source: WATCH_FIRST_PARAGRAPH });
      await send('Page.navigate', { url });
      return await reported;
    } finally {
      stop();
    }
  } finally {
    await browser.send('Target.disposeBrowserContext', { browserContextId });
  }
}

/**
 * A load that starts on a quiet machine, as each Lighthouse run does: the previous page's renderer
 * winds down in the background, and the bench's part before this one may still be finishing (the
 * page-weight Chromium closing, a build's files going out to disk). On two cores either takes CPU
 * from the load's parse on the 4x slower CPU.
 */
async function quietLoad(browser: CdpBrowser, url: string, busy: { loads: number }): Promise<number> {
  if (!(await waitForQuietCpu()).quiet) busy.loads += 1;
  return firstParagraphMs(browser, url);
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
  /** Counted loads that started without a quiet second on the machine (see waitForQuietCpu). */
  busyLoads: number;
}

export async function sideBySide(browser: CdpBrowser, base: string, slug: string, loads: number, log: (line: string) => void = () => {}): Promise<SideBySide> {
  const oldClientUrl = `${base}/_bench/old-client/makale/${encodeURIComponent(slug)}`;
  const staticUrl = `${base}/makale/${encodeURIComponent(slug)}`;
  // One load of each, not counted: the first loads after Chromium starts took 1.3-2.4x the usual
  // time (a fresh browser's process and network-service start-up, the server's first requests).
  await quietLoad(browser, oldClientUrl, { loads: 0 });
  await quietLoad(browser, staticUrl, { loads: 0 });
  const busy = { loads: 0 };
  const staticMs: number[] = [];
  const oldClientMs: number[] = [];
  // Interleaved, so both see the same moments of machine load.
  for (let i = 0; i < loads; i++) {
    oldClientMs.push(await quietLoad(browser, oldClientUrl, busy));
    staticMs.push(await quietLoad(browser, staticUrl, busy));
  }
  const result = {
    slug,
    loads,
    staticMs,
    oldClientMs,
    staticMedianMs: median(staticMs),
    oldClientMedianMs: median(oldClientMs),
    ratio: median(oldClientMs) / median(staticMs),
    busyLoads: busy.loads,
  };
  log(`  side by side: old client ${Math.round(result.oldClientMedianMs)} ms, static ${Math.round(result.staticMedianMs)} ms, ratio ${result.ratio.toFixed(2)}x${result.busyLoads ? `, ${result.busyLoads} loads started on a busy machine` : ''}`);
  return result;
}
