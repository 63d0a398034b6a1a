import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { Hono } from 'hono';
import { LocalBlobStore } from '../functions/src/adapters/local-blobs/local-blob-store.js';
import type { ApiEnv } from '../functions/src/api/http/env.js';
import { isPrivateKey } from '../functions/src/domain/uploads/upload.js';
import type { AppDeps } from '../functions/src/platform/deps.js';

/** Parses a single `bytes=` range against a file size; null when unsatisfiable, 'all' when absent or ignorable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'all' | null {
  if (!header) return 'all';
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Multi-range and other units are legal to ignore: answer the whole file.
  if (!match) return 'all';
  const [, from, to] = match;
  if (from === '' && to === '') return null;
  let start: number;
  let end: number;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return null;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start >= size || start > end) return null;
  return { start, end };
}

/**
 * `GET /files/*`: uploaded files as Cloud Storage serves them. Keys are unique and never
 * rewritten, so they are cached as immutable; Range requests let audio players seek.
 */
export function mountLocalFiles(app: Hono<ApiEnv>, deps: AppDeps): void {
  const blobs = deps.blobs;
  if (!(blobs instanceof LocalBlobStore)) return;

  app.on(['GET', 'HEAD'], '/files/*', (c) => {
    const notFound = () => c.json({ success: false, code: 'NOT_FOUND', message: 'Dosya bulunamadı.' }, 404);
    let key: string;
    let path: string;
    try {
      key = decodeURIComponent(c.req.path.slice('/files/'.length));
      // Sidecars and partial uploads are internal; only published keys are files.
      if (key.endsWith('.type') || key.endsWith('.pending') || /\.part-[0-9a-f]+$/.test(key)) return notFound();
      // Receipts and other private files: staff read them through the API, nobody through /files.
      if (isPrivateKey(key.replace(/^\/+/, ''))) return notFound();
      path = blobs.pathFor(key);
      // PUT but not (yet) accepted by finalize: not a published file.
      if (blobs.isPending(key)) return notFound();
    } catch {
      return notFound();
    }
    if (!existsSync(path) || !statSync(path).isFile()) return notFound();

    const stat = statSync(path);
    const type = existsSync(`${path}.type`) ? readFileSync(`${path}.type`, 'utf8').trim() : 'application/octet-stream';
    const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    const headers: Record<string, string> = {
      'Content-Type': type,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Accept-Ranges': 'bytes',
      ETag: etag,
      'Last-Modified': stat.mtime.toUTCString(),
      // A file opened directly can never run script in our origin, whatever it contains.
      'Content-Security-Policy': "default-src 'none'; media-src 'self'; img-src 'self'; sandbox",
      'Cross-Origin-Resource-Policy': 'cross-origin',
    };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);

    const ifRange = c.req.header('if-range');
    const range = ifRange && ifRange !== etag ? 'all' : parseRange(c.req.header('range'), stat.size);
    if (range === null) return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${stat.size}` });
    const { start, end } = range === 'all' ? { start: 0, end: stat.size - 1 } : range;
    const length = stat.size === 0 ? 0 : end - start + 1;
    const status = range === 'all' ? 200 : 206;
    if (range !== 'all') headers['Content-Range'] = `bytes ${start}-${end}/${stat.size}`;
    headers['Content-Length'] = String(length);
    if (c.req.method === 'HEAD' || length === 0) return c.body(null, status, headers);
    const stream = Readable.toWeb(createReadStream(path, { start, end })) as ReadableStream<Uint8Array>;
    return c.body(stream, status, headers);
  });
}
