import { personIdFromName } from '../jockeys/jockey-id.js';

/**
 * Trainer identity (browser-safe: the programme, results and horse pages link with it). The source
 * names a trainer only by name ('Ahmet Özdemir'), so the id is 'a-' (antrenör) and the name's
 * Turkish slug, as a jockey's is 'j-' and the slug: the same trainer gets the same id in every file.
 */

export const TRAINER_ID = /^a-[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/;

/** 'Ahmet Özdemir' -> 'a-ahmet-ozdemir'; null for a name with no letters or digits. */
export function trainerIdFromName(name: string | null | undefined): string | null {
  return personIdFromName('a', name);
}

/** The trainer page of a name, or null when the name gives no id. */
export function trainerHref(name: string | null | undefined): string | null {
  const id = trainerIdFromName(name);
  return id ? `/antrenor/${id}` : null;
}
