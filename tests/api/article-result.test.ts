import { beforeEach, describe, expect, it } from 'vitest';
import { settleEstimatesForRaces } from '../../functions/src/domain/estimates/settlement.js';
import { createAccount, useAccounts } from '../support/accounts.js';
import { useTestServer } from '../support/server.js';
import { EVENING, exportPayload, freshCard, MORNING, raceId, seedArticle, seedCard, setResult, SIX_LEG_PICKS } from './race-estimates.fixtures.js';

/**
 * Issue 16: one definition of a winning tip. A settled estimate decides its article's result and
 * staff cannot contradict it; a hand-set result without a locked estimate is the author's
 * declaration, labelled and counted apart. VIP teasers never name a selected horse, and an
 * estimate belongs to its article's race day.
 */
describe('article results, declared results, teaser check, race day', () => {
  const server = useTestServer({ now: MORNING });
  const { author } = useAccounts(server, { author: 'author' });
  const WINNERS = [2, 5, 6, 7, 8, 4];

  // Each test starts from the morning's card, no results in.
  beforeEach(() => freshCard(server.deps));

  // A token signed on the server's current clock: the tests move it past the 15-minute token life.
  const setResultByHand = async (articleId: string, raceResult: string) =>
    server.api('PUT', `/api/articles/${articleId}/race-result`, { token: (await createAccount(server, { role: 'admin' })).token, body: { raceResult } });
  /** The evening's results, race 1 won by 3 (a miss for SIX_LEG_PICKS), and the settlement they bring. */
  const resultsIn = async () => {
    for (let n = 1; n <= 6; n += 1) await setResult(server.deps, n, [n === 1 ? 3 : WINNERS[n - 1]!]);
    await settleEstimatesForRaces(server.deps, [raceId(6)]);
  };

  it('a settled estimate wins over a hand-set result, and staff cannot contradict it (409)', async () => {
    server.setNow(MORNING);
    const articleId = await seedArticle(server.deps, author.id, { raceResult: 'won', raceResultSource: 'manual' });
    const res = await server.api('POST', `/api/articles/${articleId}/race-estimates`, { token: author.token, body: exportPayload(SIX_LEG_PICKS) });
    expect(res.status).toBe(201);

    // Locked but not settled: no hand-set verdict either way.
    server.setNow(EVENING);
    const early = await setResultByHand(articleId, 'lost');
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Bu makalenin kilitli tahmini var: sonuç, yarış sonuçları geldiğinde otomatik belirlenir.');

    // Race 1 won by 3: the coupon misses a leg.
    await resultsIn();
    expect(await server.deps.store.get('articles', articleId)).toMatchObject({ raceResult: 'lost', raceResultSource: 'settlement' });

    const contradict = await setResultByHand(articleId, 'won');
    expect(contradict.status).toBe(409);
    expect(contradict.body.message).toBe('Bu makalenin kilitli tahmini sonuçlandı (Kaybetti). Sonuç elle değiştirilemez; tahminin sonucu geçerlidir.');
    expect(await server.deps.store.get('articles', articleId)).toMatchObject({ raceResult: 'lost', raceResultSource: 'settlement' });
    // Agreeing with the settlement changes nothing and keeps it verified.
    expect((await setResultByHand(articleId, 'lost')).status).toBe(200);
    expect(await server.deps.store.get('articles', articleId)).toMatchObject({ raceResult: 'lost', raceResultSource: 'settlement' });
  });

  it('a hand-set result without a locked estimate is "yazar beyanı": labelled in the API and counted apart in records', async () => {
    // The ranking lists authors with a settled estimate: this one has a settled coupon (a miss).
    server.setNow(MORNING);
    const tipster = await createAccount(server, { role: 'author' });
    const coupon = await seedArticle(server.deps, tipster.id);
    expect((await server.api('POST', `/api/articles/${coupon}/race-estimates`, { token: tipster.token, body: exportPayload(SIX_LEG_PICKS) })).status).toBe(201);
    server.setNow(EVENING);
    await resultsIn();

    const declared = await seedArticle(server.deps, tipster.id);
    const before = (await server.api('GET', `/api/authors/${tipster.id}`)).body.data.record;
    expect((await setResultByHand(declared, 'won')).status).toBe(200);
    server.deps.requestRebuild('test');

    const detail = await server.api('GET', `/api/articles/${declared}`);
    expect(detail.body.data).toMatchObject({ raceResult: 'won', raceResultSource: 'manual' });
    const listed = await server.api('GET', `/api/articles?category=estimation&raceResult=won&authorId=${tipster.id}&limit=50`);
    const cards = listed.body.data as { id: string; raceResultSource: string }[];
    expect(cards.find((c) => c.id === declared)?.raceResultSource).toBe('manual');

    const after = (await server.api('GET', `/api/authors/${tipster.id}`)).body.data.record;
    // The declaration is counted apart; the verified figures do not move.
    expect(after.declared.all).toEqual({ won: before.declared.all.won + 1, lost: before.declared.all.lost });
    expect(after.windows.all).toEqual(before.windows.all);
    const ranking = (await server.api('GET', '/api/records/authors?window=all')).body.data;
    const row = [...ranking.ranked, ...ranking.unranked].find((r: { author: { id: string } }) => r.author.id === tipster.id);
    expect(row.record.declared.all.won).toBe(after.declared.all.won);
  });

  it('refuses a VIP teaser naming a selected horse, on article save and on estimate save', async () => {
    server.setNow(MORNING);
    const articleId = await seedArticle(server.deps, author.id);
    await server.deps.store.update('articles', articleId, { visibility: 'premium', audience: 'vip' });
    // Race 2's only pick (banko) is horse 5: "AT 2-5".
    expect((await server.api('POST', `/api/articles/${articleId}/race-estimates`, { token: author.token, body: exportPayload(SIX_LEG_PICKS) })).status).toBe(201);

    const leak = await server.api('PUT', `/api/articles/${articleId}`, { token: author.token, body: { excerpt: 'Bankomuz AT 2-5, sürprizimiz ise sürpriz.' } });
    expect(leak.status).toBe(400);
    expect(leak.body.message).toBe('VIP tahminin seçimi herkese açık metinde görünüyor: AT 2-5. Başlık, alt başlık ve özet seçilen atların adını vermemeli.');
    expect((await server.deps.store.get('articles', articleId))!.excerpt).toBe('Pazar günü altılı ganyan için seçimlerimiz.');
    // A horse that is not selected may be named; a public article may name anything.
    expect((await server.api('PUT', `/api/articles/${articleId}`, { token: author.token, body: { excerpt: 'AT 2-1 bu koşunun favorisi ama biz başka düşünüyoruz.' } })).status).toBe(200);
    expect((await server.api('PUT', `/api/articles/${articleId}`, { token: author.token, body: { visibility: 'public', excerpt: 'Bankomuz AT 2-5.' } })).status).toBe(200);

    // The other way round: a VIP article already naming a horse cannot get an estimate selecting it.
    const other = await seedArticle(server.deps, author.id);
    await server.deps.store.update('articles', other, { visibility: 'private', audience: 'vip', title: 'Veliefendi: AT 4-7 tek geçilir' });
    const refused = await server.api('POST', `/api/articles/${other}/race-estimates`, { token: author.token, body: exportPayload(SIX_LEG_PICKS) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('AT 4-7');
    expect(await server.deps.store.get('articles', other)).toMatchObject({ hasRaceEstimate: false });
  });

  it("refuses races of another day or hippodrome than the article's race day", async () => {
    server.setNow(MORNING);
    await seedCard(server.deps, 6, '2026-11-23');
    const articleId = await seedArticle(server.deps, author.id);
    expect((await server.api('POST', `/api/articles/${articleId}/race-estimates`, { token: author.token, body: exportPayload([[1], [2]]) })).status).toBe(201);
    const otherDay = { races: [{ id: 'r911', selectedHorses: [{ number: 1 }] }] };
    const res = await server.api('POST', `/api/articles/${articleId}/race-estimates`, { token: author.token, body: otherDay });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Bu makalenin tahminleri 22.11.2026 İstanbul koşularına ait. Başka bir gün veya hipodromun koşuları için yeni bir tahmin makalesi açın.');

    // An article published days before a card is not that card's tip.
    const old = await seedArticle(server.deps, author.id);
    await server.deps.store.update('articles', old, { publishedAt: new Date('2026-11-12T10:00:00+03:00') });
    const stale = await server.api('POST', `/api/articles/${old}/race-estimates`, { token: author.token, body: exportPayload([[1]]) });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe('Makale 12.11.2026 tarihinde yayımlandı; 22.11.2026 koşuları bu makalenin yarış günü değil. Bu koşular için yeni bir tahmin makalesi açın.');
  });
});
