import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTED_PAGE_TTL_MS, hostedPages } from '../../server/record-handler.js';

/**
 * The recordPages function reads its template from the live site (server/record-handler.ts):
 * kept a minute per instance, a missing page or a failed read never kept, Hosting's
 * trailing-slash redirect followed.
 */
let server: Server;
let siteUrl = '';
const asked: string[] = [];
let templateVersion = 1;
let failing = false;

beforeAll(async () => {
  server = createServer((request, response) => {
    asked.push(request.url ?? '');
    if (request.url === '/at-detay/_yeni/') return void response.writeHead(301, { location: '/at-detay/_yeni' }).end();
    if (request.url === '/at-detay/_yeni' && !failing) return void response.writeHead(200, { 'content-type': 'text/html' }).end(`sablon ${templateVersion}`);
    response.writeHead(failing ? 503 : 404).end('yok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('pages read from the live site', () => {
  it('are kept for a minute, then read again', async () => {
    let now = 0;
    const read = hostedPages(siteUrl, () => now);
    expect(await read('/at-detay/_yeni/')).toBe('sablon 1');
    templateVersion = 2;
    now = HOSTED_PAGE_TTL_MS - 1;
    expect(await read('/at-detay/_yeni/')).toBe('sablon 1');
    expect(asked.filter((url) => url === '/at-detay/_yeni/')).toHaveLength(1);
    now = HOSTED_PAGE_TTL_MS;
    expect(await read('/at-detay/_yeni/')).toBe('sablon 2');
  });

  it('a missing page is null and a failed read is not kept: the next request asks again', async () => {
    const read = hostedPages(siteUrl, () => 0);
    expect(await read('/hata/yok/')).toBeNull();
    failing = true;
    expect(await read('/at-detay/_yeni/')).toBeNull();
    failing = false;
    templateVersion = 3;
    expect(await read('/at-detay/_yeni/')).toBe('sablon 3');
  });
});
