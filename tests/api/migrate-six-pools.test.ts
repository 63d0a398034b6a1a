import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateSixPools } from '../../functions/src/domain/races/migrate-six-pools.js';
import { parseRaceDay } from '../../functions/src/domain/races/race.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer({ seeded: true });

/** Puts a race day's pools back in the shape sqlite stored before it refused arrays in arrays. */
function plantLegacyPools(dataDir: string, dayId: string, pools: { firstRace: number; payout: number; winners: number[][] }[]) {
  const db = new DatabaseSync(join(dataDir, 'ganyan.sqlite'));
  db.prepare(`UPDATE "c_raceDays" SET data = json_set(data, '$.sixPools', json(?)) WHERE id = ?`).run(JSON.stringify(pools), dayId);
  db.close();
}

describe('altılı pools stored as legs', () => {
  it('the store refuses the old shape, reads a stored one as legs, and the migration rewrites it once', async () => {
    const { store } = server.deps;
    const days = await store.collection('raceDays').orderBy('date').get();
    const day = days.find((d) => Array.isArray(d.sixPools) && d.sixPools.length > 0);
    expect(day, 'the demo has a race day with an altılı').toBeTruthy();
    const pool = parseRaceDay(day).sixPools[0]!;
    expect(pool.legs).toHaveLength(6);
    const legacy = { firstRace: pool.firstRace, payout: pool.payout, winners: pool.legs.map((leg) => leg.winners) };

    await expect(store.update('raceDays', day!.id, { sixPools: [legacy] })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });

    plantLegacyPools(server.dataDir, day!.id, [{ ...legacy, winners: [[1], [2, 5], [3], [4], [5], [6]] }]);
    const planted = await store.get('raceDays', day!.id);
    expect(parseRaceDay(planted).sixPools[0]!.legs[1]).toEqual({ winners: [2, 5] });

    expect(await migrateSixPools(server.deps)).toBe(1);
    expect(await migrateSixPools(server.deps)).toBe(0);
    const migrated = (await store.get<{ sixPools: unknown[] }>('raceDays', day!.id))!;
    expect(migrated.sixPools[0]).toEqual({ firstRace: pool.firstRace, payout: pool.payout, legs: [[1], [2, 5], [3], [4], [5], [6]].map((winners) => ({ winners })) });
  });
});
