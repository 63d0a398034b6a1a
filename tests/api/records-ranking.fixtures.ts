import { expect } from 'vitest';
import { importRaceFiles } from '../../functions/src/jobs/import-races.js';
import { createAccount, type TestAccount } from '../support/accounts.js';
import { raceFixture as fixture } from '../support/race-files.js';
import type { TestServer } from '../support/server.js';
import { seedArticle } from './race-estimates.fixtures.js';

/**
 * Five tipsters with enough settled tips to rank (issue 50), shared by the API and browser tests.
 * One estimate is made and settled the real way (POST, then the results import of the fixture
 * card, İstanbul 14.11.2026); the others are copies of it with their own race date, lock time and
 * money, so the ranking reads real stored estimates without hundreds of race cards.
 *
 * Hand-computed, "today" 14.11.2026 (day 0):
 * - Murat Büyük: 20 tips of 100 TL, 10 on day −5 and 10 on day −40, two paid 1.500 TL (days −5
 *   and −40): net +1.000 TL in 90 days (exactly the minimum sample), only 10 tips in 30 days.
 * - Selin Sabırlı: 24 tips of 10 TL on days −24..−1, the one of day −20 (25.10) paid 600 TL:
 *   net +360 TL, ROI +%150,0, October +490 TL, November −130 TL (1 of 2 months in profit),
 *   longest losing run 19 (days −19..−1).
 * - Nur İsabet: 22 tips of 20 TL on days −23..−2, every leg hit but no pool paid: the best leg
 *   hit rate (%100,0) and net −440 TL (the leg-hit ranking put her first).
 * Paid tips hit both legs of the card, the other tips one of the two.
 * - Kemal Az: 19 tips of 10 TL on days −19..−1, one paid 9.000 TL: below the minimum, apart.
 * - Deniz Eski: 25 tips of 10 TL on day −120, one paid 750 TL: none in 90 days, ranked in 365.
 */
export const TODAY = '2026-11-14';
export const EVENING = new Date('2026-11-14T20:00:00+03:00');
const MORNING = new Date('2026-11-14T12:00:00+03:00');

export const TIPSTER_NAMES = { murat: 'Murat Büyük', selin: 'Selin Sabırlı', nur: 'Nur İsabet', kemal: 'Kemal Az', deniz: 'Deniz Eski' } as const;
export type TipsterKey = keyof typeof TIPSTER_NAMES;

interface Tip {
  day: number;
  cost: number;
  payout?: number;
  legsHit?: number;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const PLAN: Record<TipsterKey, Tip[]> = {
  murat: [...range(1, 10).map((i) => ({ day: -5, cost: 100, payout: i === 1 ? 1500 : 0 })), ...range(1, 10).map((i) => ({ day: -40, cost: 100, payout: i === 1 ? 1500 : 0 }))],
  selin: range(-24, -1).map((day) => ({ day, cost: 10, payout: day === -20 ? 600 : 0 })),
  nur: range(-23, -2).map((day) => ({ day, cost: 20, legsHit: 2 })),
  kemal: range(-19, -1).map((day) => ({ day, cost: 10, payout: day === -10 ? 9000 : 0 })),
  deniz: range(1, 25).map((i) => ({ day: -120, cost: 10, payout: i === 1 ? 750 : 0 })),
};

export const dayOf = (offset: number, today = TODAY): string => new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Creates the five tipsters and their settled tips, dated back from `today` (the browser tests pass
 * the real date: the site build reads the store with the real clock); leaves the clock on the
 * evening of the fixture card.
 */
export async function seedRankedTipsters(server: TestServer, today = TODAY): Promise<Record<TipsterKey, TestAccount>> {
  server.setNow(MORNING);
  const accounts = {} as Record<TipsterKey, TestAccount>;
  for (const key of Object.keys(TIPSTER_NAMES) as TipsterKey[]) {
    accounts[key] = await createAccount(server, { role: 'author', fields: { displayName: TIPSTER_NAMES[key] } });
  }
  expect((await importRaceFiles(server.deps, [fixture('programme-good.json')])).rejected).toBe(0);
  const articleId = await seedArticle(server.deps, accounts.murat.id);
  const created = await server.api('POST', `/api/articles/${articleId}/race-estimates`, {
    token: accounts.murat.token,
    body: { races: [{ id: 'r700101', selectedHorses: [{ number: 2 }] }, { id: 'r700102', selectedHorses: [{ number: 1 }] }] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  server.setNow(EVENING);
  expect((await importRaceFiles(server.deps, [fixture('results-good.json')])).rejected).toBe(0);
  const templateId = created.body.data.raceEstimate.id as string;
  const { id: _templateId, ...template } = (await server.deps.store.get('raceEstimates', templateId))!;
  const settlement = template.settlement as { legs: { hit: boolean }[] };
  expect(settlement.legs).toHaveLength(2);
  await server.deps.store.delete('raceEstimates', templateId);

  for (const key of Object.keys(PLAN) as TipsterKey[]) {
    for (const [i, tip] of PLAN[key].entries()) {
      const date = dayOf(tip.day, today);
      const legsHit = tip.legsHit ?? ((tip.payout ?? 0) > 0 ? 2 : 1);
      await server.deps.store.set('raceEstimates', `tip-${key}-${i}`, {
        ...template,
        authorId: accounts[key].id,
        raceData: { ...(template.raceData as object), date },
        // Several tips of one day lock a minute apart, in plan order.
        lockAt: new Date(Date.parse(`${date}T10:30:00Z`) + i * 60_000),
        settlement: {
          ...settlement,
          legs: settlement.legs.map((leg, n) => ({ ...leg, hit: n < legsHit })),
          legsTotal: 2,
          legsHit,
          allHit: legsHit === 2,
          bankoLegs: 0,
          bankoHits: 0,
          cost: tip.cost,
          payout: tip.payout ?? 0,
        },
      });
    }
  }
  return accounts;
}
