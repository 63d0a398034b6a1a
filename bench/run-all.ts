/**
 * npm run bench [-- --quick] [-- --only pages,lighthouse,side,build,scale,api,races,notifications,jockeys,cost,signin-burst,publish-load,cold-start] [-- --demo-data DIR]
 *
 * --demo-data DIR keeps the demo seed in DIR and reuses it on the next run (seeding hashes 47
 * passwords, minutes on a busy machine); the scaled data dirs are always fresh copies.
 * --lighthouse-other-runs N: runs per page for the pages without a Lighthouse goal (default 3).
 * --wordpress URL: a WordPress holding the same articles (bash bench/wordpress/setup.sh, as root),
 * measured in the same Lighthouse runs as the pages the issue compares with it; without it the
 * issue's WordPress figures are the goals.
 * --merge a.json,b.json: one table and latest.json from partial runs (--only) made side by side.
 * --cold-start-before REF: the cold-start part also measures the functions of git commit REF, in
 * the same rounds, its figures in each row's note.
 *
 * Every benchmark against local servers this script starts itself (temp data dirs, seeded),
 * one table (figure, value, goal, met) on stdout, and the same as JSON in
 * bench/results/bench-YYYYMMDD-HHMM.json and bench/results/latest.json.
 */
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../functions/src/platform/config.js';
import { createLocalDeps } from '../functions/src/platform/local-deps.js';
import { seedRaces } from '../server/seed/races.js';
import { launchBrowser } from '../tests/support/browser.js';
import { launchCdpBrowser } from './lib/cdp.js';
import { maxRate, runLoad, type Endpoint, type LoadRun } from './api.js';
import { BENCH_ROOT, buildFrom, DEMO_PASSWORD, login, makeWorkDir, scaledCopy, seedDataDir, startServer } from './lib/env.js';
import { besidePrevious, check, formatTable, newestRunWith, resultFileName, type EarlierRun, type Figure } from './lib/figures.js';
import { measurePage, type PageTarget, type PageWeight } from './lib/page-weight.js';
import { storedSession } from './lib/stored-session.js';
import { startControlPage } from './lib/control-page.js';
import { LIGHTER_THAN_WORDPRESS, liveWordPressFigures, metricsNote, performanceGoal, runsNote, VERSUS_WORDPRESS, wordpressFigures, wordpressPages } from './lib/versus-wordpress.js';
import { runLighthouse, type LighthouseResult } from './lighthouse.js';
import { REPO_ROOT } from '../scripts/build-site.js';
import { buildOldClient } from './old-client/build.js';
import { sideBySide, type SideBySide } from './side-by-side.js';
import { busyNote, type QuietWait } from './lib/quiet.js';
import { benchRaces } from './races.js';
import { benchNotifications, FANOUT_RUNS, NOTIFY_GOALS, VIP_COUNT } from './notifications.js';
import { benchJockeys } from './jockeys.js';
import { benchCost, FIRST_MEASUREMENT, type CostResult } from './cost.js';
import { freePort } from '../server/free-port.js';
import { benchScale, describePhases, SCALE_GOALS } from './scale.js';
import { benchSigninBurst, BURST, PEAK_SHARE_GOAL } from './signin-burst.js';
import { benchPublishLoad, PUBLISH_GOALS } from './publish-load.js';
import { archiveTree, benchColdStart, buildFunctions, coldStartFigures } from './cold-start.js';

const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false }, only: { type: 'string' }, 'demo-data': { type: 'string' }, 'lighthouse-other-runs': { type: 'string' }, merge: { type: 'string' }, emit: { type: 'string' }, wordpress: { type: 'string' }, 'cold-start-before': { type: 'string' } } });
const QUICK = values.quick;
const ONLY = values.only ? new Set(values.only.split(',')) : null;
const wants = (part: string) => !ONLY || ONLY.has(part);

const SETTINGS = QUICK
  ? { buildScale: 1_000, apiScale: 10_000, lighthouseRuns: 1, wordpressRuns: 1, lighthouseAll: false, sideLoads: 3, stepSeconds: 3, fixedSeconds: 5, rates: [250, 500, 1000, 2000] }
  : { buildScale: 10_000, apiScale: 100_000, lighthouseRuns: 3, wordpressRuns: 5, lighthouseAll: true, sideLoads: 10, stepSeconds: 6, fixedSeconds: 20, rates: [250, 500, 1000, 1500, 2000, 3000] };
const LIGHTHOUSE_OTHER_RUNS = Number(values['lighthouse-other-runs'] ?? SETTINGS.lighthouseRuns);
const FIXED_RATE = 500;
const LIGHTHOUSE_GOAL_PAGES = new Set(['home', 'article', 'race programme', 'news list', 'VIP packages', 'staff panel']);

const KB = 1024;

const figures: Figure[] = [];
const details: Record<string, unknown> = {};
const log = (line: string) => console.log(line);
const failures: string[] = [];

/** One part failing (a timeout on a loaded machine) must not cost the figures of the others. */
async function guarded(section: string, part: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    log(`  ${part} FAILED: ${message}`);
    failures.push(`${part}: ${message}`);
    figures.push({ section, name: `${part}: not measured`, value: null, unit: '', note: message.slice(0, 160) });
  }
}
const started = Date.now();
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;

interface Targets {
  pages: PageTarget[];
  articleSlug: string;
  premiumSlug: string | null;
}

