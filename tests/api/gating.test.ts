import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISIBILITIES, type Visibility } from '../../functions/src/domain/articles/article.js';
import { buildArticleDocument } from '../../functions/src/domain/articles/derive-fields.js';
import { createAccount, createVipMember, type TestAccount } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * The body-access contract (spec 000 §2.12, §6; documented in domain/articles/access.ts):
 * every visibility against every kind of caller, through both read endpoints.
 */
type Caller = 'visitor' | 'member' | 'vip' | 'expiredVip' | 'author' | 'otherAuthor' | 'admin';

const EXPECTED: Record<Visibility, Record<Caller, boolean>> = {
  public: { visitor: true, member: true, vip: true, expiredVip: true, author: true, otherAuthor: true, admin: true },
  'members-only': { visitor: false, member: true, vip: true, expiredVip: true, author: true, otherAuthor: true, admin: true },
  premium: { visitor: false, member: false, vip: true, expiredVip: false, author: true, otherAuthor: false, admin: true },
  private: { visitor: false, member: false, vip: true, expiredVip: false, author: true, otherAuthor: false, admin: true },
};

const NOW = new Date('2026-11-22T10:00:00Z');

describe('article body access by visibility', () => {
  let server: TestServer;
  const tokens: Record<Caller, string | undefined> = {} as never;
  let author: TestAccount;

  beforeAll(async () => {
    server = await startTestServer({ now: NOW });
    author = await createAccount(server, { role: 'author' });
    tokens.visitor = undefined;
    tokens.member = (await createAccount(server)).token;
    tokens.vip = (await createVipMember(server, 30)).token;
    tokens.expiredVip = (
      await createAccount(server, {
        vip: { status: 'active', startDate: new Date('2026-10-01T00:00:00Z'), endDate: new Date('2026-11-01T00:00:00Z'), durationDays: 31 },
      })
    ).token;
    tokens.author = author.token;
    tokens.otherAuthor = (await createAccount(server, { role: 'author' })).token;
    tokens.admin = (await createAccount(server, { role: 'admin' })).token;
    for (const visibility of VISIBILITIES) {
      await server.deps.store.set(
        'articles',
        `gate-${visibility}`,
        buildArticleDocument(
          {
            title: `Kapı testi ${visibility}`,
            slug: `kapi-testi-${visibility}`,
            authorId: author.id,
            category: 'estimation',
            excerpt: 'Herkese açık özet.',
            content: `<p>GIZLI-GOVDE-${visibility} ayrıntılı tahmin metni.</p>`,
            status: 'published',
            visibility,
            audience: visibility === 'public' ? 'everyone' : 'vip',
          },
          NOW,
        ),
      );
    }
  });
  afterAll(() => server.close());

  for (const visibility of VISIBILITIES) {
    for (const caller of Object.keys(EXPECTED[visibility]) as Caller[]) {
      const allowed = EXPECTED[visibility][caller];
      it(`${visibility} article: ${caller} ${allowed ? 'reads' : 'does not read'} the body`, async () => {
        for (const path of [`/api/articles/gate-${visibility}`, `/api/articles/slug/kapi-testi-${visibility}`]) {
          const res = await server.api('GET', path, { token: tokens[caller] });
          expect(res.status, path).toBe(200);
          expect(res.body.data.locked, path).toBe(!allowed);
          expect(JSON.stringify(res.body).includes(`GIZLI-GOVDE-${visibility}`), path).toBe(allowed);
          if (allowed) {
            expect(res.body.data.content).toContain(`GIZLI-GOVDE-${visibility}`);
            expect(res.body.data.lockReason).toBeNull();
          } else {
            expect(res.body.data.content).toBeNull();
            // The client sends visitors to /giris and signed-in non-VIPs to /vip-uyari.
            expect(res.body.data.lockReason).toBe(caller === 'visitor' ? 'login' : 'vip');
            expect(res.body.data.excerpt).toBe('Herkese açık özet.');
          }
        }
      });
    }
  }

  it('a VIP membership that ended moments ago no longer opens premium bodies', async () => {
    // Ends in 5 minutes: well inside the access token's own 15-minute life.
    const vip = await createAccount(server, {
      vip: { status: 'active', startDate: new Date('2026-10-23T10:05:00Z'), endDate: new Date(NOW.getTime() + 5 * 60_000), durationDays: 30 },
    });
    const before = await server.api('GET', '/api/articles/gate-premium', { token: vip.token });
    expect(before.body.data.locked).toBe(false);
    server.setNow(new Date(NOW.getTime() + 6 * 60_000));
    try {
      const after = await server.api('GET', '/api/articles/gate-premium', { token: vip.token });
      expect(after.body.data.locked).toBe(true);
    } finally {
      server.setNow(NOW);
    }
  });
});
