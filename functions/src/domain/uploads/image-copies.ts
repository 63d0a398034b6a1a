import type { Metadata, Sharp, SharpOptions } from 'sharp';
import type { BlobStore } from '../../ports/blob-store.js';
import { IMAGE_COPY_WIDTHS, avifCopyWidths, copyName } from './copy-widths.js';
import type { ImageCopy, UploadImage } from './upload.js';

/*
 * Narrower copies of an uploaded article image (issue 21). An author's photo arrives as it left
 * the camera (up to 50 MB, often 4,000 px wide) and used to be sent as it was to every phone that
 * showed its card. Like WordPress's image sizes, finalize now keeps the original and adds WebP
 * copies at IMAGE_COPY_WIDTHS (only those narrower than the original), which the pages offer in a
 * `srcset` so a browser fetches the one its box needs, and AVIF copies (avifCopyWidths) that a
 * `<picture>` offers first: a third to a half smaller than the WebP at a higher fidelity.
 */

/**
 * A member's photo is shown at most 72 px wide (the staff panel; 28-64 px on the site, in every
 * comment they write), so it gets one 192 px square copy, enough for a 3x screen, which the profile
 * then stores as the avatar: a 5 MB phone photo used to travel with each of their comments.
 */
export const AVATAR_COPY_SIZE = 192;

export type CopiedPurpose = 'image' | 'avatar';

/**
 * Larger images are refused rather than decoded: 40 megapixels is a 7,750 × 5,160 photo, more than
 * any phone or camera in a reporter's hands, and decoding one takes 120-160 MB of the function's
 * memory; a small file that claims far more pixels is a decompression bomb.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

const WEBP_QUALITY = 75;

/**
 * sharp's default AVIF settings. Measured on the demo illustrations at 720 px: about 40 % smaller
 * than WebP at quality 72-75, and closer to the source (PSNR 41-43 dB against 32-34 dB), because
 * AVIF keeps full colour resolution where lossy WebP halves it. Effort 4 takes 0.1-0.6 s a copy.
 */
export const AVIF_OPTIONS = { quality: 50, effort: 4 } as const;

let library: Promise<typeof import('sharp').default> | null = null;

/**
 * sharp on first use: it maps libvips (tens of MB of native code) into the process, and the uploads
 * barrel brings this file into every function that touches an upload, an article or a profile, though
 * only finalize and the copies decode (docs/capacity.md, "Cold start").
 */
async function sharp(input: Buffer, options?: SharpOptions): Promise<Sharp> {
  library ??= import('sharp').then(({ default: lib }) => {
    // The API function (512 MiB, up to 80 requests at once) decodes an image a few times a day:
    // libvips' operation cache would keep up to 50 MB of pixels from it for nothing.
    lib.cache(false);
    return lib;
  });
  return (await library)(input, options);
}

export type ImageProblem = 'undecodable' | 'too-many-pixels';

/** Key of the copy of `key` at `width`: `media/images/ab12.jpg` gives `media/images/ab12-720w.webp` (or `.avif`). */
export function imageCopyKey(key: string, width: number, format: 'webp' | 'avif' = 'webp'): string {
  return `${copyName(key.replace(/\.[a-z0-9]+$/i, ''), width)}.${format}`;
}

/** An accepted original whose header and pixels read, with its size as shown. */
export interface InspectedImage {
  original: Buffer;
  width: number;
  height: number;
  animated: boolean;
}

/**
 * Reads an accepted original and checks that it really is a picture of a sane size: its header, its
 * pixel count, and all of its pixels, decoded at a fraction of its size (a JPEG is scaled while it is
 * decoded), so a file cut short or corrupt is refused at finalize without the cost of its copies.
 */
export async function inspectImage(blobs: BlobStore, key: string): Promise<InspectedImage | ImageProblem> {
  const original = await blobs.read(key);
  let meta: Metadata;
  try {
    meta = await (await sharp(original, { limitInputPixels: false })).metadata();
  } catch {
    return 'undecodable';
  }
  // As shown: after the camera's orientation tag is applied.
  const { width, height } = meta.autoOrient ?? meta;
  if (!width || !height) return 'undecodable';
  if (width * height > MAX_IMAGE_PIXELS) return 'too-many-pixels';
  try {
    await (await sharp(original)).resize(64, 64, { fit: 'inside' }).toBuffer();
  } catch {
    return 'undecodable';
  }
  return { original, width, height, animated: (meta.pages ?? 1) > 1 };
}

/** The copies an image of this size gets: an animated GIF or WebP none (a still copy would lose the animation). */
export function plannedCopies(image: Pick<InspectedImage, 'width' | 'height' | 'animated'>, purpose: CopiedPurpose): { width: number; format: 'webp' | 'avif' }[] {
  if (image.animated) return [];
  // A photo is shown at most 72 px wide: one small WebP is all it needs.
  if (purpose === 'avatar') return Math.min(image.width, image.height) > AVATAR_COPY_SIZE ? [{ width: AVATAR_COPY_SIZE, format: 'webp' }] : [];
  return [...IMAGE_COPY_WIDTHS.filter((w) => w < image.width).map((w) => ({ width: w, format: 'webp' as const })), ...avifCopyWidths(image.width).map((w) => ({ width: w, format: 'avif' as const }))];
}

/**
 * Inspects the original and writes its copies. Writing a copy twice gives the same file under the
 * same key, so a run retried after a crash half-way simply makes them again.
 */
export async function makeImageCopies(blobs: BlobStore, key: string, purpose: CopiedPurpose): Promise<UploadImage | ImageProblem> {
  const inspected = await inspectImage(blobs, key);
  if (typeof inspected === 'string') return inspected;
  const { original, width, height } = inspected;
  const square = purpose === 'avatar';
  const planned = plannedCopies(inspected, purpose);
  // Every copy is made before any is stored: a file whose header reads but whose pixels do not
  // (cut short, corrupt) is refused with nothing left behind.
  const bodies: Buffer[] = [];
  try {
    // One at a time: each decode of a large photo holds its pixels in the function's memory.
    for (const copy of planned) {
      const resized = (await sharp(original)).autoOrient().resize(copy.width, square ? copy.width : undefined, { fit: 'cover' });
      bodies.push(await (copy.format === 'avif' ? resized.avif(AVIF_OPTIONS) : resized.webp({ quality: WEBP_QUALITY })).toBuffer());
    }
  } catch {
    return 'undecodable';
  }
  const copies: ImageCopy[] = [];
  for (const [i, copy] of planned.entries()) {
    const copyKey = imageCopyKey(key, copy.width, copy.format);
    await blobs.write(copyKey, bodies[i]!, `image/${copy.format}`);
    copies.push({ width: copy.width, url: blobs.publicUrl(copyKey), ...(copy.format === 'avif' ? { format: 'avif' as const } : {}) });
  }
  return { width, height, copies };
}
