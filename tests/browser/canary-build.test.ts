import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, SEARCH_INDEX_OPTIONS, type BuildResult } from '../../scripts/build-site.js';
import { importRaceFiles } from '../../functions/src/jobs/import-races.js';
import { createAccount } from '../support/accounts.js';
import { JOCKEY_CARDS, jockeyProgramme, jockeyResults } from '../support/jockeys.js';
import { createArticle, createAuthor, startArticleSite, type ArticleSite } from './article.fixtures.js';

/**
 * The promise of the static build: the body of a premium, private or members-only article
 * reaches no built file (HTML, JS, JSON, XML, search index) and no answer to a reader who is
 * not entitled. A unique string in each protected body must appear nowhere.
 */

const CANARY = `kanarya-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
let site: ArticleSite;
let build: BuildResult;
const protectedSlugs = ['premium-canary', 'private-canary', 'members-canary'] as const;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

beforeAll(async () => {
  site = await startArticleSite();
  const deps = site.server.deps;
  const author = await createAuthor(deps);
  await createArticle(deps, { authorId: author, slug: 'premium-canary', title: 'Premium kanarya', visibility: 'premium', audience: 'vip', content: `<p>${CANARY} premium</p>`, hasRaceEstimate: true,
    media: { featuredImage: null, videos: [{ url: 'https://youtu.be/kanarya12345', title: `${CANARY} video`, platform: 'youtube', videoId: 'kanarya12345', embedUrl: null, thumbnail: null }], audio: [] } });
  await createArticle(deps, { authorId: author, slug: 'private-canary', title: 'Özel kanarya', visibility: 'private', content: `<p>${CANARY} private</p>` });
  await createArticle(deps, { authorId: author, slug: 'members-canary', title: 'Üye kanarya', visibility: 'members-only', content: `<p>${CANARY} members</p>` });
  await createArticle(deps, { authorId: author, slug: 'public-control', title: 'Açık makale', content: '<p>herkese-acik-metin</p>' });
  // A day of races yesterday, so the build prebuilds its horses (the recent ones) and its jockeys.
  const yesterday = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Istanbul' }).format(new Date(Date.now() - 86_400_000));
  const cards = [{ ...JOCKEY_CARDS[1]!, date: yesterday }];
  const imported = await importRaceFiles(deps, [{ name: 'programme.json', content: jockeyProgramme(cards) }, { name: 'results.json', content: jockeyResults(cards) }]);
  expect(imported.rejected).toBe(0);
  // The same build with the search index, as production builds it.
  build = await buildSite({
    siteDir: site.siteDir,
    quiet: true,
    env: { ...process.env, GANYAN_DATA_DIR: site.server.dataDir, SITE_URL: site.server.baseUrl, JWT_SECRET: site.server.deps.config.jwtSecret },
  });
}, 240_000);

afterAll(async () => {
  await site?.close();
});

describe('protected article bodies in the build', () => {
  it('appear in no built file, while a public body and the protected teasers do', () => {
    const files = filesUnder(site.siteDir);
    expect(files.some((f) => f.includes(`${join('pagefind', '')}`))).toBe(true);
    const leaking = files.filter((file) => readFileSync(file).includes(CANARY));
    expect(leaking).toEqual([]);
    // The check can fail: the public body and the protected teasers are in the output.
    expect(readFileSync(join(site.siteDir, 'makale', 'public-control', 'index.html'), 'utf8')).toContain('herkese-acik-metin');
    for (const slug of protectedSlugs) expect(filesUnder(join(site.siteDir, 'makale', slug)).length).toBeGreaterThan(0);
    expect(readFileSync(join(site.siteDir, 'makale', 'premium-canary', 'index.html'), 'utf8')).toContain('Premium kanarya');
  });

  it('appear in no API answer to a visitor or to a member who is not VIP', async () => {
    const member = await createAccount(site.server);
    for (const token of [undefined, member.token]) {
      for (const slug of protectedSlugs) {
        for (const path of [`/api/articles/slug/${slug}`, `/api/articles/${slug}`, `/api/articles?limit=50`, `/api/articles/search?q=kanarya`]) {
          const answer = await site.server.api('GET', path, { token });
          const body = JSON.stringify(answer.body);
          const entitled = token !== undefined && slug === 'members-canary';
          if (!entitled) expect(body, `${path} ${token ? 'member' : 'visitor'}`).not.toContain(`${CANARY} ${slug.split('-')[0]}`);
        }
      }
    }
  });
});

/**
 * The page fragments of Pagefind's own directory scan of the site (in memory): the index the build
 * fed page by page must hold exactly these. Fragment names are hashes of their content.
 */
async function referenceFragments(siteDir: string): Promise<string[]> {
  const pagefind = await import('pagefind');
  const { index } = await pagefind.createIndex(SEARCH_INDEX_OPTIONS);
  await index!.addDirectory({ path: siteDir });
  const { files } = await index!.getFiles();
  await pagefind.close();
  return files.map((file) => file.path).filter((path) => path.startsWith('fragment/')).map((path) => path.slice('fragment/'.length));
}

/** Every page of the built search index: its address, the text it is found by and its title, read from its fragment as the browser does. */
function indexedPages(siteDir: string): { url: string; content: string; meta: { title: string } }[] {
  const dir = join(siteDir, 'pagefind', 'fragment');
  return readdirSync(dir).map((name) => {
    const text = gunzipSync(readFileSync(join(dir, name))).toString('utf8');
    return JSON.parse(text.slice(text.indexOf('{'))) as { url: string; content: string; meta: { title: string } };
  });
}

describe('the build pipeline (issue 21: Pagefind and compression beside Astro)', () => {
  it('indexes the pages search promises (articles, horses, jockeys, authors) and not the lists that only repeat their cards', () => {
    const pages = indexedPages(site.siteDir);
    const urls = pages.map((page) => page.url);
    expect(urls).toContain('/makale/public-control/');
    expect(urls).toContain('/yazarlar/');
    expect(urls.some((url) => url.startsWith('/at-detay/'))).toBe(true);
    const listPages = ['/', '/makaleler/', '/haberler/', '/tahminler/', '/basarili-tahminler/', '/yaris-programi/'];
    expect(existsSync(join(site.siteDir, 'makaleler', 'index.html'))).toBe(true);
    expect(urls.filter((url) => listPages.includes(url) || /\/sayfa\/\d+\/$/.test(url))).toEqual([]);
    // Nor forms, account screens and loading shells (the `noindex` pages), nor the search page itself.
    const screens = ['/giris/', '/sifremi-unuttum/', '/sifre-sifirla/', '/vip-uyari/', '/profil/', '/ara/', '/makale/_yeni/', '/at-detay/_yeni/', '/jokey/_yeni/'];
    for (const screen of screens) expect(existsSync(join(site.siteDir, screen, 'index.html')), screen).toBe(true);
    expect(urls.filter((url) => screens.includes(url))).toEqual([]);
    // A loading state is no text of the page: a protected article's teaser is found, its placeholder is not.
    expect(pages.filter((page) => /yükleniyor/i.test(page.content)).map((page) => page.url)).toEqual([]);
  });

  it('finds a horse or a jockey by its name and facts, not by the cells of its race tables or by its buttons', () => {
    const records = indexedPages(site.siteDir).filter((page) => /^\/(at-detay|jokey)\//.test(page.url));
    expect(records.filter((page) => page.url.startsWith('/jokey/')).length).toBeGreaterThan(0);
    for (const record of records) {
      expect(record.content, record.url).toContain(record.meta.title);
      // Pagefind joins a header row's cells: every race table of a record page starts with these.
      expect(record.content, record.url).not.toMatch(/TarihHipodrom|PistKoşu|HipodromKoşu/);
      // Nor by its controls: a result's excerpt starts with the record, not with "← Geri ☆Takip Et".
      expect(record.content, record.url).not.toMatch(/Geri|Takip Et|Soy Ağacı|Daha eski/);
    }
    const horse = records.find((page) => page.url.startsWith('/at-detay/'))!;
    // Each fact reads with its label, as an excerpt shows it (issue 53): 'Yaş: 9 · Cinsiyet: Erkek', never 'Yaş9'.
    expect(horse.content).toMatch(/Yaş: \d+ · Cinsiyet: (Erkek|Dişi|—) · /);
    expect(horse.content).toMatch(/Antrenör: \S/);
    expect(horse.content).not.toMatch(/Yaş\d|Antrenör[^:]/);
  });

  it("reads an author's figures with their labels: 'Toplam makale: 12 · Yayınlanan: 10'", () => {
    const authors = indexedPages(site.siteDir).filter((page) => /^\/yazarlar\/[^/]+\/$/.test(page.url));
    expect(authors.length).toBeGreaterThan(0);
    for (const author of authors) expect(author.content, author.url).toMatch(/Toplam makale: [\d.]+ · Yayınlanan: [\d.]+ · Katılım yılı: \d{4} · Sonuçlanan tahmin: [\d.]+/);
    const list = indexedPages(site.siteDir).find((page) => page.url === '/yazarlar/')!;
    expect(list.content).toMatch(/Makale: [\d.]+ · Katılım: \d{4} · Sonuçlanan tahmin: [\d.]+/);
  });


  it('indexes every public page and compresses every page while Astro writes them, and says what each step cost', async () => {
    const pages = filesUnder(site.siteDir).filter((file) => file.endsWith('.html'));
    const fragments = readdirSync(join(site.siteDir, 'pagefind', 'fragment'));
    expect(fragments.length).toBeGreaterThan(20);
    expect(fragments.sort()).toEqual((await referenceFragments(site.siteDir)).sort());
    for (const page of pages) {
      const body = readFileSync(page);
      // A sibling is written only when smaller; a page of some size always has both.
      if (body.length > 2048) expect(existsSync(`${page}.br`) && existsSync(`${page}.gz`), page).toBe(true);
      if (existsSync(`${page}.br`)) expect(brotliDecompressSync(readFileSync(`${page}.br`)).equals(body), page).toBe(true);
      if (existsSync(`${page}.gz`)) expect(gunzipSync(readFileSync(`${page}.gz`)).equals(body), page).toBe(true);
    }
    expect(build.phases.map((phase) => phase.name)).toEqual(['astro', 'pagefind', 'precompress']);
    for (const phase of build.phases) expect(phase.cpuSeconds, phase.name).toBeGreaterThan(0);
  });
});