/** Real content of the seeded store: one page of every type the site has. */
async function pickTargets(dataDir: string): Promise<Targets> {
  const config = loadConfig({ ...process.env, GANYAN_DATA_DIR: dataDir, GANYAN_ENV: 'development' });
  const deps = createLocalDeps(config, { quiet: true });
  try {
    const published = await deps.store.collection('articles').where('status', '==', 'published').where('isDeleted', '==', false).orderBy('publishedAt', 'desc').limit(200).get();
    // An article with an image and a long body: the heaviest ordinary reading case.
    const open = published.filter((a) => a.visibility === 'public');
    const article = open.find((a) => a.category === 'estimation' && a.featuredImage) ?? open.find((a) => a.category === 'estimation') ?? open[0];
    const premium = published.find((a) => a.visibility === 'premium');
    const author = (await deps.store.collection('users').where('role', '==', 'author').limit(1).get())[0];
    const horse = (await deps.store.collection('horses').limit(1).get())[0];
    const trainer = (await deps.store.collection('trainers').limit(1).get())[0];
    if (!article || !author) throw new Error('seeded store has no public article or author');
    return {
      articleSlug: String(article.slug),
      premiumSlug: premium ? String(premium.slug) : null,
      pages: [
        { type: 'home', path: '/' },
        { type: 'article', path: `/makale/${article.slug}` },
        ...(premium ? [{ type: 'premium article (VIP reader)', path: `/makale/${premium.slug}` }] : []),
        { type: 'news list', path: '/haberler' },
        { type: 'successful predictions', path: '/basarili-tahminler' },
        { type: 'author', path: `/yazarlar/${author.id}` },
        { type: 'race programme', path: '/yaris-programi' },
        ...(horse ? [{ type: 'horse', path: `/at-detay/${horse.id}` }] : []),
        ...(trainer ? [{ type: 'trainer', path: `/antrenor/${trainer.id}` }] : []),
        { type: 'standings', path: '/istatistikler' },
        { type: 'about', path: '/hakkimizda' },
        { type: 'login', path: '/giris' },
        { type: 'VIP packages', path: '/vip-uyelik' },
        { type: 'staff panel', path: '/admin/login' },
      ],
    };
  } finally {
    await deps.store.close();
  }
}

function buildFigures(label: string, articles: number, seconds: number, peakMiB: number, pages: number, goals: boolean, wait: QuietWait) {
  figures.push(
    { section: 'Build', name: `${label}: build time (${articles} articles, ${pages} pages)`, value: seconds, unit: 's', goal: goals ? { op: '<=', target: 120 } : undefined, note: busyNote(wait) },
    { section: 'Build', name: `${label}: build peak memory`, value: peakMiB, unit: 'MiB', goal: goals ? { op: '<=', target: 2048 } : undefined },
  );
}

/** Per 1,000 page views (bench/cost.ts): the bill's inputs, then the same split by route. */
function costFigures(cost: CostResult) {
  details.cost = cost;
  const section = 'Cost';
  const per = (n: number) => (n * 1000) / cost.views;
  const reads = per(cost.ops.reads);
  const halved = FIRST_MEASUREMENT.reads > 0 ? { op: '<=' as const, target: FIRST_MEASUREMENT.reads / 2 } : undefined;
  figures.push(
    { section, name: 'per 1,000 page views: API requests', value: per(cost.requests), unit: 'count' },
    { section, name: 'per 1,000 page views: answered by the CDN', value: per(cost.cdnHits), unit: 'count', note: `${Math.round((100 * cost.cdnHits) / cost.requests)} % of API requests` },
    { section, name: 'per 1,000 page views: function invocations', value: per(cost.invocations), unit: 'count', note: FIRST_MEASUREMENT.invocations ? `first measurement ${FIRST_MEASUREMENT.invocations}` : undefined },
    { section, name: 'per 1,000 page views: Firestore reads', value: reads, unit: 'count', goal: halved, note: FIRST_MEASUREMENT.reads ? `first measurement ${FIRST_MEASUREMENT.reads}; goal: half of it` : 'first measurement' },
    { section, name: 'per 1,000 page views: Firestore writes', value: per(cost.ops.writes), unit: 'count' },
    { section, name: 'per 1,000 page views: Firestore deletes', value: per(cost.ops.deletes), unit: 'count' },
    { section, name: 'per 1,000 page views: API bytes served (CDN + function)', value: per(cost.bytes), unit: 'B' },
  );
  for (const r of cost.routes) {
    figures.push({ section, name: `  ${r.route}: reads / invocations / CDN hits`, value: per(r.reads), unit: 'count', note: `${per(r.invocations)} invocations, ${per(r.cdnHits)} CDN hits of ${per(r.requests)}, ${per(r.writes)} writes, ${Math.round(per(r.bytes) / KB)} KB` });
  }
}

/** The demo seed, once per run; the scaled data dirs start from copies of it. */
async function demoSeed(dataDir: string) {
  log(`[${elapsed()}] seed (demo data)...`);
  const seeded = await seedDataDir(dataDir, 0);
  log(`[${elapsed()}] seeded ${seeded.articles} articles in ${seeded.seedSeconds.toFixed(1)} s`);
  return seeded;
}

/**
 * The race seed covers the 14 days before the seeding day and that day; a demo dir kept from an
 * earlier day would have no programme today. Importing the seed's files again adds the missing
 * days and leaves the rest as it is (the importer is idempotent).
 */
async function withTodaysRaces(dataDir: string): Promise<string> {
  const config = loadConfig({ ...process.env, GANYAN_DATA_DIR: dataDir, GANYAN_ENV: 'development' });
  const deps = createLocalDeps(config, { quiet: true });
  try {
    await seedRaces(deps);
  } finally {
    await deps.store.close();
  }
  return dataDir;
}

