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
