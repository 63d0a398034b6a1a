import { beforeEach, describe, expect, it } from 'vitest';
import { settleEstimate } from '../../functions/src/domain/estimates/settlement.js';
import { authorRecord } from '../../functions/src/domain/records/author-record.js';
import { useAccounts } from '../support/accounts.js';
import { useTestServer } from '../support/server.js';
import { EVENING, exportPayload, freshCard, MORNING, raceId, seedArticle, setResult, setSixPool } from './race-estimates.fixtures.js';

/**
 * Issue 49, item 2, at the lock: a tip saved on declared runners must still name declared runners
 * when its race starts. When a corrected programme takes a picked horse out of its race (or gives
 * its number to another horse) before the start, the pick is refused at the lock: it counts as a
 * horse that did not run (TJK's rules), never as the horse that now carries its number, and the
 * settlement says so in Turkish. A horse scratched after the save is still declared.
 */
describe('the named-horse rule at the lock', () => {
  const server = useTestServer({ now: MORNING });
  const { author } = useAccounts(server, { author: 'author' });

  beforeEach(async () => {
    server.setNow(MORNING);
    await freshCard(server.deps);
  });

  const post = (articleId: string, body: unknown) => server.api('POST', `/api/articles/${articleId}/race-estimates`, { token: author.token, body });
  const settlementOf = async (id: string) => ((await server.deps.store.get('raceEstimates', id)) as Record<string, any>).settlement;
  /** The programme as a corrected import leaves it: `number` is now `horse` (or gone when null). */
  const reprogramme = async (race: number, number: number, horse: { horseId: string; name: string } | null) => {
    const doc = (await server.deps.store.get('races', raceId(race)))!;
    const entries = (doc.entries as Record<string, unknown>[]).flatMap((e) => (e.number !== number ? [e] : horse ? [{ ...e, ...horse, tjkId: horse.horseId }] : []));
    await server.deps.store.update('races', raceId(race), { entries });
  };

  it('a single-race pick whose number went to another horse is not paid that horse’s win: its line is refunded and the note says why', async () => {
    const articleId = await seedArticle(server.deps, author.id);
    const res = await post(articleId, { ...exportPayload([[]]), races: [{ id: raceId(2), selectedHorses: [] }], bet: { kind: 'ganyan', places: [[3, 6]] } });
    expect(res.status).toBe(201);
    const id = res.body.data.raceEstimate.id;
    // Another tip, whose pick stays declared under its number, settles as before, with no note.
    const other = await seedArticle(server.deps, author.id);
    const otherId = (await post(other, { ...exportPayload([[]]), races: [{ id: raceId(1), selectedHorses: [] }], bet: { kind: 'ganyan', places: [[2]] } })).body.data.raceEstimate.id;
    // Before the start the source corrects the programme: number 3 is now another horse, and it wins.
    await reprogramme(2, 3, { horseId: 'h-yeni', name: 'YENİ GELEN' });
    server.setNow(EVENING);
    await setResult(server.deps, 2, [3]);
    await setResult(server.deps, 1, [2]);
    expect(await settleEstimate(server.deps, otherId)).toBe('settled');
    expect(await settlementOf(otherId)).toMatchObject({ allHit: true, refundedLines: 0, cost: 1, payout: 4.5, notes: [] });

    expect(await settleEstimate(server.deps, id)).toBe('settled');
    const settlement = await settlementOf(id);
    // The 3 line is refunded (no runner of the tip); the 6 line lost: one unit played, nothing paid.
    expect(settlement).toMatchObject({ allHit: false, refundedLines: 1, cost: 1, payout: 0, void: false });
    expect(settlement.notes[0]).toBe('2. koşu: 3 numaralı AT 2-3 kilit anında bu koşuda yazılı değildi (program değişti); tahmine koşmayan at olarak sayıldı.');
    expect(await server.deps.store.get('articles', articleId)).toMatchObject({ raceResult: 'lost', raceResultSource: 'settlement' });
    // Both tips are in the record: the refused pick's tip lost its one live unit, the other paid 4,50.
    expect((await authorRecord(server.deps, author.id)).windows['30']).toMatchObject({ estimates: 2, cost: 2, payout: 4.5 });
    // Settled once: running it again changes nothing.
    expect(await settleEstimate(server.deps, id)).toBe('unchanged');
  });

  it('an altılı leg whose banko left the programme takes the AGF favourite, and a scratched (still declared) horse is not called undeclared', async () => {
    const articleId = await seedArticle(server.deps, author.id);
    const res = await post(articleId, exportPayload([[1, 2], [5], [3, 4], [7], [2, 8], [4]]));
    expect(res.status).toBe(201);
    const id = res.body.data.raceEstimate.id;
    // Race 4's banko 7 is dropped from the corrected programme; race 5's 8 stays declared but is scratched.
    await reprogramme(4, 7, null);
    const five = (await server.deps.store.get('races', raceId(5)))!;
    await server.deps.store.update('races', raceId(5), { entries: (five.entries as Record<string, unknown>[]).map((e) => (e.number === 8 ? { ...e, nonRunner: true } : e)) });
    server.setNow(EVENING);
    // Winners: 1, 5, 3, 1 (the favourite by odds, no AGF figures), 2, 4.
    const winners = [[1], [5], [3], [1], [2], [4]];
    for (const [i, w] of winners.entries()) await setResult(server.deps, i + 1, w);
    await setSixPool(server.deps, 1, 1250, winners);

    expect(await settleEstimate(server.deps, id)).toBe('settled');
    const settlement = await settlementOf(id);
    expect(settlement).toMatchObject({ legsTotal: 6, legsHit: 6, allHit: true, payout: 1250 });
    expect(settlement.legs[3]).toMatchObject({ raceNumber: 4, selected: [7], substitutions: [{ out: 7, in: 1 }], hit: true });
    expect(settlement.notes).toEqual([
      '4. koşu: 7 numaralı AT 4-7 kilit anında bu koşuda yazılı değildi (program değişti); tahmine koşmayan at olarak sayıldı.',
      '4. koşu: 7 numaralı at koşmadı; TJK kuralı gereği yerine ayağın AGF favorisi 1 numara sayıldı.',
    ]);
  });
});
