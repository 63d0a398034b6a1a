import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../support/accounts.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { PNG_BYTES } from '../../support/uploads.js';

const PNG = PNG_BYTES;
const HTML_AS_PNG = Buffer.from(`<html><script>alert(1)</script>${' '.repeat(200)}`);

describe('finding 10: a file PUT to its signed URL is not served before finalize accepted it', () => {
  let server: TestServer;
  let author: TestAccount;
  beforeAll(async () => {
    server = await startTestServer();
    author = await createAccount(server, { role: 'author' });
  });
  afterAll(() => server.close());

  async function grantAndPut(body: Buffer) {
    const g = await server.api('POST', '/api/uploads', { token: author.token, body: { purpose: 'image', contentType: 'image/png', size: body.length, name: 'a.png' } });
    expect(g.status).toBe(201);
    const put = await fetch(g.body.data.url, { method: 'PUT', headers: g.body.data.headers, body: new Uint8Array(body) });
    expect(put.status).toBe(200);
    const key = new URL(g.body.data.url).searchParams.get('key')!;
    return { id: g.body.data.uploadId as string, fileUrl: `${server.baseUrl}/files/${key}` };
  }

  it('404 after the PUT, 200 once finalized', async () => {
    const { id, fileUrl } = await grantAndPut(PNG);
    expect((await fetch(fileUrl)).status).toBe(404);
    expect((await fetch(`${fileUrl}.pending`)).status).toBe(404);
    const done = await server.api('POST', `/api/uploads/${id}/finalize`, { token: author.token });
    expect(done.status).toBe(200);
    expect(done.body.data.url).toBe(fileUrl);
    expect((await fetch(fileUrl)).status).toBe(200);
  });

  it('a file finalize refuses is never served', async () => {
    const { id, fileUrl } = await grantAndPut(HTML_AS_PNG);
    expect((await fetch(fileUrl)).status).toBe(404);
    expect((await server.api('POST', `/api/uploads/${id}/finalize`, { token: author.token })).status).toBe(415);
    expect((await fetch(fileUrl)).status).toBe(404);
  });
});
