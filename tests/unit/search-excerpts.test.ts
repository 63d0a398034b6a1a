/**
 * What a search result says of a horse or jockey page (issue 53): Pagefind reads the page's HTML,
 * not its CSS, so label/value boxes must carry their own separators or the excerpt glues them
 * ('Yaş9. CinsiyetErkek'). The page is rendered as the build renders it and indexed by Pagefind
 * itself, with the site's index options.
 */
import { gunzipSync } from 'node:zlib';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { toDetail } from '../../functions/src/domain/races/horse-queries.js';
import { parseHorse } from '../../functions/src/domain/races/race.js';
import { SEARCH_INDEX_OPTIONS } from '../../scripts/build-site.js';
import HorseDetail from '../../src/islands/races/HorseDetail.js';
import type { HorseDetailView } from '../../src/islands/races/types.js';

const pagefind = await import('pagefind');
afterAll(() => pagefind.close());

const ancestor = { name: null, birthYear: null };
const horse = toDetail(
  parseHorse({
    id: 'h1', tjkId: '1', name: 'Karabey', nameKey: 'karabey', searchPrefixes: ['kar'], age: 9, birthYear: 2017, sex: 'm', color: 'a',
    father: 'Sır Percy', mother: 'Nazlı', mothersFather: 'Turbo', damKey: 'nazli', jockey: 'Ahmet Çelik', owner: 'Mehmet Yıldırım', trainer: 'Hüseyin Aydın',
    lastSix: 'K1C3', programmeDate: '2026-12-03',
    pedigree: { sire: ancestor, dam: ancestor, paternalGrandsire: ancestor, paternalGranddam: ancestor, maternalGrandsire: ancestor, maternalGranddam: ancestor },
    raceHistory: [], updatedAt: new Date('2026-12-03T10:00:00Z'),
  }),
);

/** The text Pagefind keeps for the page (its fragment's `content`), the source of every excerpt. */
async function indexedText(body: string): Promise<string> {
  const { index } = await pagefind.createIndex(SEARCH_INDEX_OPTIONS);
  await index!.addHTMLFile({ url: '/at-detay/h1/', content: `<!doctype html><html lang="tr"><head><title>Karabey</title></head><body><main data-pagefind-body>${body}</main></body></html>` });
  const { files } = await index!.getFiles();
  const fragment = files.find((file) => file.path.startsWith('fragment/'))!;
  const text = gunzipSync(Buffer.from(fragment.content)).toString('utf8');
  return (JSON.parse(text.slice(text.indexOf('{'))) as { content: string }).content;
}

describe('search excerpts of a horse page', () => {
  it("read 'Yaş: 9 · Cinsiyet: Erkek · Doğum yılı: 2017', each label with its value", async () => {
    const html = renderToStaticMarkup(createElement(HorseDetail, { recordId: 'h1', initial: JSON.parse(JSON.stringify(horse)) as HorseDetailView }));
    const text = await indexedText(html);
    expect(text).toContain('Yaş: 9 · Cinsiyet: Erkek · Doğum yılı: 2017 · Baba: Sır Percy · Anne: Nazlı');
    expect(text).toContain('Antrenör: Hüseyin Aydın · Sahip: Mehmet Yıldırım');
    expect(text).not.toMatch(/Yaş9|CinsiyetErkek/);
  });
});