async function siteBenchmarks(root: string, demo: string) {
  const dataDir = join(root, 'site-data');
  const siteDir = join(root, 'site', 'dist');
  const port = await freePort();
  const siteUrl = `http://127.0.0.1:${port}`;
  const seeded = await scaledCopy(demo, dataDir, 0);
  log(`[${elapsed()}] building the demo site...`);
  const build = await buildFrom(dataDir, siteDir, siteUrl);
  log(`[${elapsed()}] built ${build.pages} pages in ${(build.ms / 1000).toFixed(1)} s, peak ${Math.round(build.peakRssBytes / 2 ** 20)} MiB`);
  buildFigures('seed data', seeded.articles, build.ms / 1000, build.peakRssBytes / 2 ** 20, build.pages, false, build.quietWait);
  details.seedBuild = { articles: seeded.articles, pages: build.pages, seconds: build.ms / 1000, peakRssMiB: build.peakRssBytes / 2 ** 20 };

  const targets = await pickTargets(dataDir);
  const oldClientDir = join(root, 'old-client');
  const bundleBytes = await buildOldClient(oldClientDir);
  details.oldClientBundleBytes = bundleBytes;
  const server = await startServer({ dataDir, siteDir, oldClientDir, port });
  try {
    if (wants('pages')) {
      const browser = await launchBrowser();
      try {
        await guarded('Pages', 'page weights', async () => {
          log(`[${elapsed()}] page weights (Chromium, mobile viewport)...`);
          // uye01 is an active VIP member in the seed: the premium page as its paying reader gets it.
          const vip = await login(server.baseUrl, 'uye01@ganyan.local', DEMO_PASSWORD);
          // uye20 is a member without VIP: /vip-uyelik as the reader who would buy sees it (visitors go to /giris).
          const member = await login(server.baseUrl, 'uye20@ganyan.local', DEMO_PASSWORD);
          const pages: PageWeight[] = [];
          for (const target of targets.pages) {
            const reader = target.type.startsWith('premium') ? vip : target.type === 'VIP packages' ? member : undefined;
            const session = reader ? storedSession(reader) : undefined;
            const weight = await measurePage(browser, server.baseUrl, { ...target, session });
            pages.push(weight);
            const isArticle = weight.type === 'article';
            const note = weight.finalPath !== weight.path ? `ended on ${weight.finalPath}` : weight.status !== 200 ? `status ${weight.status}` : undefined;
            figures.push(
              { section: 'Pages', name: `${weight.type}: HTML (gzip ${(weight.htmlGzip / KB).toFixed(1)} KB)`, value: weight.htmlBytes, unit: 'B', note },
              { section: 'Pages', name: `${weight.type}: JS gz before interaction`, value: weight.jsGzipBeforeInteraction, unit: 'B' },
              { section: 'Pages', name: `${weight.type}: JS gz after all islands hydrate`, value: weight.jsGzipAfterHydration, unit: 'B', goal: isArticle ? { op: '<=', target: 100 * KB } : undefined, note: weight.islands.join(', ') || undefined },
              { section: 'Pages', name: `${weight.type}: image bytes`, value: weight.imageBytes, unit: 'B' },
              { section: 'Pages', name: `${weight.type}: requests`, value: weight.requests, unit: 'count' },
            );
            if (isArticle) figures.push({ section: 'Pages', name: 'article: render-blocking scripts', value: weight.renderBlockingScripts, unit: 'count', goal: { op: '<=', target: 0 } });
            log(`  ${weight.type}: HTML ${(weight.htmlBytes / KB).toFixed(1)} KB, JS gz ${(weight.jsGzipBeforeInteraction / KB).toFixed(1)} -> ${(weight.jsGzipAfterHydration / KB).toFixed(1)} KB, images ${(weight.imageBytes / KB).toFixed(1)} KB, ${weight.requests} requests`);
          }
          details.pages = pages;
        });
      } finally {
        await browser.close();
      }
    }
    if (wants('side')) {
      // Bare DevTools protocol, not Playwright: see bench/lib/cdp.ts.
      const browser = await launchCdpBrowser();
      try {
        await guarded('Side by side', 'side by side', async () => {
          log(`[${elapsed()}] side by side (${SETTINGS.sideLoads} loads each, Fast 3G + 4x CPU)...`);
          const result: SideBySide = await sideBySide(browser, server.baseUrl, targets.articleSlug, SETTINGS.sideLoads, log);
          details.sideBySide = { ...result, oldClientBundleBytes: bundleBytes };
          figures.push(
            { section: 'Side by side', name: `old client: first paragraph (median of ${result.loads})`, value: result.oldClientMedianMs, unit: 'ms' },
            { section: 'Side by side', name: `static page: first paragraph (median of ${result.loads})`, value: result.staticMedianMs, unit: 'ms' },
            { section: 'Side by side', name: 'static first paragraph sooner by', value: result.ratio, unit: 'x', goal: { op: '>=', target: 3 }, note: result.busyLoads ? `${result.busyLoads} of ${2 * result.loads} loads started on a busy machine` : undefined },
          );
        });
      } finally {
        await browser.close();
      }
    }
    if (wants('lighthouse')) await guarded('Lighthouse', 'lighthouse', async () => {
      const chosen = targets.pages.filter((p) => (SETTINGS.lighthouseAll || LIGHTHOUSE_GOAL_PAGES.has(p.type)) && !p.type.startsWith('premium'));
      // The premium page sends a visitor on to /vip-uyari; Lighthouse audits it as a visitor sees it.
      if (SETTINGS.lighthouseAll && targets.premiumSlug) chosen.splice(2, 0, { type: 'premium article (visitor)', path: `/makale/${targets.premiumSlug}` });
      log(`[${elapsed()}] lighthouse (mobile, ${SETTINGS.wordpressRuns} run(s) per page compared with WordPress, ${SETTINGS.lighthouseRuns} per other page, median)...`);
      const versusWordPress = chosen.filter((p) => VERSUS_WORDPRESS.has(p.type));
      const goalPages = chosen.filter((p) => LIGHTHOUSE_GOAL_PAGES.has(p.type) && !VERSUS_WORDPRESS.has(p.type));
      const others = chosen.filter((p) => !LIGHTHOUSE_GOAL_PAGES.has(p.type));
      chosen.splice(0, chosen.length, ...versusWordPress, ...goalPages, ...others);
      // /vip-uyelik sends visitors to /giris (spec 001); it is audited as uye20, a member without VIP, sees it.
      const session = storedSession(await login(server.baseUrl, 'uye20@ganyan.local', DEMO_PASSWORD));
      const lighthouseTarget = (p: PageTarget) => ({ url: `${server.baseUrl}${p.path}`, session: p.type === 'VIP packages' ? session : undefined });
      const wordpress = values.wordpress ? await wordpressPages(values.wordpress, targets.articleSlug, versusWordPress) : [];
      const control = await startControlPage();
      let versusResults: LighthouseResult[];
      try {
        // Ganyan's pages, WordPress's and the control page in the same rounds (see runLighthouse).
        versusResults = await runLighthouse([...versusWordPress.map(lighthouseTarget), ...wordpress.map(({ url }) => ({ url })), { url: control.url }], SETTINGS.wordpressRuns, log);
      } finally {
        await control.close();
      }
      const controlResult = versusResults.pop()!;
      const wordpressResults = new Map(versusResults.splice(versusWordPress.length).map((r, i) => [wordpress[i]!.type, r]));
      const results: LighthouseResult[] = [
        ...versusResults,
        ...(await runLighthouse(goalPages.map(lighthouseTarget), SETTINGS.lighthouseRuns, log)),
        ...(others.length ? await runLighthouse(others.map(lighthouseTarget), LIGHTHOUSE_OTHER_RUNS, log) : []),
      ];
      details.lighthouse = results.map((r, i) => ({ type: chosen[i]!.type, ...r }));
      details.lighthouseWordPress = [...wordpressResults].map(([type, r]) => ({ type, ...r }));
      details.lighthouseControl = controlResult;
      results.forEach((r, i) => {
        const type = chosen[i]!.type;
        const goals = LIGHTHOUSE_GOAL_PAGES.has(type);
        const versus = LIGHTER_THAN_WORDPRESS[type];
        const live = wordpressResults.get(type);
        const performance = performanceGoal(versus, live);
        figures.push(
          // Issue 21: every public page at least 98 (or WordPress's score where higher), the staff panel 95.
          { section: 'Lighthouse', name: `${type}: performance (median of ${r.runs})`, value: r.scores.performance, unit: 'score', goal: { op: '>=', target: performance.target }, note: [metricsNote(r), runsNote(r.perRun.performance, ''), performance.note, r.busyRuns ? `${r.busyRuns} of ${r.runs} runs started on a busy machine` : undefined].filter(Boolean).join('; ') },
          { section: 'Lighthouse', name: `${type}: accessibility`, value: r.scores.accessibility, unit: 'score', goal: goals ? { op: '>=', target: 95 } : undefined },
          { section: 'Lighthouse', name: `${type}: best practices`, value: r.scores['best-practices'], unit: 'score' },
          { section: 'Lighthouse', name: `${type}: SEO`, value: r.scores.seo, unit: 'score' },
        );
        if (live) figures.push(...liveWordPressFigures(type, live));
        if (versus) figures.push(...wordpressFigures(type, versus, r, live));
      });
      figures.push(
        { section: 'Lighthouse', name: `control page (a heading and a paragraph, nothing else): performance (median of ${controlResult.runs})`, value: controlResult.scores.performance, unit: 'score', note: [metricsNote(controlResult), runsNote(controlResult.perRun.tbt, ' ms TBT')].filter(Boolean).join('; ') },
        { section: 'Lighthouse', name: 'control page: TBT', value: controlResult.metrics['total-blocking-time'] ?? null, unit: 'ms', note: 'what this machine gives a page that does nothing; read the TBT rows against it' },
      );
    });
  } finally {
    await server.close();
  }
}

