import { expect } from 'vitest';
import type { TestServer } from './server.js';

/** A tiny PNG-signed file: enough for the upload flow's magic-byte check. */
export const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);

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
