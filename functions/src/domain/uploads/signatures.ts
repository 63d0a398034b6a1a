import type { MediaType } from './upload.js';

/** Bytes read from the start of a file to recognise its format. */
export const SIGNATURE_BYTES = 16;

const ascii = (head: Buffer, offset: number, text: string) =>
  head.length >= offset + text.length && head.subarray(offset, offset + text.length).toString('latin1') === text;

const bytes = (head: Buffer, offset: number, values: number[]) =>
  head.length >= offset + values.length && values.every((value, i) => head[offset + i] === value);

/** An MPEG audio frame header: layer III sync word (FFFB, FFFA, FFF3, FFF2 and the MPEG-2.5 FFE3/FFE2). */
const isMp3Frame = (head: Buffer) => head.length >= 2 && head[0] === 0xff && [0xfb, 0xfa, 0xf3, 0xf2, 0xe3, 0xe2].includes(head[1]!);

/** An ADTS frame header: raw AAC (FFF1 MPEG-4, FFF9 MPEG-2). */
const isAdts = (head: Buffer) => head.length >= 2 && head[0] === 0xff && (head[1] === 0xf1 || head[1] === 0xf9);

/** ISO base media (MP4/M4A/AVIF): a box size, then `ftyp` and the brand. */
const ftypBrand = (head: Buffer): string | null => (ascii(head, 4, 'ftyp') && head.length >= 12 ? head.subarray(8, 12).toString('latin1') : null);

const CHECKS: Record<MediaType, (head: Buffer) => boolean> = {
  'image/jpeg': (h) => bytes(h, 0, [0xff, 0xd8, 0xff]),
  'image/png': (h) => bytes(h, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/gif': (h) => ascii(h, 0, 'GIF87a') || ascii(h, 0, 'GIF89a'),
  'image/webp': (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WEBP'),
  'image/avif': (h) => ['avif', 'avis'].includes(ftypBrand(h) ?? ''),
  'audio/mpeg': (h) => ascii(h, 0, 'ID3') || isMp3Frame(h),
  'audio/wav': (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WAVE'),
  'audio/ogg': (h) => ascii(h, 0, 'OggS'),
  'audio/flac': (h) => ascii(h, 0, 'fLaC'),
  // M4A and AAC reach us in either wrapping: an MP4 container or raw ADTS frames.
  'audio/mp4': (h) => (ftypBrand(h) !== null && !['avif', 'avis'].includes(ftypBrand(h)!)) || isAdts(h),
  'audio/aac': (h) => (ftypBrand(h) !== null && !['avif', 'avis'].includes(ftypBrand(h)!)) || isAdts(h),
  'application/pdf': (h) => ascii(h, 0, '%PDF-'),
};

/** Whether the file's first bytes are those of the declared format (magic numbers, not the name or header). */
export function matchesSignature(type: MediaType, head: Buffer): boolean {
  return CHECKS[type](head);
}