async function bigBuild(root: string, demo: string) {
  const dataDir = join(root, 'build-data');
  log(`[${elapsed()}] seed (+${SETTINGS.buildScale} articles)...`);
  const seeded = await scaledCopy(demo, dataDir, SETTINGS.buildScale);
  log(`[${elapsed()}] seeded ${seeded.articles} articles in ${seeded.seedSeconds.toFixed(1)} s; building site...`);
  const build = await buildFrom(dataDir, join(root, 'big-site', 'dist'), 'http://127.0.0.1:4321');
  log(`[${elapsed()}] built ${build.pages} pages in ${(build.ms / 1000).toFixed(1)} s, peak ${Math.round(build.peakRssBytes / 2 ** 20)} MiB`);
  buildFigures(`+${SETTINGS.buildScale} articles`, seeded.articles, build.ms / 1000, build.peakRssBytes / 2 ** 20, build.pages, SETTINGS.buildScale >= 10_000, build.quietWait);
  details.scaledBuild = { scale: SETTINGS.buildScale, articles: seeded.articles, seedSeconds: seeded.seedSeconds, pages: build.pages, seconds: build.ms / 1000, peakRssMiB: build.peakRssBytes / 2 ** 20 };
}

/**
 * The store of a site a few years old (full mode: 20,000 articles, 30,000 horses, 1,500 jockeys;
 * quick mode a tenth, without goals): its build, then the programme and horse pages against it.
 */
