import { deflateSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../support/accounts.js';
import { launchBrowser } from '../support/browser.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** A real 3x2 PNG (red pixels), so the browser has to decode what the upload flow kept. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0).fill(Buffer.from([255, 0, 0]))])));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

describe('upload flow in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a member uploads an avatar from the page: grant, PUT of a File, finalize, and the image displays', async () => {
    const member = await createAccount(server, { role: 'user' });
    const page = await browser.newPage();
    // A blank page of the site's origin (served by the test, not the app) to run the browser code from.
    await page.route(`${server.baseUrl}/blank`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>test</title>' }));
    await page.goto(`${server.baseUrl}/blank`);
    const bytes = [...png(3, 2)];
    const result = await page.evaluate(
      async ({ token, bytes }) => {
        const file = new File([new Uint8Array(bytes)], 'profil.png', { type: 'image/png' });
        const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
        const grant = await (await fetch('/api/uploads', { method: 'POST', headers: auth, body: JSON.stringify({ purpose: 'avatar', contentType: file.type, size: file.size, name: file.name }) })).json();
        const put = await fetch(grant.data.url, { method: grant.data.method, headers: grant.data.headers, body: file });
        const done = await (await fetch(`/api/uploads/${grant.data.uploadId}/finalize`, { method: 'POST', headers: auth })).json();
        const img = new Image();
        img.src = done.data.url;
        await img.decode();
        return { put: put.status, finalized: done.success, width: img.naturalWidth, height: img.naturalHeight, url: done.data.url as string };
      },
      { token: member.token, bytes },
    );
    expect(result).toMatchObject({ put: 200, finalized: true, width: 3, height: 2 });
    expect(result.url).toContain('/files/media/avatars/');
    await page.close();
  });
});
