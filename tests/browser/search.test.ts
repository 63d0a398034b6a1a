import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, recordLayoutShifts } from '../support/browser.js';

/**
 * The search page (/ara, Pagefind's UI over the built index): its results arrive after the first
 * paint, each one first as a placeholder and then with its title and excerpt. Nothing the reader
 * already sees may move when they do.
 */

const suite = browserSuite({ search: true, shots: process.env.GANYAN_SEARCH_SHOTS ?? '/tmp/ganyan-search-shots' });

describe('search page', () => {
  it('shows results in order as each is loaded, with no layout shift, the footer below the first screen; "Daha fazla sonuç" adds more', async () => {
    const ctx = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'tr-TR' });
    try {
      const page = await ctx.newPage();
      const layoutShifts = await recordLayoutShifts(page);
      // Each result's excerpt is a fragment of its own: held back, then let through in reverse order.
      const held: Route[] = [];
      await page.route('**/pagefind/fragment/**', (route) => void held.push(route));
      await page.goto(suite.url('/ara?q=at'));
      await page.getByText(/^at için \d+ sonuç$/).waitFor();
      const results = page.locator('.pagefind-ui__result');
      // Every placeholder drawn has asked for its excerpt.
      await expect.poll(async () => held.length > 2 && held.length === (await results.count())).toBe(true);
      const shown = () =>
        results.evaluateAll((all) =>
          all.map((li) => ({ shown: li.checkVisibility({ visibilityProperty: true }), loaded: !li.querySelector('.pagefind-ui__loading') })),
        );
      const footerTop = await page.locator('footer.site-footer').evaluate((footer) => footer.getBoundingClientRect().top);
      expect(footerTop).toBeGreaterThan(844);
      expect((await shown()).some((r) => r.shown)).toBe(false);
      expect(await page.getByRole('button', { name: 'Daha fazla sonuç' }).isVisible()).toBe(false);

      const firstBatch = held.length;
      while (held.length > 0) {
        await held.pop()!.continue();
        // Once the UI has drawn what came, only a run of loaded results from the top is shown.
        await expect.poll(async () => (await shown()).filter((r) => r.loaded).length).toBe(firstBatch - held.length);
        const state = await shown();
        const firstHidden = state.findIndex((r) => !r.shown);
        for (const [i, r] of state.entries()) {
          if (r.shown) expect(r.loaded, `result ${i + 1} shown before it loaded`).toBe(true);
          if (firstHidden >= 0 && i > firstHidden) expect(r.shown, `result ${i + 1} shown after a hidden one`).toBe(false);
        }
      }
      await expect.poll(async () => (await shown()).filter((r) => r.shown).length).toBe(firstBatch);
      await suite.shot(page, 'results-390');
      expect(await layoutShifts()).toEqual([]);

      await page.unroute('**/pagefind/fragment/**');
      await page.getByRole('button', { name: 'Daha fazla sonuç' }).click();
      await expect.poll(async () => (await shown()).filter((r) => r.shown && r.loaded).length).toBeGreaterThan(firstBatch);
    } finally {
      await ctx.close();
    }
  });
});