async function scaleBenchmarks(root: string, demo: string) {
  const section = 'Scale';
  const full = !QUICK;
  log(`[${elapsed()}] scale fixture (${full ? 'full' : 'a tenth'})...`);
  const r = await benchScale(demo, root, await freePort(), log, full ? undefined : { articles: 2_000, horses: 3_000, jockeys: 150 });
  details.scale = r;
  const goal = (op: '<=', target: number) => (full ? { op, target } : undefined);
  const size = `${r.articles.toLocaleString('en')} articles, ${r.fixture.horses.toLocaleString('en')} horses, ${r.fixture.jockeys.toLocaleString('en')} jockeys`;
  figures.push(
    { section, name: `scale build time (${size}; ${r.build.pages.toLocaleString('en')} pages, ${r.prebuiltHorses.toLocaleString('en')} horses prebuilt)`, value: r.build.seconds, unit: 's', goal: goal('<=', SCALE_GOALS.buildSeconds), note: [`fixture seeded in ${Math.round(r.seedSeconds)} s; load average ${r.build.loadAverage.toFixed(1)}; ${describePhases(r.build.phases)}`, busyNote(r.build.quietWait)].filter(Boolean).join('; ') },
    { section, name: 'scale build peak memory', value: r.build.peakMiB, unit: 'MiB', goal: goal('<=', SCALE_GOALS.peakMiB) },
    { section, name: 'at scale: day programme (3x9x14) GET p95', value: r.p95.programme, unit: 'ms', goal: goal('<=', SCALE_GOALS.p95Ms) },
    { section, name: 'at scale: GET /api/horses/{id} p95 (300 horses)', value: r.p95.horseApi, unit: 'ms', goal: goal('<=', SCALE_GOALS.p95Ms) },
    { section, name: 'at scale: prebuilt horse page p95', value: r.p95.prebuiltHorsePage, unit: 'ms', goal: goal('<=', SCALE_GOALS.p95Ms) },
    { section, name: 'at scale: horse page rendered on demand p95 (300 horses, no CDN)', value: r.p95.onDemandHorsePage, unit: 'ms', goal: goal('<=', SCALE_GOALS.p95Ms), note: 'the CDN keeps each page 10 min (s-maxage=600)' },
    { section, name: 'at scale: jockey page p95 (300 jockeys)', value: r.p95.jockeyPage, unit: 'ms', goal: goal('<=', SCALE_GOALS.p95Ms) },
  );
}

