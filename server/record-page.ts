import { serializeProps } from 'astro/runtime/server/serialize.js';
import { createElement, type FunctionComponent } from 'react';
import { renderToString } from 'react-dom/server';
import { getJockeyView } from '../functions/src/domain/jockeys/jockey-queries.js';
import { getTrainerView } from '../functions/src/domain/trainers/trainer-queries.js';
import { getHorse } from '../functions/src/domain/races/horse-queries.js';
import { AppError } from '../functions/src/platform/errors.js';
import type { AppDeps } from '../functions/src/platform/deps.js';
import HorseDetail from '../src/islands/races/HorseDetail';
import JockeyDetail from '../src/islands/races/JockeyDetail';
import TrainerDetail from '../src/islands/races/TrainerDetail';
import { horseMeta, jockeyMeta, trainerMeta, type RecordMeta } from '../src/lib/record-meta';
import { recordIslandProps, type RecordIslandProps } from '../src/lib/record-version';

/**
 * Horse and jockey pages rendered on demand (issue 21, docs/capacity.md): a site a few years old
 * has tens of thousands of horses, too many to prebuild, so the build writes the recent ones and
 * the section's `_yeni` page; every other record is rendered here from that page, the island
 * server-rendered with the record and its props set as Astro sets them, the head given the same
 * title, description and canonical as a prebuilt page. The page's inline scripts are the
 * `_yeni` page's own, so the hashes of its CSP <meta> still cover them. The CDN keeps the answer
 * (RECORD_PAGE_CACHE).
 */

/** Hosting's CDN keeps a rendered page 10 minutes; browsers revalidate, as for the static pages. */
export const RECORD_PAGE_CACHE = 'public, max-age=0, s-maxage=600, must-revalidate';

interface Section {
  /** The island's name in the `opts` of its <astro-island>. */
  island: string;
  component: FunctionComponent<RecordIslandProps<never>>;
  meta: (record: { name: string } | null, id: string) => RecordMeta;
  load: (deps: AppDeps, id: string) => Promise<{ name: string }>;
}

export const RECORD_SECTIONS = {
  horse: { island: 'HorseDetail', component: HorseDetail, meta: horseMeta, load: getHorse },
  jockey: { island: 'JockeyDetail', component: JockeyDetail, meta: jockeyMeta, load: getJockeyView },
  trainer: { island: 'TrainerDetail', component: TrainerDetail, meta: trainerMeta, load: getTrainerView },
} satisfies Record<string, Section>;
export type RecordSection = keyof typeof RECORD_SECTIONS;

/** Astro's attribute escaping, so a rendered head reads byte for byte like a prebuilt one. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;').replace(/"/g, '&quot;');
}

/** Replaces `from` once in `html`; a fallback page that no longer has it is a build this code does not know. */
function replaceOnce(html: string, from: string | RegExp, to: string, what: string): string {
  const found = typeof from === 'string' ? html.includes(from) : from.test(html);
  if (!found) throw new Error(`record page: the fallback page has no ${what}`);
  return typeof from === 'string' ? html.split(from).join(to) : html.replace(from, to);
}

/**
 * The page of record `id` in `section`, from the section's fallback page, or null when there is no
 * such record (the caller answers with the 404 page).
 */
export async function renderRecordPage(deps: AppDeps, section: RecordSection, id: string, fallbackHtml: string): Promise<string | null> {
  const config: Section = RECORD_SECTIONS[section];
  let record: { name: string };
  try {
    record = await config.load(deps, id);
  } catch (error) {
    if (error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'BAD_REQUEST')) return null;
    throw error;
  }
  // The island gets the record as the API sends it (dates as text), and the version that lets the
  // page's directive skip React while the record is unchanged: a prebuilt page's props.
  const props = await recordIslandProps(id, JSON.parse(JSON.stringify(record)) as never);
  const fallback = config.meta(null, id);
  const meta = config.meta(record, id);

  const islandStart = fallbackHtml.search(new RegExp(`<astro-island [^>]*opts="\\{&quot;name&quot;:&quot;${config.island}&quot;`));
  if (islandStart < 0) throw new Error(`record page: the fallback page has no ${config.island} island`);
  const openEnd = fallbackHtml.indexOf('>', islandStart) + 1;
  const bodyEnd = fallbackHtml.indexOf('<!--astro:end--></astro-island>', openEnd);
  const open = fallbackHtml.slice(islandStart, openEnd);
  const prefix = /\sprefix="([^"]*)"/.exec(open)?.[1];
  const body = renderToString(createElement(config.component, props), prefix ? { identifierPrefix: prefix } : {});
  const island = replaceOnce(open, /\sprops="[^"]*"/, ` props="${escapeHtml(serializeProps(props, { displayName: config.island, hydrate: 'interact' } as never))}"`, 'island props') + body;

  let head = fallbackHtml.slice(0, islandStart);
  head = replaceOnce(head, `>${escapeHtml(fallback.title)} | Ganyan<`, `>${escapeHtml(meta.title)} | Ganyan<`, 'title');
  head = replaceOnce(head, `content="${escapeHtml(fallback.title)} | Ganyan"`, `content="${escapeHtml(meta.title)} | Ganyan"`, 'social title');
  head = replaceOnce(head, `content="${escapeHtml(fallback.description)}"`, `content="${escapeHtml(meta.description)}"`, 'description');
  head = replaceOnce(head, `${fallback.path}"`, `${meta.path}"`, 'canonical address');
  head = replaceOnce(head, '<meta name="robots" content="noindex">', '', 'noindex');
  // The `_yeni` shell is kept out of the search index; a record's page is searchable, as when prebuilt.
  if (!/<main [^>]*data-pagefind-body/.test(head)) head = replaceOnce(head, '<main id="icerik" tabindex="-1" ', '<main id="icerik" tabindex="-1" data-pagefind-body ', 'main element');
  return head + island + fallbackHtml.slice(bodyEnd);
}
