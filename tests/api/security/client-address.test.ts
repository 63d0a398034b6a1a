import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudFunctionBindings } from '../../../functions/src/api/http/client-address.js';
import { createLocalApp } from '../../../server/local-app.js';
import { createAccount } from '../../support/accounts.js';
import { startTestServer, type TestServer } from '../../support/server.js';

const contact = (n: number) => ({ name: 'Deniz Yılmaz', email: `deniz${n}@example.com`, subject: 'Soru', message: 'Merhaba, bir sorum olacaktı. Teşekkürler.', type: 'general' });

describe('finding 4: per-address limits take the address from the socket unless a proxy is trusted', () => {
  let server: TestServer;
  beforeAll(async () => {
    // No trusted proxy: what the local server does out of the box.
    server = await startTestServer({ proxyHops: 0 });
  });
  afterAll(() => server.close());

  it('a made-up X-Forwarded-For on every request does not get around the contact limit', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const res = await server.api('POST', '/api/contact', { body: contact(i), headers: { 'X-Forwarded-For': `198.51.100.${i}` } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 201 || s === 200)).toBe(true);
    expect(statuses[5]).toBe(429);
  });

  it('the upload grant limit is per address too', async () => {
    const app = createLocalApp(server.deps);
    const member = await createAccount(server);
    const grant = (address: string) =>
      app.fetch(
        new Request('http://x/api/uploads', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${member.token}` },
          body: JSON.stringify({ purpose: 'avatar', contentType: 'image/png', size: 100, name: 'a.png' }),
        }),
        { incoming: { socket: { remoteAddress: address } } },
      );
    expect((await grant('192.0.2.44')).status).toBe(201);
    const id = (await server.deps.store.collection('rateLimits').where('rule', '==', 'upload-ip').get()).length;
    expect(id).toBe(1);
  });

  it('behind trusted proxies, the entry that many from the right is the caller, whatever the client prepends', async () => {
    const app = createLocalApp({ ...server.deps, config: { ...server.deps.config, proxyHops: 0 } });
    const limited = async (bindings: object, xff: string) => {
      const statuses: number[] = [];
      for (let i = 1; i <= 6; i++) {
        const res = await app.fetch(
          new Request('http://x/api/contact', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.9.9.${i}, ${xff}` }, body: JSON.stringify(contact(i)) }),
          bindings,
        );
        statuses.push(res.status);
      }
      return statuses[5];
    };
    // The Cloud Function behind Hosting: "<client's own>, <visitor>, <CDN>": the visitor is 2 from the right.
    expect(cloudFunctionBindings({}).proxyHops).toBe(2);
    expect(cloudFunctionBindings({ GANYAN_PROXY_HOPS: '1' }).proxyHops).toBe(1);
    expect(cloudFunctionBindings({ GANYAN_PROXY_HOPS: 'many' }).proxyHops).toBe(2);
    expect(await limited(cloudFunctionBindings({}), '203.0.113.77, 35.1.1.1')).toBe(429);
  });
});
