import { copyFile, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Text assets worth compressing; images, fonts and Pagefind's fragments are compressed already. */
export const PRECOMPRESSED_EXTENSIONS = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.xml', '.txt', '.webmanifest']);

/** Sibling suffix per content coding, brotli first: it is what the server prefers. */
export const ENCODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;
export type Coding = (typeof ENCODINGS)[number]['coding'];

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Fingerprinted bundles under /_astro/ are shared by every page and cached for a year, so they get
 * brotli's best (slow) quality. Pages are many (tens of thousands at scale, issue 21): quality 5
 * (9 ms for a 44 KB article, 11,852 bytes) instead of 11 (280 ms, 10,800 bytes); quality 4 is
 * faster but no smaller than gzip -9 (12,710 against 12,406 bytes), so not worth sending.
 */
function brotliQuality(relativePath: string): number {
  return relativePath.startsWith('_astro/') ? 11 : 5;
}

async function walk(dir: string, into: string[] = []): Promise<string[]> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await walk(path, into);
    else if (entry.isFile() && PRECOMPRESSED_EXTENSIONS.has(extname(entry.name).toLowerCase())) into.push(path);
  }
  return into;
}

async function sameBytes(path: string, body: Buffer): Promise<boolean> {
  try {
    const info = await stat(path);
    return info.size === body.length && (await readFile(path)).equals(body);
  } catch {
    return false;
  }
}

export interface PrecompressResult {
  files: number;
  /** Files whose siblings were copied from the previous build (same bytes). */
  reused: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/**
 * Writes `x.br` and `x.gz` next to every text asset of a built site, as Firebase Hosting would
 * compress on the fly, so the local server sends what production sends (server/site.ts picks the
 * sibling the request accepts). A sibling is written only when it is smaller than the file. When
 * `previousDir` (the site being replaced) holds the same file with the same bytes, its siblings are
 * copied instead of compressed again: a rebuild after one article changes recompresses little.
 * Compression runs on libuv's thread pool, a few files at a time.
 */
export async function precompressSite(dir: string, previousDir?: string | null): Promise<PrecompressResult> {
  const files = await walk(dir);
  const result: PrecompressResult = { files: files.length, reused: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const path = files[next++]!;
      const rel = relative(dir, path);
      const body = await readFile(path);
      result.bytes += body.length;
      const previous = previousDir ? join(previousDir, rel) : null;
      if (previous && (await sameBytes(previous, body))) {
        const copied = await Promise.all(
          ENCODINGS.map(({ suffix }) =>
            copyFile(previous + suffix, path + suffix).then(
              () => true,
              () => false,
            ),
          ),
        );
        if (copied.every(Boolean)) {
          result.reused += 1;
          continue;
        }
      }
      const [br, gzipped] = await Promise.all([
        brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(rel), [constants.BROTLI_PARAM_SIZE_HINT]: body.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
        gz(body, { level: 9 }),
      ]);
      if (br.length < body.length) {
        await writeFile(`${path}.br`, br);
        result.brotliBytes += br.length;
      }
      if (gzipped.length < body.length) {
        await writeFile(`${path}.gz`, gzipped);
        result.gzipBytes += gzipped.length;
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return result;
}

/**
 * The content coding to answer with, from the request's Accept-Encoding (RFC 9110 §12.5.3):
 * brotli before gzip, a coding with q=0 refused, `*` standing for any coding not named.
 */
export function acceptedCodings(header: string | undefined): Coding[] {
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (coding: string) => weights.get(coding) ?? (coding === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
  return ENCODINGS.map((e) => e.coding).filter((coding) => weight(coding) > 0);
}
