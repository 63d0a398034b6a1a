import { beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../support/login.js';
import { useTestServer } from '../../support/server.js';

/**
 * Finding 12: without SITE_URL the local site answers on localhost and on 127.0.0.1 alike. The
 * server listens on 127.0.0.1; "localhost" is the other name of the same socket.
 */
describe('finding 12: either loopback name works locally', () => {
  const server = useTestServer();
  let viaIp: string;
  let viaName: string;
  beforeAll(() => {
    viaIp = server.baseUrl;
    viaName = server.baseUrl.replace('127.0.0.1', 'localhost');
    // What loadConfig gives when SITE_URL is unset (PORT = this server's port).
    const port = new URL(viaIp).port;
    Object.assign(server.deps.config, {
      siteUrl: viaName,
      loopbackOrigins: [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`],
      corsOrigins: [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`],
    });
  });

  it('a reset mail links to the name the site was opened on', async () => {
    const user = await addUser(server);
    const res = await server.api('POST', '/api/auth/password-reset', { body: { email: user.email }, headers: { Origin: viaIp, 'X-Forwarded-For': '203.0.113.90' } });
    expect(res.status).toBe(200);
    const [mail] = await server.deps.store.collection('mail').where('to', '==', user.email).get();
    expect((mail!.message as { text: string }).text).toContain(`${viaIp}/sifre-sifirla?token=`);
  });

  it('a foreign Origin never chooses where links point', async () => {
    const user = await addUser(server);
    await server.api('POST', '/api/auth/password-reset', { body: { email: user.email }, headers: { Origin: 'https://saldirgan.example', 'X-Forwarded-For': '203.0.113.91' } });
    const [mail] = await server.deps.store.collection('mail').where('to', '==', user.email).get();
    expect((mail!.message as { text: string }).text).toContain(`${viaName}/sifre-sifirla?token=`);
  });

  it('a page on 127.0.0.1 may PUT to the upload URL signed for localhost (CORS preflight and answer)', async () => {
    const preflight = await fetch(`${viaIp}/uploads/put?key=x`, { method: 'OPTIONS', headers: { Origin: viaIp, 'Access-Control-Request-Method': 'PUT', 'Access-Control-Request-Headers': 'content-type' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(viaIp);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    const refused = await fetch(`${viaIp}/uploads/put?key=x`, { method: 'OPTIONS', headers: { Origin: 'https://saldirgan.example', 'Access-Control-Request-Method': 'PUT' } });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const put = await fetch(`${viaIp}/uploads/put?key=x`, { method: 'PUT', headers: { Origin: viaIp, 'Content-Type': 'image/png' }, body: 'x' });
    expect(put.status).toBe(403);
    expect(put.headers.get('access-control-allow-origin')).toBe(viaIp);
  });
});
