/**
 * Title, description and address of the per-record pages, shared by the prebuilt `.astro` pages and
 * the pages the server renders on demand (server/record-page.ts): both must say the same to a
 * reader and a search engine.
 */
export interface RecordMeta {
  title: string;
  description: string;
  path: string;
  noindex?: boolean;
}

export function horseMeta(horse: { name: string } | null, horseId: string): RecordMeta {
  return horse
    ? { title: `${horse.name} – At Detayı`, description: `${horse.name}: koşu geçmişi, istatistikler ve soy ağacı.`, path: `/at-detay/${horseId}` }
    : { title: 'At Detayı', description: 'At bilgileri yükleniyor.', path: '/at-detay/_yeni', noindex: true };
}

export function jockeyMeta(jockey: { name: string } | null, jockeyId: string): RecordMeta {
  return jockey
    ? {
        title: `${jockey.name} – Jokey`,
        description: `${jockey.name}: hipodroma, piste, mesafeye ve yıla göre galibiyet ve tabela oranları, son 30 koşu, en iyi at ortaklıkları.`,
        path: `/jokey/${jockeyId}`,
      }
    : { title: 'Jokey', description: 'Jokey bilgileri yükleniyor.', path: '/jokey/_yeni', noindex: true };
}
