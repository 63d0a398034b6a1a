import { describe, expect, it } from 'vitest';
import { createApp } from '../../../functions/src/api/app.js';
import { useAccounts } from '../../support/accounts.js';
import { useTestServer } from '../../support/server.js';

/** Ids nobody's record has: encoded slash, reserved, control characters, broken UTF-8, huge, injection-looking. */
const ODD_IDS = ['a%2Fb', 'a%2fb%2fc', '__proc__', '%00', 'a%0Ab', '%FF', '%E0%A4%A', `${'x'.repeat(1600)}`, '%C3%BC%C3%A7', "'%20OR%201%3D1--", '-1', '%5C..%5Cetc', 'a%5Cb', '%20'];

describe('finding 6: every route with an id in its path answers odd ids without a 5xx', () => {
  const server = useTestServer();
  const { admin, member } = useAccounts(server, { admin: 'admin', member: 'user' });

  it('POST /api/uploads/a%2fb/finalize is a 404 (it was a 500)', async () => {
    const res = await server.api('POST', '/api/uploads/a%2fb/finalize', { token: member.token });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('walks the route table: each parameter of each route gets each odd id, as admin, member and visitor', async () => {
    const routes = [...new Set(createApp(server.deps).routes.filter((r) => r.method !== 'ALL' && r.path.includes('/:')).map((r) => `${r.method} ${r.path}`))];
    expect(routes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const route of routes) {
      const [method, pattern] = route.split(' ') as [string, string];
      const params = pattern.match(/:[A-Za-z]+/g) ?? [];
      for (const param of params) {
        for (const odd of ODD_IDS) {
          // The other parameters get plausible values, so the odd one is what the route meets.
          const path = params.reduce((p, other) => p.replace(other, other === param ? odd : other === ':date' ? '2026-11-22' : other === ':kind' ? 'image' : 'x1'), pattern);
          for (const token of [admin.token, member.token, undefined]) {
            const res = await server.api(method, path, { token, body: method === 'POST' || method === 'PUT' ? {} : undefined });
            if (res.status >= 500) failures.push(`${method} ${path.slice(0, 120)} -> ${res.status}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
