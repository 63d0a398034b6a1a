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

/**
 * The same split for gzip (the fallback for the few browsers without brotli): level 6 for pages
 * costs 0.84 ms for an article instead of 0.98 ms (1.03 against 1.81 ms for a jockey page) and
 * makes it 0.2 % larger (13.57 against 13.54 KB; measured on 300 pages of each kind, issue 21).
 */
function gzipLevel(relativePath: string): number {
  return relativePath.startsWith('_astro/') ? 9 : 6;
}

async function walk(dir: string, skip: ReadonlySet<string>, into: string[] = []): Promise<string[]> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (skip.has(path)) continue;
    if (entry.isDirectory()) await walk(path, skip, into);
    else if (entry.isFile() && isCompressible(entry.name)) into.push(path);
  }
  return into;
}

export function isCompressible(name: string): boolean {
  return PRECOMPRESSED_EXTENSIONS.has(extname(name).toLowerCase());
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
 * Writes the siblings of one file at a time, so the build can compress each page as soon as
 * Astro has written it (scripts/build-site.ts) and sweep the rest afterwards; a file is never
 * compressed twice.
 */
export function createPrecompressor(dir: string, previousDir?: string | null) {
  const result: PrecompressResult = { files: 0, reused: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const done = new Set<string>();

  /** `body` when the caller has read the file already. */
  async function compress(path: string, body?: Buffer): Promise<void> {
    if (done.has(path)) return;
    done.add(path);
    try {
      await write(path, body);
    } catch (error) {
      // Left for the sweep to try again.
      done.delete(path);
      throw error;
    }
  }

  async function write(path: string, body?: Buffer): Promise<void> {
    const rel = relative(dir, path);
    body ??= await readFile(path);
    result.files += 1;
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
        return;
      }
    }
    const [br, gzipped] = await Promise.all([
      brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(rel), [constants.BROTLI_PARAM_SIZE_HINT]: body.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
      gz(body, { level: gzipLevel(rel) }),
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

  /** Every compressible file under `under` (default: the whole site) not done yet; `skip`: folders left out. */
  async function sweep(options: { under?: string; skip?: string[] } = {}): Promise<void> {
    const files = await walk(options.under ? join(dir, options.under) : dir, new Set((options.skip ?? []).map((folder) => join(dir, folder))));
    await inParallel(files, PARALLEL_FILES, (path) => compress(path));
  }

  return { result, compress, sweep };
}

/** Files in flight at once: enough to keep libuv's four threads busy, few enough to bound memory. */
export const PARALLEL_FILES = 4;

/** Runs `task` over `items`, at most `limit` at a time. */
export async function inParallel<T>(items: readonly T[], limit: number, task: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: limit }, worker));
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
  const precompressor = createPrecompressor(dir, previousDir);
  await precompressor.sweep();
  return precompressor.result;
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
