import { beforeEach, describe, expect, it } from 'vitest';
import { settleEstimate } from '../../functions/src/domain/estimates/settlement.js';
import { authorRecord } from '../../functions/src/domain/records/author-record.js';
import { createAccount, useAccounts } from '../support/accounts.js';
import { useTestServer } from '../support/server.js';
import { EVENING, exportPayload, freshCard, MORNING, raceId, seedArticle, seedCard, setResult, setSixPool } from './race-estimates.fixtures.js';

/**
 * Issue 49: single-race tips settle at the source's dividends; one coupon per article; staff enter
 * and correct results and non-runners on the desk and every tip re-settles once; an altılı coupon
 * with a non-runner takes the leg's AGF favourite; approving money without evidence needs a reason.
 */
describe('every tip settled', () => {
  const server = useTestServer({ now: MORNING });
  const { author, admin } = useAccounts(server, { author: 'author', admin: 'admin' });

  beforeEach(async () => {
    server.setNow(MORNING);
    await freshCard(server.deps);
  });

  const singleRace = (race: number, bet: unknown) => ({ ...exportPayload([[]]), races: [{ id: raceId(race), selectedHorses: [] }], bet });
  const post = (articleId: string, body: unknown, token = author.token) => server.api('POST', `/api/articles/${articleId}/race-estimates`, { token, body });
  const estimate = async (id: string) => (await server.deps.store.get('raceEstimates', id)) as Record<string, any>;
  const audits = async (id: string) =>
    (await server.deps.store.collection('auditLog').get()).filter((a) => String(a.action).startsWith('race.') && (a.entity as { id: string }).id === id);

  it('settles a sıralı ikili at the source dividend, once, and the tip enters the author record', async () => {
    const articleId = await seedArticle(server.deps, author.id);
    const res = await post(articleId, singleRace(2, { kind: 'sirali-ikili', places: [[3], [7, 5]] }));
    expect(res.status).toBe(201);
    const id = res.body.data.raceEstimate.id;
    // The bet is locked and proven like a coupon: its pool and places are in the hashed text.
    expect(res.body.data.raceEstimate).toMatchObject({ bet: { kind: 'sirali-ikili', places: [[3], [5, 7]] }, raceIds: [raceId(2)] });
    expect(res.body.data.raceEstimate.lockAt).toBe(new Date('2026-11-22T14:30:00+03:00').toISOString());

    server.setNow(EVENING);
    // Horse 3 wins, 5 is second; the source's BAHISLER pays 42,60 TL per unit on 3-5.
    await setResult(server.deps, 2, [3]);
    const result = (await server.deps.store.get('results', raceId(2)))!;
    const finishers = (result.finishers as { number: number; position: number }[]).map((f) => ({ ...f, position: f.number === 3 ? 1 : f.number === 5 ? 2 : f.position + 1 }));
    await server.deps.store.update('results', raceId(2), { finishers, payouts: [{ kind: 'SIRALI İKİLİ', combination: '3-5', payout: 42.6 }] });

    expect(await settleEstimate(server.deps, id)).toBe('settled');
    expect((await estimate(id)).settlement).toMatchObject({ allHit: true, legsTotal: 1, legsHit: 1, couponSize: 2, cost: 2, payout: 42.6, void: false });
    expect(await server.deps.store.get('articles', articleId)).toMatchObject({ raceResult: 'won', raceResultSource: 'settlement' });
    // Run twice: settled once.
    expect(await settleEstimate(server.deps, id)).toBe('unchanged');

    const record = await authorRecord(server.deps, author.id);
    expect(record.windows['30']).toMatchObject({ estimates: 1, allLegsHit: 1, cost: 2, payout: 42.6 });
  });

  it('waits for a won line’s dividend, pays ganyan from the result, and loses a plase that missed', async () => {
    const ikili = await seedArticle(server.deps, author.id);
    const ikiliId = (await post(ikili, singleRace(1, { kind: 'ikili', places: [[1, 2, 4]] }))).body.data.raceEstimate.id;
    const ganyan = await seedArticle(server.deps, author.id);
    const ganyanId = (await post(ganyan, singleRace(1, { kind: 'ganyan', places: [[1, 6]] }))).body.data.raceEstimate.id;
    const plase = await seedArticle(server.deps, author.id);
    const plaseId = (await post(plase, singleRace(1, { kind: 'plase', places: [[8]] }))).body.data.raceEstimate.id;
    server.setNow(EVENING);
    await setResult(server.deps, 1, [1]); // 1 first, 2 third: setResult places the others number + 1
    const finishers = ((await server.deps.store.get('results', raceId(1)))!.finishers as { number: number; position: number }[]).map((f) => ({ ...f, position: f.number === 4 ? 2 : f.position }));
    await server.deps.store.update('results', raceId(1), { finishers });

    // The box 1-2-4 holds the first two (1, 4) but the source has not paid the İkili yet: no guess.
    expect(await settleEstimate(server.deps, ikiliId)).toBe('waiting');
    await server.deps.store.update('results', raceId(1), { payouts: [{ kind: 'İKİLİ', combination: '4-1', payout: 18.35 }] });
    expect(await settleEstimate(server.deps, ikiliId)).toBe('settled');
    expect((await estimate(ikiliId)).settlement).toMatchObject({ allHit: true, couponSize: 3, cost: 3, payout: 18.35 });

    // Ganyan: two lines, one won at the result's ganyan (4,50).
    expect(await settleEstimate(server.deps, ganyanId)).toBe('settled');
    expect((await estimate(ganyanId)).settlement).toMatchObject({ allHit: true, couponSize: 2, cost: 2, payout: 4.5 });
    expect(await settleEstimate(server.deps, plaseId)).toBe('settled');
    expect((await estimate(plaseId)).settlement).toMatchObject({ allHit: false, cost: 1, payout: 0 });
    expect((await server.deps.store.get('articles', plase))!.raceResult).toBe('lost');
  });

  it('refuses a malformed bet with its Turkish message and stores nothing', async () => {
    const articleId = await seedArticle(server.deps, author.id);
    const cases: [unknown, string][] = [
      [{ kind: 'uclu', places: [[1, 2, 3]] }, 'Üçlü için 3 sıra için ayrı at listeleri gerekir.'],
      [{ kind: 'ikili', places: [[4]] }, 'İkili için en az iki at seçin.'],
      [{ kind: 'ganyan', places: [[9]] }, '1. koşuda 9 numaralı at yok.'],
      [{ kind: 'sirali-ikili', places: [[3], [3]] }, 'Bu seçimlerle oynanabilecek bir kombinasyon yok: her sırada farklı atlar olmalıdır.'],
      [{ kind: 'tabela', places: [[1]] }, 'Bahis türü ganyan, plase, ikili, sıralı ikili veya üçlü olmalıdır.'],
    ];
    for (const [bet, message] of cases) {
      const res = await post(articleId, singleRace(1, bet));
      expect(res.status, JSON.stringify(bet)).toBe(400);
      expect(JSON.stringify(res.body), JSON.stringify(bet)).toContain(message);
    }
    const twoRaces = await post(articleId, { ...exportPayload([[1], [2]]), bet: { kind: 'ganyan', places: [[1]] } });
    expect(twoRaces.status).toBe(400);
    expect(twoRaces.body.message).toBe('Tek koşu bahsi (ganyan, plase, ikili…) yalnızca bir koşu için verilebilir.');
    expect(await server.deps.store.collection('raceEstimates').where('articleId', '==', articleId).count()).toBe(0);
  });

  it('takes one coupon per published article; an old article with two counts its first only', async () => {
    const articleId = await seedArticle(server.deps, author.id);
    expect((await post(articleId, exportPayload([[1, 2], [5]]))).status).toBe(201);
    const second = await post(articleId, singleRace(3, { kind: 'ganyan', places: [[4]] }));
    expect(second.status).toBe(409);
    expect(second.body.message).toContain('Bu makalenin zaten bir kuponu var');
    expect(await server.deps.store.collection('raceEstimates').where('articleId', '==', articleId).count()).toBe(1);

    // An article from before the rule: its first coupon misses, its later one hits. Not a win.
    const legacy = await seedArticle(server.deps, author.id);
    const first = (await post(legacy, exportPayload([[3]]))).body.data.raceEstimate.id;
    await server.deps.store.update('raceEstimates', first, { createdAt: new Date('2026-11-22T07:00:00+03:00') });
    const later = (await post(await seedArticle(server.deps, author.id), exportPayload([[2]]))).body.data.raceEstimate.id;
    await server.deps.store.update('raceEstimates', later, { articleId: legacy });
    server.setNow(EVENING);
    await setResult(server.deps, 1, [2]);
    await settleEstimate(server.deps, later);
    await settleEstimate(server.deps, first);
    expect((await estimate(later)).settlement.allHit).toBe(true);
    expect((await server.deps.store.get('articles', legacy))!.raceResult).toBe('lost');
  });

  it('staff enter, repeat and correct a result; tips re-settle once per change, each with an audit entry', async () => {
    const articleId = await seedArticle(server.deps, author.id);
    const id = (await post(articleId, singleRace(1, { kind: 'ganyan', places: [[5]] }))).body.data.raceEstimate.id;
    const body = { order: [5, 2, 7], ganyanDividend: 6.1, reason: 'Kaynak dosyası gecikti, resmî sonuçtan girildi.' };

    // Before the start, by an author, or badly formed: refused with its Turkish message.
    expect((await server.api('PUT', `/api/admin/races/${raceId(1)}/result`, { token: admin.token, body })).body.message).toBe(
      'Koşu henüz başlamadı: sonuç, koşunun başlama saatinden sonra girilebilir.',
    );
    server.setNow(EVENING);
    // Fresh sign-ins: the morning's access tokens have expired by the evening.
    const staff = await createAccount(server, { role: 'admin' });
    const writer = await createAccount(server, { role: 'author' });
    expect((await server.api('PUT', `/api/admin/races/${raceId(1)}/result`, { token: writer.token, body })).status).toBe(403);
    const bad: [unknown, string][] = [
      [{ ...body, order: [5, 12] }, '1. koşuda 12 numaralı at yok.'],
      [{ ...body, order: [5, 2, 5] }, '5 numaralı at sonuçta iki kez yazılmış.'],
      [{ ...body, reason: '' }, 'Lütfen değişikliğin sebebini yazın (en az 3 karakter).'],
      [{ ...body, order: [] }, 'Sonuç için en az birinci gelen atı yazın.'],
    ];
    for (const [input, message] of bad) {
      const res = await server.api('PUT', `/api/admin/races/${raceId(1)}/result`, { token: staff.token, body: input });
      expect(res.status, message).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect(await server.deps.store.get('results', raceId(1))).toBeNull();

    const first = await server.api('PUT', `/api/admin/races/${raceId(1)}/result`, { token: staff.token, body });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: 'Sonuç kaydedildi; bu koşudaki tahminler yeniden sonuçlandırıldı.', data: { changed: true, settlements: { [id]: 'settled' } } });
    expect((await estimate(id)).settlement).toMatchObject({ allHit: true, payout: 6.1 });
    expect(await server.deps.store.get('races', raceId(1))).toMatchObject({ hasResult: true });

    // The same result again: nothing written, settled once, one audit entry.
    const again = await server.api('PUT', `/api/admin/races/${raceId(1)}/result`, { token: staff.token, body });
    expect(again.body).toMatchObject({ message: 'Sonuç zaten böyle kayıtlı; değişiklik yapılmadı.', data: { changed: false, settlements: { [id]: 'unchanged' } } });
    expect(await audits(raceId(1))).toHaveLength(1);

    // Stewards disqualify horse 5: 2 is promoted to first and the ganyan tip loses.
    const corrected = await server.api('PUT', `/api/admin/races/${raceId(1)}/result`, { token: staff.token, body: { order: [2, 7], disqualified: [5], ganyanDividend: 3.4, reason: 'Komiser kararı: 5 numara distanse edildi.' } });
    expect(corrected.body.data).toMatchObject({ changed: true, settlements: { [id]: 'settled' } });
    expect((await estimate(id)).settlement).toMatchObject({ allHit: false, payout: 0 });
    expect((await server.deps.store.get('articles', articleId))!.raceResult).toBe('lost');
    const entries = await audits(raceId(1));
    expect(entries.map((a) => a.action).sort()).toEqual(['race.result.correct', 'race.result.enter']);
    const correction = entries.find((a) => a.action === 'race.result.correct')!;
    expect(correction).toMatchObject({ actorId: staff.id, notes: 'Komiser kararı: 5 numara distanse edildi.', before: { order: [5, 2, 7] }, after: { order: [2, 7], disqualified: [5] } });
  });

  it('a scratched horse: a single-race line is refunded; an altılı leg takes the AGF favourite and says so', async () => {
    // Race 6's AGF: horse 2 is the favourite.
    const race6 = (await server.deps.store.get('races', raceId(6)))!;
    await server.deps.store.update('races', raceId(6), { entries: (race6.entries as { number: number }[]).map((e) => ({ ...e, agf: e.number === 2 ? 31.5 : e.number === 4 ? 12 : 5 })) });
    const altili = await seedArticle(server.deps, author.id);
    const altiliId = (await post(altili, exportPayload([[1, 2], [5], [3, 4, 6], [7], [2, 8], [4]]))).body.data.raceEstimate.id;
    const single = await seedArticle(server.deps, author.id);
    const singleId = (await post(single, singleRace(6, { kind: 'ganyan', places: [[4, 7]] }))).body.data.raceEstimate.id;

    // Bad input first: a horse the race does not have, no reason.
    const notInRace = await server.api('PUT', `/api/admin/races/${raceId(6)}/non-runners`, { token: admin.token, body: { numbers: [14], reason: 'Veteriner raporu' } });
    expect(notInRace.body.message).toBe('6. koşuda 14 numaralı at yok.');
    expect((await server.api('PUT', `/api/admin/races/${raceId(6)}/non-runners`, { token: admin.token, body: { numbers: [4] } })).status).toBe(400);

    const body = { numbers: [4], reason: 'Veteriner raporuyla koşmadı.' };
    const scratched = await server.api('PUT', `/api/admin/races/${raceId(6)}/non-runners`, { token: admin.token, body });
    expect(scratched.body).toMatchObject({ message: 'Koşmayan atlar kaydedildi; bu koşudaki tahminler yeniden sonuçlandırıldı.', data: { changed: true } });
    expect((await server.api('PUT', `/api/admin/races/${raceId(6)}/non-runners`, { token: admin.token, body })).body.data.changed).toBe(false);
    expect(await audits(raceId(6))).toHaveLength(1);

    server.setNow(EVENING);
    const winners = [2, 5, 6, 7, 8, 2];
    for (let n = 1; n <= 6; n += 1) await setResult(server.deps, n, [winners[n - 1]!]);
    await setSixPool(server.deps, 1, 2650.4, winners.map((w) => [w]));
    // Placing the scratched horse is refused.
    const staff = await createAccount(server, { role: 'admin' });
    const placed = await server.api('PUT', `/api/admin/races/${raceId(6)}/result`, { token: staff.token, body: { order: [4, 2], reason: 'Deneme girişi' } });
    expect(placed.body.message).toBe('4 numaralı at koşmadı olarak işaretli; sonuca yazılamaz. Önce koşmayan atlardan çıkarın.');

    expect(await settleEstimate(server.deps, altiliId)).toBe('settled');
    const settlement = (await estimate(altiliId)).settlement;
    expect(settlement).toMatchObject({ legsHit: 6, allHit: true, payout: 2650.4, cost: 12 });
    expect(settlement.legs[5]).toMatchObject({ selected: [4], winners: [2], hit: true, substitutions: [{ out: 4, in: 2 }] });
    expect(settlement.notes).toEqual(['6. koşu: 4 numaralı at koşmadı; TJK kuralı gereği yerine ayağın AGF favorisi 2 numara sayıldı.']);
    expect(await settleEstimate(server.deps, altiliId)).toBe('unchanged');

    expect(await settleEstimate(server.deps, singleId)).toBe('settled');
    expect((await estimate(singleId)).settlement).toMatchObject({ allHit: false, couponSize: 1, cost: 1, refundedLines: 1, void: false });
    expect((await estimate(singleId)).settlement.notes[0]).toContain('4 numaralı at koşmadı; bu atı içeren 1 kombinasyon iade edildi');
  });
});

