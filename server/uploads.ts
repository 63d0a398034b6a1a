import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, openSync, closeSync, writeSync, rmSync, writeFileSync } from 'node:fs';
import type { Context, Hono } from 'hono';
import { LocalBlobStore } from '../functions/src/adapters/local-blobs/local-blob-store.js';
import type { ApiEnv } from '../functions/src/api/http/env.js';
import type { AppDeps } from '../functions/src/platform/deps.js';

const MESSAGES = {
  badSignature: 'Yükleme bağlantısı geçersiz veya süresi dolmuş. Lütfen dosyayı yeniden seçin.',
  wrongType: 'Dosya türü yükleme isteğiyle eşleşmiyor.',
  tooLarge: 'Dosya boyutu izin verilen sınırı aşıyor.',
  exists: 'Bu yükleme bağlantısı zaten kullanıldı.',
  failed: 'Dosya kaydedilemedi. Lütfen tekrar deneyin.',
};

function refuse(c: Context, status: 403 | 409 | 413 | 415 | 500, code: string, message: string) {
  return c.json({ success: false, code, message }, status);
}

/**
 * The local stand-in for a Cloud Storage signed PUT URL: `PUT /uploads/put?key&type&max&exp&sig`.
 * It enforces what the signature grants (key, Content-Type, at most `max` bytes, until `exp`),
 * streams to a temporary file and keeps it only when the whole body was accepted. Like a
 * Cloud Storage URL signed with `ifGenerationMatch: 0`, it writes a key once and never overwrites.
 */
export function mountLocalUploads(app: Hono<ApiEnv>, deps: AppDeps): void {
  const blobs = deps.blobs;
  if (!(blobs instanceof LocalBlobStore)) return;

  // The page may be open on another loopback name than the one the URL was signed for
  // (127.0.0.1 versus localhost): the site's own origins may PUT across them.
  app.use('/uploads/put', async (c, next) => {
    const origin = c.req.header('origin');
    const allowed = origin !== undefined && deps.config.corsOrigins.includes(origin);
    if (c.req.method === 'OPTIONS') {
      if (!allowed) return c.body(null, 403);
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Methods': 'PUT',
        'Access-Control-Allow-Headers': 'Content-Type',
        'Access-Control-Max-Age': '600',
        Vary: 'Origin',
      });
    }
    await next();
    if (allowed) {
      c.res.headers.set('Access-Control-Allow-Origin', origin);
      c.res.headers.append('Vary', 'Origin');
    }
  });

  app.put('/uploads/put', async (c) => {
    const grant = blobs.verify(c.req.query());
    if (!grant) return refuse(c, 403, 'FORBIDDEN', MESSAGES.badSignature);
    const sent = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (sent !== grant.contentType.toLowerCase()) return refuse(c, 415, 'UNSUPPORTED_MEDIA_TYPE', MESSAGES.wrongType);
    const declaredLength = c.req.header('content-length');
    if (declaredLength !== undefined && Number(declaredLength) > grant.maxBytes) return refuse(c, 413, 'PAYLOAD_TOO_LARGE', MESSAGES.tooLarge);

    const path = blobs.ensureDir(grant.key);
    if (existsSync(path)) return refuse(c, 409, 'CONFLICT', MESSAGES.exists);
    const part = `${path}.part-${randomBytes(6).toString('hex')}`;
    const fd = openSync(part, 'wx');
    let received = 0;
    let kept = false;
    try {
      const body = c.req.raw.body;
      if (body) {
        for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
          received += chunk.byteLength;
          // Checked while streaming: a body without Content-Length (or lying about it) stops at the limit.
          if (received > grant.maxBytes) return refuse(c, 413, 'PAYLOAD_TOO_LARGE', MESSAGES.tooLarge);
          writeSync(fd, chunk);
        }
      }
      closeSync(fd);
      // Not served before finalize accepted it; marked before the file appears under its name.
      blobs.markPending(grant.key);
      writeFileSync(`${path}.type`, grant.contentType);
      try {
        // link() fails when the key exists, so publishing is atomic and never overwrites a kept file.
        linkSync(part, path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return refuse(c, 409, 'CONFLICT', MESSAGES.exists);
        throw error;
      }
      kept = true;
      return c.body(null, 200);
    } catch (error) {
      deps.log.error('local upload failed', { key: grant.key, error: String(error) });
      return refuse(c, 500, 'INTERNAL', MESSAGES.failed);
    } finally {
      try {
        closeSync(fd);
      } catch {
        // already closed on the success path
      }
      rmSync(part, { force: true });
      if (!kept && received > grant.maxBytes) deps.log.warn('local upload refused: over limit', { key: grant.key });
    }
  });
}
