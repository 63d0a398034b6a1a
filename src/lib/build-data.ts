/**
 * Build-time access to the store for Astro pages (never bundled for the browser).
 *
 * Pages go through the articles read model and never touch the store directly, so the same
 * pages build from the embedded sqlite file or from Firestore. Only public card data leaves here:
 * article bodies are not part of a card, so nothing protected can reach a built file this way.
 */
import { randomBytes } from 'node:crypto';
import { listPublishedArticles, type ArticleCard, type ArticleFilters, type ListOptions } from '../../functions/src/domain/articles/public-view.js';
import { getAuthorProfile, listAuthors } from '../../functions/src/domain/authors/author-profile.js';
import { listSettings, listVipPackages, paymentBankAccount } from '../../functions/src/domain/membership/public-settings.js';
import { companyIdentity, type CompanyIdentity } from '../../functions/src/domain/membership/company-identity.js';
import { vipOffer, type VipOffer } from '../../functions/src/domain/records/vip-offer.js';
import { siteSettings, type SiteSettings } from '../../functions/src/domain/membership/site-settings.js';
import { loadConfig } from '../../functions/src/platform/config.js';
import type { AppDeps } from '../../functions/src/platform/deps.js';
import { createLocalDeps } from '../../functions/src/platform/local-deps.js';
import { copiesOf, pagination, type CardData, type Pagination } from './format.js';

/** A static build signs nothing; loadConfig only insists on a secret because the API would. */
const BUILD_ONLY_SECRET = randomBytes(32).toString('base64url');

let depsPromise: Promise<AppDeps> | null = null;

/** One composition per build process. */
export function buildDeps(): Promise<AppDeps> {
  const env: NodeJS.ProcessEnv = { ...process.env, JWT_SECRET: process.env.JWT_SECRET ?? BUILD_ONLY_SECRET };
  // Production builds (the build hook's CI) read Firestore through the composition the Cloud
  // Functions use; emulator runs (GANYAN_STORE=firestore npm start) the same adapter with local files,
  // since no Storage emulator runs here; everything else reads the embedded store in GANYAN_DATA_DIR.
  if (env.FIRESTORE_EMULATOR_HOST) {
    depsPromise ??= import('../../functions/src/platform/dev-deps.js').then(({ createDevDeps }) => createDevDeps(loadConfig(env), { quiet: true }, { ...env, GANYAN_STORE: 'firestore' }));
  } else if (env.GANYAN_STORE === 'firestore') {
    depsPromise ??= import('../../functions/src/platform/cloud-deps.js').then(({ createCloudDeps }) => createCloudDeps(env));
  } else {
    depsPromise ??= Promise.resolve(createLocalDeps(loadConfig(env), { quiet: true }));
  }
  return depsPromise;
}

/** Astro serializes island props as JSON: dates travel as ISO strings, as they do from the API. */
export function toCardData(card: ArticleCard): CardData {
  return {
    id: card.id,
    slug: card.slug,
    title: card.title,
    excerpt: card.excerpt,
    category: card.category,
    categoryLabel: card.categoryLabel,
    audience: card.audience,
    visibility: card.visibility,
    isFeatured: card.isFeatured,
    raceResult: card.raceResult,
    raceResultSource: card.raceResultSource,
    publishedAt: card.publishedAt ? card.publishedAt.toISOString() : null,
    featuredImage: card.featuredImage ? { url: card.featuredImage.url, alt: card.featuredImage.alt, width: card.featuredImage.width, ...copiesOf(card.featuredImage) } : null,
    tags: card.tags,
    author: { id: card.author.id, displayName: card.author.displayName },
    stats: { views: card.stats.views, comments: Math.max(0, card.stats.comments) },
  };
}

export interface CardPage {
  items: CardData[];
  pagination: Pagination;
}

/** One page of published cards, the same data GET /api/articles answers for the same filters. */
export async function cardPage(options: ListOptions): Promise<CardPage> {
  const deps = await buildDeps();
  const { items, total } = await listPublishedArticles(deps, options);
  return { items: items.map(toCardData), pagination: pagination(options.page, options.limit, total) };
}

export const CAROUSEL_SOURCE = 50;
export const CAROUSEL_MAX = 20;

/**
 * The featured carousel (spec 000 §2.5.1): the 50 newest published estimation articles, those
 * marked featured, newest first, at most 20.
 */
export async function featuredEstimations(): Promise<CardData[]> {
  const deps = await buildDeps();
  const { items } = await listPublishedArticles(deps, { category: 'estimation', page: 1, limit: CAROUSEL_SOURCE });
  return items
    .filter((card) => card.isFeatured)
    .sort((a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0))
    .slice(0, CAROUSEL_MAX)
    .map(toCardData);
}

export async function authors() {
  return listAuthors(await buildDeps());
}

export async function authorProfile(id: string) {
  return getAuthorProfile(await buildDeps(), id);
}

/** Every published card, newest first, read in pages so a 10,000-article store stays cheap. */
export function allPublishedCards(): Promise<CardData[]> {
  return matchingCards({});
}

/**
 * The published cards a list shows (newest first, at most `cap`), read from the store in pages of
 * 500: the numbered list pages are cut from this one read instead of a query per page.
 */
export async function matchingCards(filters: ArticleFilters, cap = Number.POSITIVE_INFINITY): Promise<CardData[]> {
  const deps = await buildDeps();
  const limit = 500;
  const cards: CardData[] = [];
  for (let page = 1; cards.length < cap; page += 1) {
    const { items, total } = await listPublishedArticles(deps, { ...filters, page, limit });
    cards.push(...items.map(toCardData));
    if (items.length < limit || cards.length >= total) break;
  }
  return cards.slice(0, cap);
}

export const FEED_SIZE = 50;

/** Feed entries: public articles only (visibility 'public'), so no feed ever carries paid content. */
export async function feedCards(category?: ListOptions['category']): Promise<CardData[]> {
  const deps = await buildDeps();
  const { items } = await listPublishedArticles(deps, { category, page: 1, limit: FEED_SIZE * 4 });
  return items.filter((card) => card.visibility === 'public').slice(0, FEED_SIZE).map(toCardData);
}

let companyPromise: Promise<CompanyIdentity | null> | null = null;
/** Who sells VIP (footer, /hakkimizda, legal pages, payment card), read once per build; saving it rebuilds. */
export function builtCompanyIdentity(): Promise<CompanyIdentity | null> {
  companyPromise ??= buildDeps().then((deps) => companyIdentity(deps));
  return companyPromise;
}

let offerPromise: Promise<VipOffer> | null = null;
/** The public VIP offer (/vip-uyari, /hakkimizda): packages and recent figures, read once per build. */
export function builtVipOffer(): Promise<VipOffer> {
  offerPromise ??= buildDeps().then((deps) => vipOffer(deps));
  return offerPromise;
}

let siteSettingsPromise: Promise<SiteSettings> | null = null;
/** The settings built into every page (the contact phone), read once per build. */
export function builtSiteSettings(): Promise<SiteSettings> {
  siteSettingsPromise ??= buildDeps().then((deps) => siteSettings(deps));
  return siteSettingsPromise;
}

/** The active VIP packages in the order shown (the static list of /vip-uyelik; a change rebuilds). */
/** What /vip-uyelik shows everyone it lets in: the active packages, the account to pay into and the payment texts. */
export async function builtVipPage() {
  const deps = await buildDeps();
  const [packages, bank, settings] = await Promise.all([listVipPackages(deps, false), paymentBankAccount(deps), listSettings(deps, false)]);
  return { packages, bank, settings };
}
