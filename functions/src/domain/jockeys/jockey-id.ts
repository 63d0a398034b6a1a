import { slugify } from '../text/index.js';

/**
 * Jockey identity (browser-safe: the programme, horse and results tables build links with it).
 * The source names a jockey only by name ('Halis Karataş'), so the id is the name's Turkish slug:
 * the same jockey gets the same id in every file, and re-imports land on the same documents.
 */

export const JOCKEY_ID = /^j-[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/;

/** 'Halis Karataş' -> 'j-halis-karatas'; null for a name with no letters or digits. */
export function jockeyIdFromName(name: string | null | undefined): string | null {
  const slug = name ? slugify(name) : '';
  return slug ? `j-${slug}` : null;
}

/** The jockey page of a name, or null when the name gives no id. */
export function jockeyHref(name: string | null | undefined): string | null {
  const id = jockeyIdFromName(name);
  return id ? `/jokey/${id}` : null;
}
