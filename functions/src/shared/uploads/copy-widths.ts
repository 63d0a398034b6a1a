/**
 * The widths of the smaller copies of a content image, and how a copy is named. One convention for
 * uploads (finalize, image-copies.ts) and for the images the site build renders itself (the demo
 * illustrations and ads, src/pages/images/demo/): 480 and 720 px for phones, 1,200 px for the article
 * column. No imports: the pages' srcset code in the browser uses it too.
 */
export const IMAGE_COPY_WIDTHS = [480, 720, 1200] as const;

/** A copy's name from its original's name without extension: 'kosu-01' and 720 give 'kosu-01-720w'. */
export const copyName = (stem: string, width: number): string => `${stem}-${width}w`;

const NARROWEST_COPY = Math.min(...IMAGE_COPY_WIDTHS);
const WIDEST_COPY = Math.max(...IMAGE_COPY_WIDTHS);

/**
 * The widths of an image's AVIF copies. A browser that takes AVIF picks only among these, so
 * besides the WebP copies' widths there is one at the image's own width when it is no wider than
 * the widest copy: the WebP srcset has the original for that width, the AVIF one needs its own.
 * An image narrower than the narrowest copy gets none: it is small already.
 */
export const avifCopyWidths = (width: number): number[] =>
  width < NARROWEST_COPY ? [] : [...IMAGE_COPY_WIDTHS.filter((w) => w < width), ...(width <= WIDEST_COPY ? [width] : [])];
