/**
 * Issue 52 §5: an image's finalize outlasted the client's 10 s on a busy server and the staff were
 * told to check their internet connection. The client now tells its own time limit from a network
 * failure, and an upload's finalize gets a longer limit of its own.
 */
import { describe, expect, it } from 'vitest';
import { API_MESSAGES, ApiError, createApiClient, type ApiClient } from '../../src/lib/api-client';
import { FINALIZE_TIMEOUT_MS, uploadFile } from '../../src/lib/upload';

const tokens = { getToken: () => 'token', getRefreshToken: () => null, setTokens() {}, clear() {} };
const ok = () => new Response(JSON.stringify({ success: true, data: { done: true } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
/** A server that answers only after `ms`, or never when the request is aborted first. */
const slowServer = (ms: number) => (_url: RequestInfo | URL, init?: RequestInit) =>
  new Promise<Response>((resolve, reject) => {
    const timer = setTimeout(() => resolve(ok()), ms);
    init?.signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('aborted', 'AbortError'));
    });
  });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('API client time limits', () => {
  it('says the server did not answer in time, not that the internet is down, when its own limit runs out', async () => {
    const client = createApiClient({ tokens, refreshPath: '/auth/refresh', fetch: slowServer(200) as typeof fetch, timeoutMs: 5 });
    const error = await failure(client.call((r) => r.uploads[':id'].finalize.$post({ param: { id: 'x' } })));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toBe(API_MESSAGES.timeout);
    expect(error.message).not.toContain('İnternet');
  });

  it('still says to check the line when the request never left the browser', async () => {
    const client = createApiClient({ tokens, refreshPath: '/auth/refresh', fetch: (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch });
    const error = await failure(client.call((r) => r.health.$get()));
    expect(error.code).toBe('NETWORK');
    expect(error.message).toBe('İnternet bağlantınızı kontrol edin');
  });

  it('lets one call wait longer than the client default', async () => {
    const client = createApiClient({ tokens, refreshPath: '/auth/refresh', fetch: slowServer(30) as typeof fetch, timeoutMs: 5 });
    expect((await client.call((r) => r.uploads[':id'].finalize.$post({ param: { id: 'x' } }), { timeoutMs: 5_000 })).data).toEqual({ done: true });
  });

  it("gives an upload's finalize its own longer limit", async () => {
    const calls: { path: string }[] = [];
    const server = async (url: RequestInfo | URL) => {
      const path = String(url).replace(/^\/api/, '');
      calls.push({ path });
      const data = path === '/uploads' ? { uploadId: 'u1', url: 'data:,', method: 'PUT', headers: {} } : { uploadId: 'u1', url: '/files/x.jpg' };
      return new Response(JSON.stringify({ success: true, data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    };
    const client = createApiClient({ tokens, refreshPath: '/auth/refresh', fetch: server as typeof fetch });
    const limits: (number | undefined)[] = [];
    const api: Pick<ApiClient, 'call'> = {
      call: (pick, options) => {
        limits.push(options?.timeoutMs);
        return client.call(pick, options);
      },
    };
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async () => new Response(null, { status: 200 })) as typeof fetch;
    try {
      await uploadFile(api, new File([new Uint8Array([1, 2, 3])], 'foto.jpg', { type: 'image/jpeg' }), 'image');
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(calls.map((c) => c.path)).toEqual(['/uploads', '/uploads/u1/finalize']);
    expect(limits).toEqual([undefined, FINALIZE_TIMEOUT_MS]);
    expect(FINALIZE_TIMEOUT_MS).toBeGreaterThanOrEqual(60_000);
  });
});