async function apiBenchmarks(root: string, demo: string) {
  const dataDir = join(root, 'api-data');
  log(`[${elapsed()}] seed (+${SETTINGS.apiScale} articles) for the API...`);
  const seeded = await scaledCopy(demo, dataDir, SETTINGS.apiScale);
  log(`[${elapsed()}] seeded ${seeded.articles} articles in ${seeded.seedSeconds.toFixed(1)} s`);

  const config = loadConfig({ ...process.env, GANYAN_DATA_DIR: dataDir, GANYAN_ENV: 'development' });
  const deps = createLocalDeps(config, { quiet: true });
  const recent = await deps.store.collection('articles').where('status', '==', 'published').where('isDeleted', '==', false).orderBy('publishedAt', 'desc').limit(500).get();
  await deps.store.close();
  const publicArticles = recent.filter((a) => a.visibility === 'public');
  const slugs = publicArticles.map((a) => String(a.slug));
  const commentTarget = publicArticles[0]!;

  const server = await startServer({ dataDir });
  try {
    let s = 0;
    const list: Endpoint = { name: 'GET /api/articles?limit=12', next: () => ({ path: '/api/articles?limit=12' }) };
    const bySlug: Endpoint = {
      name: 'GET /api/articles/slug/{slug}',
      next: () => ({ path: `/api/articles/slug/${encodeURIComponent(slugs[s++ % slugs.length]!)}` }),
      distinctPaths: slugs.length,
    };
    const today: Endpoint = { name: 'GET /api/races/today', next: () => ({ path: '/api/races/today' }) };
    const probe = (await (await fetch(`${server.baseUrl}/api/races/today`)).json()) as { data?: { cards?: unknown[] } };
    const todayNote = `${probe.data?.cards?.length ?? 0} card(s) today`;

    // Members sign in through the real login; each may post 10 comments per 10 minutes.
    const members = Array.from({ length: 40 }, (_, i) => `uye${String(i + 1).padStart(2, '0')}@ganyan.local`);
    const tokens: string[] = [];
    for (let i = 0; i < members.length; i += 2) {
      const pair = await Promise.all(members.slice(i, i + 2).map((email) => login(server.baseUrl, email, DEMO_PASSWORD).catch(() => null)));
      for (const session of pair) if (session) tokens.push(session.accessToken);
    }
    // A member's list is the visitors' shared copy after the token check (api/http/public-cache.ts): this
    // ladder shows what the token check and the member's user read add. Before that it was
    // computed from the store on every request and held 500 req/s.
    let m = 0;
    const listSignedIn: Endpoint = { name: 'GET /api/articles?limit=12 as a member', next: () => ({ path: '/api/articles?limit=12', headers: { Authorization: `Bearer ${tokens[m++ % tokens.length]}` } }) };

    const ladder: Record<string, { rate: number; steps: LoadRun[] }> = {};
    for (const endpoint of [list, bySlug, today, listSignedIn]) {
      const rates = endpoint === listSignedIn ? [100, ...SETTINGS.rates] : SETTINGS.rates;
      log(`[${elapsed()}] ${endpoint.name}: stepping ${rates.join(', ')} req/s, ${SETTINGS.stepSeconds} s each`);
      const result = await maxRate(server.baseUrl, endpoint, rates, SETTINGS.stepSeconds, log);
      ladder[endpoint.name] = result;
      const topped = result.rate === rates.at(-1) ? `passed every step up to ${result.rate}` : undefined;
      figures.push({
        section: 'API',
        name: `${endpoint.name}: max rate at p95 <= 20 ms, no errors`,
        value: result.rate,
        unit: 'req/s',
        goal: endpoint === list || endpoint === listSignedIn ? { op: '>=', target: 2000 } : undefined,
        note: [endpoint === today ? todayNote : null, topped].filter(Boolean).join('; ') || undefined,
      });
    }

    let c = 0;
    const comment: Endpoint = {
      name: 'POST /api/articles/{id}/comments',
      method: 'POST',
      next: () => {
        const n = c++;
        return {
          path: `/api/articles/${encodeURIComponent(String(commentTarget.id))}/comments`,
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tokens[n % tokens.length]}` },
          body: JSON.stringify({ content: `Yük testi yorumu ${n}: bu koşuda favori bence iyi gider.` }),
        };
      },
    };

    const fixed: Record<string, LoadRun> = {};
    for (const endpoint of [list, bySlug, today, comment]) {
      log(`[${elapsed()}] ${endpoint.name}: ${FIXED_RATE} req/s for ${SETTINGS.fixedSeconds} s`);
      const run = await runLoad(server.baseUrl, endpoint, FIXED_RATE, SETTINGS.fixedSeconds);
      fixed[endpoint.name] = run;
      const statuses = Object.entries(run.statuses)
        .map(([code, n]) => `${n}x${code}`)
        .join(' ');
      log(`  p50 ${run.p50.toFixed(1)} ms, p95 ${run.p95.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms, achieved ${Math.round(run.achievedRate)}/s, ${statuses}`);
      const isComment = endpoint === comment;
      const note = isComment ? `all responses: ${statuses} (${tokens.length} members, 10 comments each per 10 min; the rest 429)` : run.errors || run.non2xx ? statuses : undefined;
      figures.push(
        { section: 'API', name: `${endpoint.name} @ ${FIXED_RATE}/s: p50`, value: run.p50, unit: 'ms', note },
        { section: 'API', name: `${endpoint.name} @ ${FIXED_RATE}/s: p95`, value: run.p95, unit: 'ms' },
        { section: 'API', name: `${endpoint.name} @ ${FIXED_RATE}/s: p99`, value: run.p99, unit: 'ms' },
      );
      if (isComment && run.ok) {
        figures.push(
          { section: 'API', name: `${endpoint.name}, accepted (201) only: p50`, value: run.ok.p50, unit: 'ms', note: `${run.ok.count} comments stored` },
          { section: 'API', name: `${endpoint.name}, accepted (201) only: p95`, value: run.ok.p95, unit: 'ms' },
          { section: 'API', name: `${endpoint.name}, accepted (201) only: p99`, value: run.ok.p99, unit: 'ms' },
        );
      }
    }
    details.api = { articles: seeded.articles, seedSeconds: seeded.seedSeconds, ladder, fixed, members: tokens.length };
  } finally {
    await server.close();
  }
}

/**
 * The load generator's latencies include its own pauses: in the process that has run the page,
 * Lighthouse and build benchmarks (a heap of hundreds of MiB), a major GC stalled it long enough to
 * move the p95 of a whole step. The API part runs in a fresh process of this script instead.
 */
async function apiInFreshProcess(root: string, demo: string) {
  const emitted = join(root, 'api-figures.json');
  const args = ['--import', 'tsx', fileURLToPath(import.meta.url), '--only', 'api', '--demo-data', demo, '--emit', emitted, ...(QUICK ? ['--quick'] : [])];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`API benchmarks exited with code ${code}`))));
  });
  const part = JSON.parse(readFileSync(emitted, 'utf8')) as { figures: Figure[]; details: Record<string, unknown>; failures: string[] };
  figures.push(...part.figures);
  Object.assign(details, part.details);
  failures.push(...part.failures);
}

/** Partial runs (--only) made at the same time, as one table and one latest.json. */
function merge(files: string[]) {
  const parts = files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as { measuredAt: string; figures: Figure[]; details: Record<string, unknown>; failures?: string[]; only?: string[]; settings: unknown; mode: string });
  const order = ['Pages', 'Lighthouse', 'Side by side', 'Build', 'Scale', 'API'];
  const all = parts.flatMap((p) => p.figures).sort((a, b) => order.indexOf(a.section) - order.indexOf(b.section));
  const checked = check(all);
  console.log(`\n${formatTable(checked)}\n`);
  const at = new Date(parts.map((p) => p.measuredAt).sort()[0]!);
  const resultsDir = join(BENCH_ROOT, 'results');
  const out = join(resultsDir, resultFileName(at));
  const json = { measuredAt: at.toISOString(), mode: parts[0]!.mode, mergedFrom: files.map((f) => basename(f)), note: 'partial runs made at the same time on the same machine', figures: checked, failures: parts.flatMap((p) => p.failures ?? []), details: Object.assign({}, ...parts.map((p) => p.details)) };
  writeFileSync(out, `${JSON.stringify(json, null, 2)}\n`);
  copyFileSync(out, join(resultsDir, 'latest.json'));
  log(`-> ${out} (and latest.json)`);
}

/**
 * The browser every page figure comes from. The same pages' TBT differs between its versions on the
 * same machine (session 23: home 146-186 ms in Chromium 155, 188-352 ms in 156; docs/capacity.md),
 * so a run says which one it measured.
 */
function chromiumVersion(): string {
  try {
    const printed = execFileSync(process.env.CHROME_PATH ?? '/usr/bin/chromium', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return printed.split(' ').slice(0, 2).join(' ');
  } catch {
    return 'no Chromium';
  }
}

async function main() {
  if (values.merge) return merge(values.merge.split(','));
  const work = makeWorkDir();
  const at = new Date();
  const browser = chromiumVersion();
  log(`Ganyan benchmarks (${QUICK ? 'quick' : 'full'}), ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}, ${browser}; work dir ${work.root}`);
  try {
    if (wants('cold-start') && !values.emit) await guarded('Cold start', 'cold start', () => coldStart(QUICK ? 3 : 5));
    // The cold starts need no store: a run of that part alone seeds nothing.
    if (ONLY && [...ONLY].every((part) => part === 'cold-start')) return finish(at, browser);
    const kept = values['demo-data'];
    const reused = kept && existsSync(join(kept, 'ganyan.sqlite')) ? kept : null;
    const demo = reused ? await withTodaysRaces(reused) : (await demoSeed(kept ?? join(work.root, 'demo-data'))).dataDir;
    if (wants('pages') || wants('lighthouse') || wants('side')) await guarded('Pages', 'site', () => siteBenchmarks(work.root, demo));
    if (wants('build')) await guarded('Build', 'scaled build', () => bigBuild(work.root, demo));
    if (wants('scale') && !values.emit) await guarded('Scale', 'scale', () => scaleBenchmarks(work.root, demo));
    if (wants('api')) await guarded('API', 'API', () => (values.emit ? apiBenchmarks(work.root, demo) : apiInFreshProcess(work.root, demo)));
    if (wants('races') && !values.emit) {
      await guarded('Races', 'races', async () => {
        for (const r of await benchRaces()) figures.push({ section: 'Races', name: r.name, value: r.value, unit: r.unit, goal: { op: '<=', target: r.goal } });
      });
    }
    if (wants('notifications') && !values.emit) {
      await guarded('Notifications', 'notifications', async () => {
        const n = await benchNotifications(demo);
        details.notifications = n;
        const section = 'Notifications';
        figures.push({ section, name: `notices: queue one publish for ${VIP_COUNT.toLocaleString('en')} opted-in VIPs`, value: n.queueSeconds, unit: 's', goal: { op: '<=', target: NOTIFY_GOALS.queueSeconds } });
        figures.push({ section, name: 'notices: GET /api/articles p95, quiet (50 req/s)', value: n.quietP95, unit: 'ms' });
        figures.push({ section, name: 'notices: GET /api/articles p95 during the fan-out', value: n.busyP95, unit: 'ms', note: `${n.requests.busy} answers${n.requests.failed ? `, ${n.requests.failed} failed` : ''}` });
        figures.push({ section, name: 'notices: p95 during the fan-out / quiet p95', value: n.busyP95 / n.quietP95, unit: 'x', goal: { op: '<=', target: 2 }, note: n.busyStarts ? `${n.busyStarts} of ${FANOUT_RUNS + 1} windows started on a busy machine` : undefined });
      });
    }
    if (wants('signin-burst') && !values.emit) {
      await guarded('Sign-in', 'sign-in burst', async () => {
        log(`[${elapsed()}] sign-in burst...`);
        const b = await benchSigninBurst(work.root, demo, log);
        details.signinBurst = b;
        const section = 'Sign-in';
        const load = `load average ${b.loadAverage.toFixed(1)} at start`;
        figures.push(
          { section, name: `${BURST} sign-ins at once: peak RSS of the API process`, value: b.peakRssMiB, unit: 'MiB', goal: { op: '<=', target: Math.floor(PEAK_SHARE_GOAL * b.functionMemoryMiB) }, note: `${Math.round(PEAK_SHARE_GOAL * 100)} % of the api function's ${b.functionMemoryMiB} MiB; ${Math.round(b.rssBeforeMiB)} MiB before; ${load}` },
          { section, name: `${BURST} sign-ins at once: sign-in p95`, value: b.p95Ms, unit: 'ms', note: `p50 ${Math.round(b.p50Ms)} ms, slowest ${Math.round(b.maxMs)} ms` },
          { section, name: `${BURST} sign-ins at once: refused or failed`, value: b.failed.length, unit: 'count', goal: { op: '<=', target: 0 }, note: b.failed[0]?.slice(0, 120) },
        );
        log(`  peak ${Math.round(b.peakRssMiB)} MiB of ${b.functionMemoryMiB}, p95 ${Math.round(b.p95Ms)} ms, ${b.ok} ok, ${b.failed.length} failed`);
      });
    }
    if (wants('publish-load') && !values.emit) {
      await guarded('Publishing', 'publish under load', async () => {
        const seconds = QUICK ? 130 : 300;
        log(`[${elapsed()}] publishing under load (${seconds} s)...`);
        const p = await benchPublishLoad(work.root, demo, log, seconds);
        details.publishLoad = p;
        const section = 'Publishing';
        const { run } = p;
        const built = p.builds.map((b) => (b.seconds === null ? `from ${Math.round(b.startedAtS)} s (still running)` : `${Math.round(b.startedAtS)} s + ${Math.round(b.seconds)} s${b.failed ? ' FAILED' : ''}`)).join(', ');
        const name = `${PUBLISH_GOALS.rate} req/s with a publish every ${PUBLISH_GOALS.publishEverySeconds} s`;
        figures.push(
          { section, name: `${name}: visitors' p99`, value: run.p99, unit: 'ms', goal: { op: '<=', target: PUBLISH_GOALS.p99Ms }, note: `p50 ${run.p50.toFixed(1)} ms, p95 ${run.p95.toFixed(1)} ms; ${run.total} requests in ${p.seconds} s, achieved ${Math.round(run.achievedRate)}/s; load average ${p.loadAverage.toFixed(1)} at start` },
          { section, name: `${name}: visitors' requests failed`, value: run.errors + run.non2xx, unit: 'count', goal: { op: '<=', target: 0 }, note: Object.entries(run.statuses).map(([code, n]) => `${n}x${code}`).join(' ') + (run.errors ? `, ${run.errors} errors` : '') },
          { section, name: `${PUBLISH_GOALS.rate} req/s, same mix without publishing: visitors' p99`, value: p.baseline.p99, unit: 'ms', note: `p50 ${p.baseline.p50.toFixed(1)} ms, p95 ${p.baseline.p95.toFixed(1)} ms over ${p.baselineSeconds} s just before; ${p.baseline.errors + p.baseline.non2xx} failed` },
          { section, name: `${name}: publishes / rebuilds`, value: p.publishes, unit: 'count', note: `${p.builds.length} rebuilds: ${built || 'none'}${p.publishFailures.length ? `; publish failed: ${p.publishFailures[0]}` : ''}` },
        );
        log(`  p99 ${run.p99.toFixed(1)} ms, ${run.errors + run.non2xx} failed, ${p.publishes} publishes, ${p.builds.length} rebuilds`);
      });
    }
    if (wants('cost') && !values.emit) await guarded('Cost', 'cost', async () => costFigures(await benchCost(demo, log)));
    if (wants('jockeys') && !values.emit) {
      await guarded('Jockeys', 'jockeys', async () => {
        for (const r of await benchJockeys(QUICK ? 10_000 : 100_000)) figures.push({ section: 'Jockeys', name: r.name, value: r.value, unit: r.unit, goal: { op: '<=', target: r.goal }, note: r.note });
      });
    }
  } finally {
    work.remove();
  }
  finish(at, browser);
}

