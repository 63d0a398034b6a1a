import { slugify } from '../text/turkish.js';

/**
 * Jockey identity (browser-safe: the programme, horse and results tables build links with it).
 * The source names a jockey only by name ('Halis Karataş'), so the id is the name's Turkish slug:
 * the same jockey gets the same id in every file, and re-imports land on the same documents.
 */

export const JOCKEY_ID = /^j-[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/;

/** A person's id from a name: the prefix and the name's Turkish slug; null for a name with no letters or digits (trainers use it too). */
export function personIdFromName(prefix: string, name: string | null | undefined): string | null {
  const slug = name ? slugify(name) : '';
  return slug ? `${prefix}-${slug}` : null;
}

/** 'Halis Karataş' -> 'j-halis-karatas'. */
export function jockeyIdFromName(name: string | null | undefined): string | null {
  return personIdFromName('j', name);
}

/** The jockey page of a name, or null when the name gives no id. */
export function jockeyHref(name: string | null | undefined): string | null {
  const id = jockeyIdFromName(name);
  return id ? `/jokey/${id}` : null;
}
