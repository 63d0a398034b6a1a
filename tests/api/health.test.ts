import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server.js';

describe('GET /api/health', () => {
  const server = useTestServer();

  it('answers 200 with success true and the store kind', async () => {
    const res = await server.api('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { status: 'ok', store: 'sqlite' } });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers unknown API paths with a Turkish 404 in the envelope', async () => {
    const res = await server.api('GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'İstenen adres bulunamadı.' });
  });

  it('sends the security headers and no-store on every answer, errors included', async () => {
    for (const path of ['/api/health', '/api/nope', '/api/auth/profile']) {
      const res = await server.api('GET', path);
      expect(res.headers.get('content-security-policy'), path).toBe("default-src 'none'");
      expect(res.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(res.headers.get('strict-transport-security'), path).toBe('max-age=15552000; includeSubDomains');
      expect(res.headers.get('cross-origin-resource-policy'), path).toBe('same-site');
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
      expect(res.headers.get('vary'), path).toBe('Origin');
    }
    const res = await server.api('GET', '/api/health', { headers: { 'X-Request-Id': 'istek-123' } });
    expect(res.headers.get('x-request-id')).toBe('istek-123');
  });

  it('allows the site origin only, and answers its preflight', async () => {
    const allowed = await server.api('GET', '/api/health', { headers: { Origin: server.baseUrl } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(server.baseUrl);
    const foreign = await server.api('GET', '/api/health', { headers: { Origin: 'https://kotu.example' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${server.baseUrl}/api/articles/1/comments`, {
      method: 'OPTIONS',
      headers: { Origin: server.baseUrl, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(server.baseUrl);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET,POST,PUT,PATCH,DELETE');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('Authorization,Content-Type,X-Request-Id,Idempotency-Key');
    expect(preflight.headers.get('access-control-max-age')).toBe('600');
  });
});