/** The table on stdout and the JSON under bench/results/ (or --emit's file). */
function finish(at: Date, browser: string) {
  if (values.emit) {
    writeFileSync(values.emit, JSON.stringify({ figures, details, failures }));
    return;
  }
  const resultsDir = join(BENCH_ROOT, 'results');
  mkdirSync(resultsDir, { recursive: true });
  // Page weights beside the newest earlier run's (issue 53: the programme's and home's weight before and after).
  const checked = check(besidePrevious(figures, newestRunWith(earlierRuns(resultsDir), isPageWeight), isPageWeight));
  console.log(`\n${formatTable(checked)}\n`);
  // Partial runs (--only) get their parts in the name, so runs started in the same minute do not collide.
  const out = join(resultsDir, ONLY ? resultFileName(at).replace('.json', `-${[...ONLY].join('-')}.json`) : resultFileName(at));
  const json = {
    measuredAt: at.toISOString(),
    mode: QUICK ? 'quick' : 'full',
    only: ONLY ? [...ONLY] : undefined,
    seconds: Math.round((Date.now() - started) / 1000),
    machine: { node: process.version, cores: cpus().length, loadAverage1mAtStart: loadavg()[0], browser },
    settings: SETTINGS,
    failures,
    figures: checked,
    details,
  };
  writeFileSync(out, `${JSON.stringify(json, null, 2)}\n`);
  if (!ONLY) copyFileSync(out, join(resultsDir, 'latest.json'));
  log(`-> ${out}${ONLY ? '' : ' (and latest.json)'}, ${elapsed()}`);
}

