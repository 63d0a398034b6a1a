import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ArticleCardView } from '../../src/islands/lists/ArticleCardView';
import { avifSrcSet, imageSrcSet } from '../../src/lib/image-srcset';
import type { CardData } from '../../src/lib/format';

const UPLOAD = 'https://firebasestorage.googleapis.com/v0/b/ganyan/o/media%2Fimages%2Fab12.jpg?alt=media';
const webpCopies = [480, 720, 1200].map((width) => ({ width, url: `https://cdn.example/ab12-${width}w.webp` }));
const avifCopies = [480, 720, 1200].map((width) => ({ width, url: `https://cdn.example/ab12-${width}w.avif`, format: 'avif' as const }));
const copies = [...webpCopies, ...avifCopies];

describe('srcset of content images', () => {
  it("offers an upload's copies and its original when the original is a sane width", () => {
    expect(imageSrcSet(UPLOAD, 1600, copies)).toBe(`https://cdn.example/ab12-480w.webp 480w, https://cdn.example/ab12-720w.webp 720w, https://cdn.example/ab12-1200w.webp 1200w, ${UPLOAD} 1600w`);
  });

  it("leaves a camera-sized original out, so no screen picks a 6,000 px file", () => {
    expect(imageSrcSet(UPLOAD, 6000, copies)).toBe('https://cdn.example/ab12-480w.webp 480w, https://cdn.example/ab12-720w.webp 720w, https://cdn.example/ab12-1200w.webp 1200w');
  });

  it('keeps the demo images\' own copies, and gives an upload without copies none', () => {
    expect(imageSrcSet('/images/demo/kosu-03.webp', 1200, [])).toBe('/images/demo/kosu-03-480w.webp 480w, /images/demo/kosu-03-720w.webp 720w, /images/demo/kosu-03.webp 1200w');
    expect(imageSrcSet(UPLOAD, 1600, undefined)).toBeUndefined();
  });

  it('offers the AVIF copies apart: the demo images\' twins, an upload\'s own, none for an upload made before them', () => {
    expect(avifSrcSet(UPLOAD, 1600, copies)).toBe('https://cdn.example/ab12-480w.avif 480w, https://cdn.example/ab12-720w.avif 720w, https://cdn.example/ab12-1200w.avif 1200w');
    expect(avifSrcSet(UPLOAD, 1600, webpCopies)).toBeUndefined();
    expect(imageSrcSet(UPLOAD, 1600, webpCopies)).toBe(imageSrcSet(UPLOAD, 1600, copies));
    expect(avifSrcSet('/images/demo/kosu-03.webp', 1200, [])).toBe('/images/demo/kosu-03-480w.avif 480w, /images/demo/kosu-03-720w.avif 720w, /images/demo/kosu-03.avif 1200w');
    expect(avifSrcSet('/images/placeholder-article.webp', 1200, undefined)).toBeUndefined();
  });

  it('a list card with an uploaded image carries the srcset', () => {
    const card: CardData = {
      id: 'a1',
      slug: 'veliefendi-tahmini',
      title: 'Veliefendi tahmini',
      excerpt: 'Özet',
      category: 'estimation',
      categoryLabel: 'Tahmin',
      audience: 'everyone',
      visibility: 'public',
      isFeatured: false,
      raceResult: null,
      publishedAt: '2026-11-24T10:00:00.000Z',
      featuredImage: { url: UPLOAD, alt: 'Pist', width: 1600, copies },
      tags: [],
      author: { id: 'u1', displayName: 'Kadir' },
      stats: { views: 0, comments: 0 },
    };
    const html = renderToStaticMarkup(createElement(ArticleCardView, { card }));
    // The AVIF source comes first in a <picture>; the image keeps the WebP srcset for every other browser.
    const picture = /<picture><source type="image\/avif" srcSet="([^"]+)" sizes="[^"]+"\/><img [^>]*srcSet="([^"]+)"/.exec(html);
    expect(picture?.slice(1)).toEqual([avifSrcSet(UPLOAD, 1600, copies), imageSrcSet(UPLOAD, 1600, copies)].map((set) => set!.replaceAll('&', '&amp;')));
  });
});
