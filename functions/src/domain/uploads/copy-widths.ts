/**
 * The widths of the smaller copies of a content image, and how a copy is named. One convention for
 * uploads (finalize, image-copies.ts) and for the images the site build renders itself (the demo
 * illustrations and ads, src/pages/images/demo/): 480 and 720 px for phones, 1,200 px for the article
 * column. No imports: the pages' srcset code in the browser uses it too.
 */
export const IMAGE_COPY_WIDTHS = [480, 720, 1200] as const;

/** A copy's name from its original's name without extension: 'kosu-01' and 720 give 'kosu-01-720w'. */
export const copyName = (stem: string, width: number): string => `${stem}-${width}w`;
