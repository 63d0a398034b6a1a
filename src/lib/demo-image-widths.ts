import type { ImageCopy } from '../../functions/src/domain/uploads/upload';

/**
 * Images the site build renders itself (the demo illustrations and demo ad artwork,
 * src/pages/images/demo/) come in narrower copies too, so a phone never downloads a picture wider
 * than its box: `kosu-01.webp` (1,200 px) also exists as `kosu-01-480w.webp` and `kosu-01-720w.webp`.
 * Uploaded images have one size (nothing resizes them yet), so they get no srcset.
 */
export const DEMO_IMAGE_WIDTHS = [480, 720] as const;

const DEMO_IMAGE = /^(\/images\/demo\/[a-z0-9-]+)\.webp$/;

/** Name of a narrower copy: 'kosu-01' and 720 give 'kosu-01-720w'. */
export const demoVariantName = (name: string, width: number): string => `${name}-${width}w`;

/**
 * The srcset of an image the build renders itself, from `width` (its full width) down; undefined
 * for any other image (an upload, the placeholder), which then has its `src` only.
 */
export function demoSrcSet(url: string | null | undefined, width: number): string | undefined {
  const match = url ? DEMO_IMAGE.exec(url) : null;
  if (!match) return undefined;
  const narrower = DEMO_IMAGE_WIDTHS.filter((w) => w < width).map((w) => `${match[1]}-${w}w.webp ${w}w`);
  return narrower.length ? [...narrower, `${url} ${width}w`].join(', ') : undefined;
}

/**
 * Beyond this the original is left out of an upload's srcset: a wide screen at 2x would otherwise
 * pick a camera's 6,000 px original (several MB) over the 1,200 px copy. WordPress stops at the same width.
 */
const MAX_SRCSET_ORIGINAL = 2048;

/** The srcset of any content image: an upload's copies when it has them, the demo images' own otherwise. */
export function imageSrcSet(url: string, width: number, copies: readonly ImageCopy[] | undefined): string | undefined {
  if (!copies?.length) return demoSrcSet(url, width);
  const candidates = copies.map((copy) => `${copy.url} ${copy.width}w`);
  if (width <= MAX_SRCSET_ORIGINAL) candidates.push(`${url} ${width}w`);
  return candidates.join(', ');
}