/** Every Cloud Function's cold start (bench/cold-start.ts), beside an earlier commit's with --cold-start-before. */
async function coldStart(runs: number) {
  log(`[${elapsed()}] cold start: building the functions...`);
  const trees = [{ label: 'now', libDir: buildFunctions(REPO_ROOT, true) }];
  const ref = values['cold-start-before'];
  const earlier = ref ? archiveTree(ref) : null;
  try {
    if (earlier) trees.push({ label: `before (${earlier.sha})`, libDir: buildFunctions(earlier.root, false) });
    log(`[${elapsed()}] cold start: ${runs} rounds over ${trees.map((t) => t.label).join(' and ')}...`);
    const measured = await benchColdStart({ runs, trees, log });
    details.coldStart = measured.map((tree) => ({ label: tree.label, results: tree.results }));
    figures.push(...coldStartFigures(measured));
  } finally {
    earlier?.remove();
  }
}

/** The page weights compared with an earlier run: bytes and JS of every page the bench measures. */
const isPageWeight = (figure: Figure) => figure.section === 'Pages' && /: (HTML|JS gz)/.test(figure.name);

function earlierRuns(resultsDir: string): { name: string; json: EarlierRun }[] {
  return readdirSync(resultsDir)
    .filter((name) => name.startsWith('bench-') && name.endsWith('.json'))
    .flatMap((name) => {
      try {
        return [{ name, json: JSON.parse(readFileSync(join(resultsDir, name), 'utf8')) as EarlierRun }];
      } catch {
        // A run cut off while writing: no figures to compare with.
        return [];
      }
    });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
