import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../functions/src/adapters/sqlite/sqlite-store.js';
import { StoreError } from '../../functions/src/ports/document-store.js';
import { CONTRACT_INDEXES } from './document-store.cases.js';

/** Behaviour only the sqlite adapter has to earn itself (Firestore's server provides it). */
const dataDir = mkdtempSync(join(tmpdir(), 'ganyan-sqlite-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

let n = 0;
let store: SqliteStore;
beforeEach(() => {
  n += 1;
  store = new SqliteStore({ file: join(dataDir, `s${n}.sqlite`), indexes: CONTRACT_INDEXES });
});
afterEach(() => store.close());

describe('sqlite transactions detect every concurrent change', () => {
  it('retries when a read document was deleted and created again meanwhile', async () => {
    await store.set('ctCounters', 'c', { value: 1 });
    let attempts = 0;
    await store.runTransaction(async (tx) => {
      attempts += 1;
      const doc = await tx.get<{ value: number }>('ctCounters', 'c');
      if (attempts === 1) {
        await store.delete('ctCounters', 'c');
        await store.create('ctCounters', 'c', { value: 100 });
      }
      tx.set('ctCounters', 'c', { value: doc!.value + 1 });
    });
    expect(attempts).toBe(2);
    expect(await store.get('ctCounters', 'c')).toEqual({ id: 'c', value: 101 });
  });

  it('retries when a document starts matching a query the transaction read', async () => {
    await store.set('ctHorses', 'a', { city: 'Bursa' });
    let attempts = 0;
    await store.runTransaction(async (tx) => {
      attempts += 1;
      const matches = await tx.query(store.collection('ctHorses').where('city', '==', 'Bursa'));
      if (attempts === 1) await store.set('ctHorses', 'b', { city: 'Bursa' });
      tx.set('ctDocs', 'count', { bursa: matches.length });
    });
    expect(attempts).toBe(2);
    expect(await store.get('ctDocs', 'count')).toEqual({ id: 'count', bursa: 2 });
  });

  it('gives up with ABORTED when contention never ends, writing nothing', async () => {
    await store.set('ctCounters', 'c', { value: 0 });
    const error = await store
      .runTransaction(async (tx) => {
        const doc = await tx.get<{ value: number }>('ctCounters', 'c');
        await store.update('ctCounters', 'c', { value: doc!.value + 1000 });
        tx.set('ctDocs', 'never', { v: 1 });
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).code).toBe('ABORTED');
    expect(await store.get('ctDocs', 'never')).toBeNull();
  });
});

describe('sqlite indexes', () => {
  it('counts from the index alone, also where a boolean must not match the number 1', async () => {
    await store.set('ctHorses', 'a', { city: 'Bursa', age: 4, active: true });
    await store.set('ctHorses', 'b', { city: 'Bursa', age: 1, active: 1 });
    const byCity = store.collection('ctHorses').where('city', '==', 'Bursa').orderBy('age', 'desc');
    const active = store.collection('ctHorses').where('active', '==', true);
    expect(await byCity.count()).toBe(2);
    expect(await active.count()).toBe(1);
    expect(store.explain(byCity.spec, 'count').join(' ')).toContain('COVERING INDEX');
    expect(store.explain(active.spec, 'count').join(' ')).toContain('COVERING INDEX');
  });

  it('drops the indexes an older version of the adapter built', async () => {
    const file = join(dataDir, 'stale.sqlite');
    const first = new SqliteStore({ file, indexes: CONTRACT_INDEXES });
    await first.set('ctHorses', 'a', { city: 'Bursa', age: 4 });
    await first.close();
    const { DatabaseSync } = await import('node:sqlite');
    const raw = new DatabaseSync(file);
    raw.exec(`CREATE INDEX "ix1_c_ctHorses_city_a" ON "c_ctHorses" (json_extract(data, '$.city'))`);
    raw.close();
    const reopened = new SqliteStore({ file, indexes: CONTRACT_INDEXES });
    expect(await reopened.collection('ctHorses').where('city', '==', 'Bursa').count()).toBe(1);
    await reopened.close();
    const check = new DatabaseSync(file);
    const names = check.prepare(`SELECT name FROM sqlite_master WHERE type = 'index'`).all().map((row) => String(row.name));
    check.close();
    expect(names).not.toContain('ix1_c_ctHorses_city_a');
    expect(names.some((name) => name.startsWith('ix3_c_ctHorses_city_a_age_d'))).toBe(true);
  });
});

describe('sqlite input checks', () => {
  it('refuses document ids Firestore refuses, and bad collection names', async () => {
    for (const id of ['', 'a/b', '.', '..']) {
      await expect(store.set('ctDocs', id, { v: 1 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
      await expect(store.get('ctDocs', id)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    }
    expect(() => store.batch().set('ctDocs', 'a/b', {})).toThrow(StoreError);
    await expect(store.get('bad-name', 'a')).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('skips undefined fields like ignoreUndefinedProperties and refuses undefined inside arrays', async () => {
    await store.set('ctDocs', 'a', { keep: 1, bio: undefined, nested: { x: undefined, y: 2 } });
    expect(await store.get('ctDocs', 'a')).toEqual({ id: 'a', keep: 1, nested: { y: 2 } });
    await expect(store.set('ctDocs', 'b', { list: [1, undefined] })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('refuses invalid dates', async () => {
    await expect(store.set('ctDocs', 'a', { at: new Date('nope') })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});
