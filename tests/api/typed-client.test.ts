/**
 * The typed client (src/lib/api-client.ts `call`): Hono's `hc` names the route and fills its
 * parameters, the request goes through the client's own rules. Against the real API server.
 */
import { describe, expect, it } from 'vitest';
import { IntentKey } from '../../src/admin/ui/intent-key';
import { ApiError, createApiClient, type SentRequest, type TokenSource } from '../../src/lib/api-client';
import { useAccounts } from '../support/accounts.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer({ seeded: true });
const accounts = useAccounts(server, { admin: 'admin', member: 'user' });

function tokens(token: string | null, refreshToken: string | null = null): TokenSource & { cleared: number } {
  return {
    cleared: 0,
    getToken: () => token,
    getRefreshToken: () => refreshToken,
    setTokens(t, r) {
      token = t;
      refreshToken = r;
    },
    clear() {
      this.cleared += 1;
    },
  };
}

const client = (source: TokenSource, writesCarryBody = false) => createApiClient({ tokens: source, refreshPath: '/auth/admin/refresh', baseUrl: `${server.baseUrl}/api`, writesCarryBody });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('typed client', () => {
  it('fills the path parameters and sends the query', async () => {
    const api = client(tokens(null));
    const { data: list, pagination } = await api.call((r) => r.articles.$get(), { query: { limit: 2, category: undefined }, auth: false });
    expect(list).toHaveLength(2);
    expect(pagination?.limit).toBe(2);
    const first = list[0];
    if (!first) throw new Error('the seed has published articles');
    const { data } = await api.call((r) => r.articles.slug[':slug'].$get({ param: { slug: first.slug } }), { auth: false });
    expect(data.id).toBe(first.id);
    expect(data.title).toBe(first.title);
  });

  it("throws the API's Turkish refusal as ApiError", async () => {
    const error = await failure(client(tokens(null)).call((r) => r.articles.search.$get(), { query: { q: 'a' }, auth: false }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Arama en az 2 karakter olmalıdır.');
  });

  it('carries the token, and a staff write without a body sends {}', async () => {
    const staff = client(tokens(accounts.admin.token), true);
    const { data } = await staff.call((r) => r.auth.admin.users.stats.$get());
    expect(typeof data.totalUsers).toBe('number');
    // The restore route reads no body; the staff client still sends one, and the route says the user is missing.
    const error = await failure(staff.call((r) => r.auth.admin.users[':id'].restore.$post({ param: { id: 'nobody' } })));
    expect(error.status).toBe(404);
  });

  it('works a header out from the request as sent: an intent key the server honours', async () => {
    const staff = client(tokens(accounts.admin.token), true);
    const keys = new IntentKey();
    const seen: SentRequest[] = [];
    const grant = () =>
      staff.call((r) => r.users.admin.users[':userId']['grant-vip'].$post({ param: { userId: accounts.member.id } }), {
        body: { durationDays: 15 },
        headers: (sent) => {
          seen.push(sent);
          return { 'Idempotency-Key': keys.keyFor(sent) };
        },
      });
    const first = await grant();
    // The same submission again (a lost answer, a double click): the same key, so the grant is applied once.
    const again = await grant();
    expect(seen).toEqual(Array(2).fill({ method: 'POST', path: `/users/admin/users/${accounts.member.id}/grant-vip`, body: { durationDays: 15 } }));
    expect(again.data.vip.endDate).toBe(first.data.vip.endDate);
    expect(again.message).toBe(first.message);
  });

  it('ends the session when a 401 cannot be refreshed', async () => {
    const source = tokens('not-a-token');
    const error = await failure(client(source).call((r) => r.auth.profile.$get()));
    expect(error.status).toBe(401);
    expect(source.cleared).toBe(1);
  });
});
