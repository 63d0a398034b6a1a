import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startSiteServer, waitForIsland, type SiteServer } from '../support/browser.js';
import { buildArticleDocument, type NewArticleInput } from '../../functions/src/domain/articles/derive-fields.js';
import type { AppDeps } from '../../functions/src/platform/deps.js';
import { parseRaceEstimate, selectionsHash, type EstimateRace } from '../../functions/src/domain/estimates/estimate.js';
import { istanbulInstant } from '../../functions/src/domain/races/race.js';

/**
 * Articles for the article and list page tests, written through the same document builder the
 * seed and the staff panel use (sanitized body, read time, search tokens).
 */

export async function createAuthor(deps: AppDeps, fields: Record<string, unknown> = {}): Promise<string> {
  const id = `author-${randomUUID().slice(0, 8)}`;
  const now = deps.now();
  await deps.store.set('users', id, {
    email: `${id}@example.com`,
    username: id,
    usernameLower: id,
    firstName: 'Mehmet',
    lastName: 'Şahin',
    displayName: 'Mehmet Şahin',
    role: 'author',
    status: 'active',
    isDeleted: false,
    passwordHash: 'not-a-valid-hash',
    bio: 'Yirmi yıldır İstanbul ve Ankara koşularını izleyen handikap uzmanı.',
    createdAt: now,
    updatedAt: now,
    ...fields,
  });
  return id;
}

let counter = 0;

export async function createArticle(deps: AppDeps, input: Partial<NewArticleInput> & Pick<NewArticleInput, 'authorId'>): Promise<string> {
  counter += 1;
  const id = input.slug ? `a-${input.slug}` : `a-${counter}-${randomUUID().slice(0, 6)}`;
  const title = input.title ?? `Deneme makalesi ${counter}`;
  const doc = buildArticleDocument(
    {
      title,
      slug: input.slug ?? `deneme-makalesi-${counter}-${randomUUID().slice(0, 4)}`,
      category: 'estimation',
      excerpt: `${title} için kısa özet.`,
      content: '<p>Koşu analizi: pist ağır, favori atlar ikinci yarıda öne çıkıyor.</p>',
      status: 'published',
      ...input,
    },
    deps.now(),
  );
  await deps.store.set('articles', id, doc);
  return id;
}

/**
 * An estimate in the stored shape the staff service writes (manage-estimates createEstimate):
 * races 1..n of one Veliefendi card, two horses picked per race. It is parsed with the estimate
 * schema before it is written, so a schema change breaks here and not deep in the site build.
 */
export async function addRaceEstimate(deps: AppDeps, articleId: string, raceNumbers: number[]): Promise<void> {
  const now = deps.now();
  const date = '2026-11-22';
  const races: EstimateRace[] = raceNumbers.map((raceNumber, i) => {
    const startTime = `${14 + Math.floor(i / 2)}:${i % 2 ? '30' : '00'}`;
    return {
      id: `r7700${raceNumber}`,
      raceNumber,
      title: `${raceNumber}. Koşu - Handikap 15`,
      startTime,
      startsAt: istanbulInstant(date, startTime),
      distance: 1400 + i * 100,
      surface: i % 2 ? 'Kum' : 'Çim',
      selectedHorses: [
        { number: 1 + i, name: `Rüzgâr ${i + 1}`, horseId: `h${raceNumber}0${1 + i}` },
        { number: 5 + i, name: `Şahbatur ${i + 1}`, horseId: `h${raceNumber}0${5 + i}` },
      ],
      totalHorses: 12,
    };
  });
  const total = races.reduce((n, r) => n + r.selectedHorses.length, 0);
  const id = `est-${articleId}`;
  const record = {
    articleId,
    authorId: ((await deps.store.get('articles', articleId))?.authorId as string | undefined) ?? 'unknown-author',
    title: 'Veliefendi altılı tahmini',
    description: 'Banko: 3. koşuda 5 numara.',
    isActive: true,
    exportInfo: { exportDate: now, exportType: 'admin-selection' as const, location: 'İstanbul', raceFilter: 'second6', totalSelections: total, version: '1.0' as const },
    raceData: { location: 'İstanbul', date, hipodrom: 'İstanbul Veliefendi Hipodromu', weatherCondition: 'Bulutlu', temperature: 14, totalRaces: 12 },
    raceDayId: `istanbul-${date}`,
    raceIds: races.map((r) => r.id),
    races,
    selections: {
      totalSelections: total,
      selectionsByRace: races.map((r) => ({ raceId: r.id, raceNumber: r.raceNumber, horses: r.selectedHorses.map((h) => h.number) })),
    },
    statistics: {
      totalRaces: races.length,
      racesWithSelections: races.length,
      averageSelectionsPerRace: races.length ? total / races.length : 0,
      raceDistribution: races.map((r) => ({
        raceNumber: r.raceNumber,
        title: r.title,
        totalHorses: r.totalHorses,
        selectedHorses: r.selectedHorses.length,
        selectionPercentage: Math.round((r.selectedHorses.length / r.totalHorses) * 10000) / 100,
      })),
    },
    audio: null,
    video: null,
    lockAt: new Date(Math.min(...races.map((r) => r.startsAt.getTime()))),
    selectionsHash: selectionsHash(races),
    settlement: null,
    createdAt: now,
    updatedAt: now,
  };
  parseRaceEstimate({ id, ...record });
  await deps.store.set('raceEstimates', id, record);
}

// ---------------------------------------------------------------------------------------------
// A built site over a test server, plus Chromium, for the article and list page tests.

export type ArticleSite = Pick<SiteServer, 'server' | 'siteDir' | 'close'> & {
  browser: Browser;
  /** Builds the site from the server's store (again, after the test changed it). */
  build(): Promise<void>;
};

export async function startArticleSite(): Promise<ArticleSite> {
  // An empty store: each test writes the articles it needs, then builds.
  const site = await startSiteServer({ seed: false, build: false });
  const browser = await launchBrowser();
  return {
    server: site.server,
    siteDir: site.siteDir,
    browser,
    build: site.rebuild,
    async close() {
      await browser.close();
      await site.close();
    },
  };
}

/** Signs the page in as the given account the way the login form leaves the session (spec 000 §9 keys). */
export async function signIn(page: Page, account: { id: string; token: string }, user: Record<string, unknown> = {}): Promise<void> {
  const userData = JSON.stringify({ id: account.id, username: account.id, firstName: 'Test', lastName: 'Üye', role: 'user', ...user });
  await page.addInitScript(
    ([token, data]) => {
      window.sessionStorage.setItem('authToken', token!);
      window.sessionStorage.setItem('userData', data!);
    },
    [account.token, userData],
  );
}

/** A fresh context signed in as `account`, on the article at `slug`. */
export async function articleAs(site: ArticleSite, account: { id: string; token: string }, slug: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await site.browser.newContext();
  const page = await context.newPage();
  await signIn(page, account);
  await page.goto(`${site.server.baseUrl}/makale/${slug}`);
  return { context, page };
}

// One axe-core check for every browser file (tests/support/browser.ts).
export { seriousViolations } from '../support/browser.js';

/** Brings the named island into view, which starts a `client:visible` one, and waits for it. */
export async function hydrated(page: Page, component: string): Promise<void> {
  await page.locator(`astro-island[component-url*="/${component}."]`).first().scrollIntoViewIfNeeded();
  await waitForIsland(page, component);
}
