import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../../functions/src/domain/identity/access-token.js';
import { createAccount, type TestAccount } from '../../support/accounts.js';
import { startTestServer, type TestServer } from '../../support/server.js';

const DAY = 24 * 3_600_000;

describe('finding 8: a view counts once per viewer per article per day (Istanbul)', () => {
  let server: TestServer;
  let member: TestAccount;
  let clock = new Date('2026-11-24T09:00:00Z');
  beforeAll(async () => {
    server = await startTestServer({ now: clock });
    member = await createAccount(server, { role: 'user' });
    await server.deps.store.set('articles', 'views-1', {
      title: 'Görüntülenme', slug: 'goruntulenme', authorId: 'nobody', category: 'news', status: 'published', excerpt: 'x', content: '<p>x</p>',
      createdAt: clock, updatedAt: clock, publishedAt: clock, isDeleted: false,
    });
  });
  afterAll(() => server.close());

  const views = async () => ((await server.deps.store.get('articles', 'views-1'))!.stats as { views: number }).views;
  const view = (headers: Record<string, string>, token?: string) => server.api('POST', '/api/articles/views-1/view', { headers, token });

  it('repeats from the same visitor, or the same member on any address, do not count', async () => {
    const visitor = { 'X-Forwarded-For': '198.51.100.60', 'User-Agent': 'Tarayici/1.0' };
    for (let i = 0; i < 5; i++) expect((await view(visitor)).status).toBe(200);
    expect(await views()).toBe(1);
    // Another browser on the same address, and another address, are other viewers.
    await view({ ...visitor, 'User-Agent': 'Baska/2.0' });
    await view({ ...visitor, 'X-Forwarded-For': '198.51.100.61' });
    expect(await views()).toBe(3);
    for (const address of ['198.51.100.70', '198.51.100.71', '198.51.100.72']) await view({ 'X-Forwarded-For': address }, member.token);
    expect(await views()).toBe(4);
    const answer = await view(visitor);
    expect(answer.body.data).toEqual({ views: 4 });
  });

  it('the same viewer counts again after 24 hours', async () => {
    const before = await views();
    clock = new Date(clock.getTime() + DAY + 1000);
    server.setNow(clock);
    await view({ 'X-Forwarded-For': '198.51.100.60', 'User-Agent': 'Tarayici/1.0' });
    // The member's 15-minute token from yesterday has expired: a fresh one for the same account.
    const token = await signAccessToken(server.deps.config.jwtSecret, { userId: member.id, audience: 'member', sessionId: 'views-test' }, clock);
    await view({ 'X-Forwarded-For': '198.51.100.99' }, token);
    expect(await views()).toBe(before + 2);
  });

  it('the day is Istanbul\'s calendar day: a repeat later that day does not count, the next day does', async () => {
    const viewer = { 'X-Forwarded-For': '198.51.100.80', 'User-Agent': 'Gece/1.0' };
    // 08:00 Istanbul (05:00 UTC), then 23:59 the same day: one view.
    clock = new Date('2026-11-27T05:00:00Z');
    server.setNow(clock);
    const before = await views();
    await view(viewer);
    server.setNow(new Date('2026-11-27T20:59:00Z'));
    await view(viewer);
    expect(await views()).toBe(before + 1);
    // 00:01 in Istanbul is a new day, although it is still the 27th in UTC.
    server.setNow(new Date('2026-11-27T21:01:00Z'));
    expect((await view(viewer)).body.data).toEqual({ views: before + 2 });
    expect(await views()).toBe(before + 2);
  });
});
