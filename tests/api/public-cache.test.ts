import { describe, expect, it } from 'vitest';
import { useAccounts } from '../support/accounts.js';
import { useTestServer } from '../support/server.js';

/**
 * Visitors' reads of public articles may come from the API's public cache (api/http/public-cache.ts);
 * what the staff panel publishes, unpublishes or deletes must still reach them at once.
 */
const server = useTestServer();
const { author, member } = useAccounts(server, { author: 'author', member: 'user' });

async function draft(title: string) {
  const created = await server.api('POST', '/api/articles', {
    token: author.token,
    body: { title, authorId: author.id, excerpt: 'Kısa özet metni.', content: '<p>Önbellek testi için yeterince uzun bir gövde.</p>' },
  });
  return created.body.data as { id: string; slug: string };
}

const listIds = async (token?: string) =>
  ((await server.api('GET', '/api/articles?limit=50', { token })).body.data as { id: string }[]).map((a) => a.id);


describe('public read cache over the API', { timeout: 60_000 }, () => {
  it('a publish, an unpublish and a delete from the panel reach visitors at once', async () => {
    const { id, slug } = await draft('Önbellek testi');
    expect(await listIds()).not.toContain(id);

    await server.api('PUT', `/api/articles/${id}`, { token: author.token, body: { status: 'published' } });
    expect(await listIds()).toContain(id);
    expect((await server.api('GET', `/api/articles/slug/${slug}`)).status).toBe(200);

    await server.api('PUT', `/api/articles/${id}/toggle-publish`, { token: author.token });
    expect(await listIds()).not.toContain(id);
    expect((await server.api('GET', `/api/articles/slug/${slug}`)).status).toBe(404);

    await server.api('PUT', `/api/articles/${id}/toggle-publish`, { token: author.token });
    expect((await server.api('GET', `/api/articles/slug/${slug}`)).status).toBe(200);
    expect((await server.api('DELETE', `/api/articles/${id}`, { token: author.token })).status).toBe(200);
    expect((await server.api('GET', `/api/articles/slug/${slug}`)).status).toBe(404);
    expect(await listIds()).not.toContain(id);
  });

  it('a list may be the same answer again for a few seconds, for visitors and members alike; an article read signed in never is', async () => {
    const { id } = await draft('İkinci önbellek testi');
    await server.api('PUT', `/api/articles/${id}`, { token: author.token, body: { status: 'published' } });
    const first = await server.api('GET', '/api/articles?limit=1');
    const [top] = first.body.data as { id: string; title: string }[];
    // A change past the domain raises no content-changed signal: only the time to live bounds it.
    await server.deps.store.update('articles', top!.id, { title: 'Değişen başlık' });
    try {
      expect((await server.api('GET', '/api/articles?limit=1')).body.data[0].title).toBe(top!.title);
      // The list is the same for everyone: a member gets the shared copy, with their private caching rule.
      const signedIn = await server.api('GET', '/api/articles?limit=1', { token: member.token });
      expect(signedIn.body.data[0].title).toBe(top!.title);
      expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
      expect(first.headers.get('cache-control')).toBe('public, max-age=30, s-maxage=60');
      // The token is still checked before the shared copy is given.
      expect((await server.api('GET', '/api/articles?limit=1', { token: `${member.token}x` })).status).toBe(401);
      // The article itself may carry their `liked` flag or a premium body: read fresh for them.
      expect((await server.api('GET', `/api/articles/${top!.id}`, { token: member.token })).body.data.title).toBe('Değişen başlık');
    } finally {
      await server.deps.store.update('articles', top!.id, { title: top!.title });
      server.deps.requestRebuild('test: title restored');
    }
  });
});
