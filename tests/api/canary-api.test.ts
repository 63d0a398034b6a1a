import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArticleDocument } from '../../functions/src/domain/articles/derive-fields.js';
import { setCommentStatus } from '../../functions/src/domain/comments/comments.js';
import { createAccount, createVipMember, type TestAccount } from '../support/accounts.js';
import { estimateDoc } from '../support/estimates.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * A unique string lives only in a premium article's body, its audio title and its race
 * estimate. No response to a caller who may not read the body may contain it, whichever
 * endpoint they ask; the entitled caller gets it (so the probe itself is proven to work).
 */
const CANARY = 'KANARYA-7f3c9e1a-ozel-tahmin';
const NOW = new Date('2026-11-22T10:00:00Z');

describe('premium body canary', () => {
  let server: TestServer;
  let author: TestAccount;
  let vip: TestAccount;
  const outsiders: Record<string, string | undefined> = {};

  beforeAll(async () => {
    server = await startTestServer({ now: NOW });
    author = await createAccount(server, { role: 'author' });
    vip = await createVipMember(server);
    outsiders.visitor = undefined;
    outsiders.member = (await createAccount(server)).token;
    outsiders.expiredVip = (
      await createAccount(server, { vip: { status: 'expired', startDate: new Date('2026-09-01'), endDate: new Date('2026-10-01'), durationDays: 30 } })
    ).token;
    outsiders.otherAuthor = (await createAccount(server, { role: 'author' })).token;
    await server.deps.store.set(
      'articles',
      'premium-canary',
      buildArticleDocument(
        {
          title: 'Veliefendi altılı ganyan premium tahmin',
          slug: 'veliefendi-premium-tahmin',
          authorId: author.id,
          category: 'estimation',
          excerpt: 'Bu hafta sonunun altılı ganyan kuponu için premium analiz.',
          content: `<p>Banko seçimimiz: ${CANARY}</p>`,
          status: 'published',
          visibility: 'premium',
          audience: 'vip',
          isFeatured: true,
          raceResult: 'won',
          tags: [{ name: 'Altılı Ganyan', color: '#27616c' }],
          media: {
            featuredImage: null,
            videos: [],
            audio: [{ url: '/files/a.mp3', title: `Sesli anlatım ${CANARY}`, artist: '', mimeType: 'audio/mpeg', duration: 60, originalName: 'a.mp3', size: 1000 }],
          },
          publishedAt: new Date(NOW.getTime() - 3_600_000),
        },
        NOW,
      ) as unknown as Record<string, unknown>,
    );
    await server.deps.store.set('raceEstimates', 'canary-estimate', estimateDoc('premium-canary', `Tahmin ${CANARY}`, NOW));
    const comment = await server.api('POST', '/api/articles/premium-canary/comments', { token: vip.token, body: { content: `Yorumda ${CANARY}` } });
    await setCommentStatus(server.deps, comment.body.data.id, 'approved');
  });
  afterAll(() => server.close());

  const paths = [
    '/api/articles',
    '/api/articles?category=estimation&raceResult=won',
    '/api/articles?search=veliefendi',
    '/api/articles?hitap=vip',
    '/api/articles/featured',
    '/api/articles/latest',
    '/api/articles/popular',
    '/api/articles/search?q=altili%20ganyan',
    '/api/articles/category/estimation',
    '/api/articles/premium-canary',
    '/api/articles/slug/veliefendi-premium-tahmin',
    '/api/articles/premium-canary/race-estimates',
    '/api/articles/premium-canary/comments',
  ];

  it('never reaches a caller who may not read the body', async () => {
    const authorPaths = [`/api/articles/author/${author.id}`, `/api/authors/${author.id}`, '/api/authors'];
    let checked = 0;
    for (const [who, token] of Object.entries(outsiders)) {
      for (const path of [...paths, ...authorPaths]) {
        const res = await server.api('GET', path, { token });
        const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
        expect(text.includes(CANARY), `${who} ${path}`).toBe(false);
        expect(text.includes('KANARYA'), `${who} ${path}`).toBe(false);
        checked++;
      }
      // The article itself is listed: the teaser is public, only the body is withheld.
      const list = await server.api('GET', '/api/articles/featured', { token });
      expect(list.body.data.map((a: { id: string }) => a.id)).toContain('premium-canary');
    }
    expect(checked).toBe(4 * (paths.length + authorPaths.length));
  });

  it('searching for the body text finds nothing, even for the entitled', async () => {
    const res = await server.api('GET', '/api/articles/search?q=KANARYA', { token: vip.token });
    expect(res.body.data).toEqual([]);
  });

  it('does reach the entitled VIP through the body endpoints', async () => {
    for (const path of ['/api/articles/premium-canary', '/api/articles/slug/veliefendi-premium-tahmin', '/api/articles/premium-canary/race-estimates', '/api/articles/premium-canary/comments']) {
      const res = await server.api('GET', path, { token: vip.token });
      expect(JSON.stringify(res.body).includes(CANARY), path).toBe(true);
    }
  });
});
