import { beforeAll, describe, expect, it } from 'vitest';
import { tipNamesUndeclaredMessage } from '../../functions/src/domain/estimates/tip-horses.js';
import { teaserLeakMessage } from '../../functions/src/domain/estimates/teaser-check.js';
import { useAccounts } from '../support/accounts.js';
import { useTestServer } from '../support/server.js';
import { exportPayload, MORNING, seedArticle, seedCard } from './race-estimates.fixtures.js';

/**
 * Issue 49, "the rule, not only the seed": a tip may name only horses declared in the races it is
 * about, and a VIP single-race tip's public teaser names none of its race's runners (its plase and
 * sürpriz are picks too). Horses of the fixture card are 'AT <race>-<number>'.
 */
describe('tip rules: named horses are declared, VIP single-race teasers keep every pick secret', () => {
  const server = useTestServer({ now: MORNING });
  const { author } = useAccounts(server, { author: 'author' });

  beforeAll(() => seedCard(server.deps));

  const estimates = async (articleId: string) => (await server.deps.store.collection('raceEstimates').where('articleId', '==', articleId).get()).length;

  it('refuses an estimate whose article names a horse of another race, and saves nothing', async () => {
    server.setNow(MORNING);
    const articleId = await seedArticle(server.deps, author.id);
    await server.deps.store.update('articles', articleId, { content: '<p>1. koşuda bankomuz AT 1-2; rakibi ise AT 3-4 olacak.</p>' });
    const res = await server.api('POST', `/api/articles/${articleId}/race-estimates`, { token: author.token, body: exportPayload([[2]]) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(tipNamesUndeclaredMessage(['AT 3-4'], [1]));
    expect(res.body.message).toBe('Tahmin metni, tahmin edilen 1. koşuda yazılı olmayan atı anıyor: AT 3-4. Metinde yalnızca bu koşularda yazılı atların adı geçebilir.');
    expect(await estimates(articleId)).toBe(0);
  });

  it('refuses saving a tip whose text names an undeclared horse; a declared one is fine', async () => {
    server.setNow(MORNING);
    const articleId = await seedArticle(server.deps, author.id);
    expect((await server.api('POST', `/api/articles/${articleId}/race-estimates`, { token: author.token, body: exportPayload([[2]]) })).status).toBe(201);
    const before = await server.deps.store.get('articles', articleId);

    const wrong = await server.api('PUT', `/api/articles/${articleId}`, { token: author.token, body: { content: '<p>Bankomuz AT 1-2, sürprizimiz AT 2-7 ve AT 4-1.</p>' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(tipNamesUndeclaredMessage(['AT 2-7', 'AT 4-1'], [1]));
    expect((await server.deps.store.get('articles', articleId))!.content).toBe(before!.content);

    const title = await server.api('PUT', `/api/articles/${articleId}`, { token: author.token, body: { title: 'AT 5-3 için 1. koşu tahmini' } });
    expect(title.status).toBe(400);

    const right = await server.api('PUT', `/api/articles/${articleId}`, { token: author.token, body: { content: '<p>Bankomuz AT 1-2, sürprizimiz AT 1-7.</p>' } });
    expect(right.status).toBe(200);
    expect((await server.deps.store.get('articles', articleId))!.content).toContain('AT 1-7');
  });

  it("a VIP single-race tip's teaser may name none of its race's runners; a multi-race coupon's only its picks", async () => {
    server.setNow(MORNING);
    const single = await seedArticle(server.deps, author.id);
    await server.deps.store.update('articles', single, { visibility: 'premium', audience: 'vip' });
    expect((await server.api('POST', `/api/articles/${single}/race-estimates`, { token: author.token, body: exportPayload([[2]]) })).status).toBe(201);
    // AT 1-5 is not the selected banko, but the tip's sürpriz: the teaser gives it away.
    const leak = await server.api('PUT', `/api/articles/${single}`, { token: author.token, body: { excerpt: '1. koşuda sürprizimiz AT 1-5.' } });
    expect(leak.status).toBe(400);
    expect(leak.body.message).toBe(teaserLeakMessage(['AT 1-5']));
    expect((await server.deps.store.get('articles', single))!.excerpt).not.toContain('AT 1-5');

    // Already in the teaser when the estimate comes: the estimate is refused.
    const early = await seedArticle(server.deps, author.id);
    await server.deps.store.update('articles', early, { visibility: 'premium', audience: 'vip', excerpt: 'Favori AT 1-1 ama bizim seçimimiz farklı.' });
    const refused = await server.api('POST', `/api/articles/${early}/race-estimates`, { token: author.token, body: exportPayload([[2]]) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(teaserLeakMessage(['AT 1-1']));
    expect(await estimates(early)).toBe(0);

    // An altılı coupon keeps the old rule: an unselected runner may be named, a selected one not.
    const coupon = await seedArticle(server.deps, author.id);
    await server.deps.store.update('articles', coupon, { visibility: 'premium', audience: 'vip' });
    expect((await server.api('POST', `/api/articles/${coupon}/race-estimates`, { token: author.token, body: exportPayload([[1, 2], [5], [3], [7], [2], [4]]) })).status).toBe(201);
    expect((await server.api('PUT', `/api/articles/${coupon}`, { token: author.token, body: { excerpt: 'Favori AT 1-8 bizde yok.' } })).status).toBe(200);
    expect((await server.api('PUT', `/api/articles/${coupon}`, { token: author.token, body: { excerpt: 'Bankomuz AT 2-5.' } })).status).toBe(400);
  });
});
