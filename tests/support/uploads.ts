import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestServer } from './server.js';

/**
 * A real picture of the given size: finalize decodes article images (to check them and make their
 * narrower copies), so signature bytes alone no longer pass. A gradient, so it does not compress to nothing.
 */
export async function photo(width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'jpeg'): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    pixels[i] = (x * 255) / width;
    pixels[i + 1] = (y * 255) / height;
    pixels[i + 2] = 90;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).toFormat(format).toBuffer();
}

/** A small real PNG (narrower than every copy width, so it gets none). */
export const PNG_BYTES = await photo(40, 30, 'png');

/** The real signed upload flow (grant, PUT, finalize); returns the finalized upload's id. */
export async function uploadFinalized(server: TestServer, token: string, purpose: 'image' | 'audio', bytes: Buffer, contentType: string, name: string): Promise<string> {
  const g = await server.api('POST', '/api/uploads', { token, body: { purpose, contentType, size: bytes.length, name } });
  expect(g.status).toBe(201);
  const put = await fetch(g.body.data.url, { method: 'PUT', headers: g.body.data.headers, body: new Uint8Array(bytes) });
  expect(put.status).toBe(200);
  const done = await server.api('POST', `/api/uploads/${g.body.data.uploadId}/finalize`, { token });
  expect(done.status).toBe(200);
  return g.body.data.uploadId;
}