describe('approving money needs evidence', () => {
  const server = useTestServer({ now: MORNING });
  const { admin } = useAccounts(server, { admin: 'admin' });

  it('asks for a written reason when a request has neither a receipt nor a statement line, and keeps it in the audit', async () => {
    const member = await createAccount(server);
    const request = await server.api('POST', '/api/users/request-vip', { token: member.token, body: {} });
    const id = request.body.data.id as string;
    const url = `/api/users/admin/vip-requests/${id}/approve`;
    for (const body of [{}, { evidenceReason: 'tamam' }, { evidenceReason: '          ' }]) {
      const res = await server.api('POST', url, { token: admin.token, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Bu talebin ne dekontu ne de eşleşen bir hesap hareketi var: onaylamak için ödemeyi nasıl doğruladığınızı yazın (en az 10 karakter).');
    }
    expect(await server.deps.store.get('vipRequests', id)).toMatchObject({ status: 'pending' });

    const reason = 'Üye telefonda dekontu okudu; 12.11.2026 havalesi hesapta görüldü.';
    const ok = await server.api('POST', url, { token: admin.token, body: { evidenceReason: reason } });
    expect(ok.status).toBe(200);
    const [audit] = await server.deps.store.collection('auditLog').where('action', '==', 'vip.request.approve').get();
    expect(audit!.after).toMatchObject({ evidence: 'reason', evidenceReason: reason });
  });
});

describe('one-screen publish (race-day desk)', () => {
  const server = useTestServer({ now: MORNING });
  const { author } = useAccounts(server, { author: 'author' });

  it('publishes the article with its coupon, or neither with the coupon’s Turkish error', async () => {
    await seedCard(server.deps);
    const body = { title: 'Yarının ilk koşusu: sıralı ikili tahmini', excerpt: 'Veliefendi ilk koşu için sıralı ikili.', content: '<p>Mesafe ve pist bu ata uygun; ikinci sırada iki at oynuyoruz.</p>', visibility: 'public', raceId: raceId(1) };
    const bad = await server.api('POST', '/api/admin/race-desk/tips', { token: author.token, body: { ...body, bet: { kind: 'sirali-ikili', places: [[3], [5, 17]] } } });
    expect(bad.body.message).toBe('1. koşuda 17 numaralı at yok.');
    expect(await server.deps.store.collection('articles').where('title', '==', body.title).count()).toBe(0);
    const ok = await server.api('POST', '/api/admin/race-desk/tips', { token: author.token, body: { ...body, bet: { kind: 'sirali-ikili', places: [[3], [5, 7]] } } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.data.raceEstimate).toMatchObject({ bet: { kind: 'sirali-ikili', places: [[3], [5, 7]] } });
  });
});
