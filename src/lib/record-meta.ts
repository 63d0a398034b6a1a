/**
 * Title, description and address of the per-record pages, shared by the prebuilt `.astro` pages and
 * the pages the server renders on demand (server/record-page.ts): both must say the same to a
 * reader and a search engine.
 */
import type { SeoProps } from '../components/seo-props.js';

/** The id of the section's `_yeni` page: ids never start with '_'. */
export const FALLBACK_ID = '_yeni';

export type RecordMeta = Pick<SeoProps, 'title' | 'description' | 'noindex'> & { path: string };

/**
 * The head of a record page at `base/{id}`: the record's own title and text, or on the fallback page
 * a generic one kept out of search results (its address serves every record added after the build).
 */
function recordMeta<T>(base: string, id: string, record: T | null, own: (record: T) => { title: string; description: string }, waiting: { title: string; description: string }): RecordMeta {
  return record ? { ...own(record), path: `${base}/${id}` } : { ...waiting, path: `${base}/${FALLBACK_ID}`, noindex: true };
}

export function horseMeta(horse: { name: string } | null, horseId: string): RecordMeta {
  return recordMeta('/at-detay', horseId, horse, (h) => ({ title: `${h.name} – At Detayı`, description: `${h.name}: koşu geçmişi, istatistikler ve soy ağacı.` }), {
    title: 'At Detayı',
    description: 'At bilgileri yükleniyor.',
  });
}

export function jockeyMeta(jockey: { name: string } | null, jockeyId: string): RecordMeta {
  return recordMeta(
    '/jokey',
    jockeyId,
    jockey,
    (j) => ({ title: `${j.name} – Jokey`, description: `${j.name}: hipodroma, piste, mesafeye ve yıla göre galibiyet ve tabela oranları, son 30 koşu, en iyi at ortaklıkları.` }),
    { title: 'Jokey', description: 'Jokey bilgileri yükleniyor.' },
  );
}

export function trainerMeta(trainer: { name: string } | null, trainerId: string): RecordMeta {
  return recordMeta(
    '/antrenor',
    trainerId,
    trainer,
    (t) => ({ title: `${t.name} – Antrenör`, description: `${t.name}: bugünkü koşuları, hipodroma, piste, mesafeye ve yıla göre galibiyet ve tabela oranları, son 30 koşu, en başarılı atları.` }),
    { title: 'Antrenör', description: 'Antrenör bilgileri yükleniyor.' },
  );
}
