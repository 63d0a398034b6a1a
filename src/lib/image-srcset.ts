import { IMAGE_COPY_WIDTHS, copyName } from '@shared/uploads/copy-widths';
import type { ImageCopy } from '@shared/uploads/upload';

/**
 * Content images come in narrower copies, so a phone never downloads a picture wider than its box,
 * and in AVIF beside WebP, which a `<picture>` offers first (a third to a half smaller).
 * Images the site build renders itself (the demo illustrations and demo ad artwork,
 * src/pages/images/demo/) have them by name: `kosu-01.webp` (1,200 px) also exists as
 * `kosu-01-480w.webp` and `kosu-01-720w.webp`, and each of the three as `.avif`. An upload lists
 * its copies (made at finalize).
 */
const DEMO_IMAGE = /^(\/images\/demo\/[a-z0-9-]+)\.webp$/;

/**
 * The srcset of an image the build renders itself, from `width` (its full width) down; undefined
 * for any other image (an upload, the placeholder), which then has its `src` only.
 */
export function demoSrcSet(url: string | null | undefined, width: number, format: 'webp' | 'avif' = 'webp'): string | undefined {
  const match = url ? DEMO_IMAGE.exec(url) : null;
  if (!match) return undefined;
  const narrower = IMAGE_COPY_WIDTHS.filter((w) => w < width).map((w) => `${copyName(match[1]!, w)}.${format} ${w}w`);
  // An image with no narrower copy needs no WebP srcset (its src is the file), but its AVIF twin needs one.
  return narrower.length || format === 'avif' ? [...narrower, `${match[1]!}.${format} ${width}w`].join(', ') : undefined;
}

/**
 * Beyond this the original is left out of an upload's srcset: a wide screen at 2x would otherwise
 * pick a camera's 6,000 px original (several MB) over the 1,200 px copy. WordPress stops at the same width.
 */
const MAX_SRCSET_ORIGINAL = 2048;

/** The srcset of any content image in WebP (or its original): an upload's copies when it has them, the demo images' own otherwise. */
export function imageSrcSet(url: string, width: number, copies: readonly ImageCopy[] | undefined): string | undefined {
  if (!copies?.length) return demoSrcSet(url, width);
  const candidates = copies.filter((copy) => copy.format !== 'avif').map((copy) => `${copy.url} ${copy.width}w`);
  if (width <= MAX_SRCSET_ORIGINAL) candidates.push(`${url} ${width}w`);
  return candidates.join(', ');
}

/**
 * The srcset of the AVIF copies, for the `<picture>`'s source; undefined when there are none
 * (uploads finalized before they were made, small pictures), and then only the WebP srcset is offered.
 */
export function avifSrcSet(url: string, width: number, copies: readonly ImageCopy[] | undefined): string | undefined {
  if (!copies?.length) return demoSrcSet(url, width, 'avif');
  const avif = copies.filter((copy) => copy.format === 'avif');
  return avif.length ? avif.map((copy) => `${copy.url} ${copy.width}w`).join(', ') : undefined;
}

/**
 * Puts `img` (where it stands, if it is in the page) inside a `<picture>` whose AVIF source comes
 * first. Called before the image has an address: setting `src` starts the fetch, so the browser
 * then chooses once and never fetches both files.
 */
export function withAvifSource(img: HTMLImageElement, srcset: string, sizes: string): HTMLPictureElement {
  const picture = document.createElement('picture');
  img.replaceWith(picture);
  picture.append(Object.assign(document.createElement('source'), { type: 'image/avif', srcset, sizes }), img);
  return picture;
}
