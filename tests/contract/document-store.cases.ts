import { beforeEach, describe, expect, it } from 'vitest';
import { FieldValue, StoreError, type DocumentStore } from '../../functions/src/ports/document-store.js';
import type { IndexFile } from '../../functions/src/ports/index-coverage.js';
import { compositeIndex } from '../support/indexes.js';

/**
 * The composite indexes the contract queries need. The sqlite run declares exactly these, so a
 * case that needed an undeclared index would fail there just as it would on Cloud Firestore.
 */
export const CONTRACT_INDEXES: IndexFile = {
  indexes: [
    compositeIndex('ctHorses', 'city asc', 'age desc'),
    compositeIndex('ctHorses', 'age desc', 'name asc'),
    compositeIndex('ctHorses', 'age asc', 'name asc'),
    compositeIndex('ctHorses', 'tags contains', 'age asc'),
  ],
  fieldOverrides: [],
};

/** Collections the cases write to; a shared backend (the emulator) is emptied before each case. */
export const CONTRACT_COLLECTIONS = ['ctDocs', 'ctHorses', 'ctCounters'];

export interface ContractHarness {
  /** A store whose contract collections are empty. */
  open(): Promise<DocumentStore>;
  /** Closes `store` and opens the same backend again (a process restart); absent when meaningless. */
  reopen?: (store: DocumentStore) => Promise<DocumentStore>;
}

async function expectStoreError(promise: Promise<unknown>, code: StoreError['code']): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `expected StoreError ${code}`).toBeInstanceOf(StoreError);
  expect((error as StoreError).code).toBe(code);
}

const HORSES = [
  { id: 'h01', name: 'Bold Pilot', age: 7, city: 'İstanbul', tags: ['sprinter', 'champion'], rating: 98.5 },
  { id: 'h02', name: 'Karayel', age: 4, city: 'İzmir', tags: ['stayer'], rating: 80 },
  { id: 'h03', name: 'Gülbatur', age: 5, city: 'Ankara', tags: ['sprinter'], rating: 75 },
  { id: 'h04', name: 'Şahbatur', age: 4, city: 'İstanbul', tags: ['champion'], rating: 91 },
  { id: 'h05', name: 'Ilgaz', age: 3, city: 'Bursa', tags: [], rating: 60 },
  { id: 'h06', name: 'Çılgın', age: 6, city: 'İzmir', tags: ['sprinter', 'stayer'], rating: 70 },
  { id: 'h07', name: 'Ada', age: 5, city: 'İstanbul', tags: ['stayer'], rating: 66 },
  { id: 'h08', name: 'Bora', age: 2, city: 'Adana', tags: ['sprinter'], rating: 55 },
  { id: 'h09', name: 'Deniz', age: 5, city: 'Bursa', tags: ['champion', 'stayer'], rating: 88 },
  // No city: filters and orderBy on city must leave it out, as Firestore does.
  { id: 'h10', name: 'Yıldız', age: 8, tags: ['veteran'], rating: 50 },
];

export function defineDocumentStoreContract(label: string, harness: ContractHarness): void {
  describe(`DocumentStore contract (${label})`, () => {
    let store: DocumentStore;

    beforeEach(async () => {
      store = await harness.open();
      return async () => {
        await store.close();
      };
    });

    async function seedHorses(): Promise<void> {
      const batch = store.batch();
      for (const { id, ...data } of HORSES) batch.set('ctHorses', id, data);
      await batch.commit();
    }

    const ids = (docs: { id: string }[]) => docs.map((d) => d.id);
    const horsesQuery = () => store.collection('ctHorses');

    describe('documents', () => {
      it('get returns the data with its id, or null when missing', async () => {
        await store.set('ctDocs', 'a', { name: 'Ada', n: 1, ok: true, none: null });
        expect(await store.get('ctDocs', 'a')).toEqual({ id: 'a', name: 'Ada', n: 1, ok: true, none: null });
        expect(await store.get('ctDocs', 'missing')).toBeNull();
      });

      it('getAll keeps the order of the ids and gives null for missing ones', async () => {
        await store.set('ctDocs', 'a', { n: 1 });
        await store.set('ctDocs', 'b', { n: 2 });
        const docs = await store.getAll('ctDocs', ['b', 'missing', 'a']);
        expect(docs).toEqual([{ id: 'b', n: 2 }, null, { id: 'a', n: 1 }]);
      });

      it('set without merge replaces the whole document', async () => {
        await store.set('ctDocs', 'a', { keep: 1, nested: { x: 1, y: 2 } });
        await store.set('ctDocs', 'a', { other: 2 });
        expect(await store.get('ctDocs', 'a')).toEqual({ id: 'a', other: 2 });
      });

      it('set with merge merges nested maps field by field', async () => {
        await store.set('ctDocs', 'a', { keep: 1, nested: { x: 1, y: 2, deep: { p: 1, q: 2 } } });
        await store.set('ctDocs', 'a', { nested: { y: 3, deep: { q: 9 } }, added: 'yes' }, { merge: true });
        expect(await store.get('ctDocs', 'a')).toEqual({
          id: 'a',
          keep: 1,
          nested: { x: 1, y: 3, deep: { p: 1, q: 9 } },
          added: 'yes',
        });
      });

      it('set with merge creates a missing document', async () => {
        await store.set('ctDocs', 'new', { a: 1 }, { merge: true });
        expect(await store.get('ctDocs', 'new')).toEqual({ id: 'new', a: 1 });
      });

      it('create fails with ALREADY_EXISTS when the document exists and leaves it unchanged', async () => {
        await store.create('ctDocs', 'a', { v: 1 });
        await expectStoreError(store.create('ctDocs', 'a', { v: 2 }), 'ALREADY_EXISTS');
        expect(await store.get('ctDocs', 'a')).toEqual({ id: 'a', v: 1 });
      });

      it('update fails with NOT_FOUND on a missing document and creates nothing', async () => {
        await expectStoreError(store.update('ctDocs', 'missing', { v: 1 }), 'NOT_FOUND');
        expect(await store.get('ctDocs', 'missing')).toBeNull();
      });

      it('update takes dotted field paths and replaces maps given whole', async () => {
        await store.set('ctDocs', 'a', { profile: { name: 'Ada', city: 'İzmir' }, stats: { wins: 1, runs: 4 }, top: 1 });
        await store.update('ctDocs', 'a', { 'profile.city': 'Bursa', 'stats.extra.first': true, top: 2 });
        expect(await store.get('ctDocs', 'a')).toEqual({
          id: 'a',
          profile: { name: 'Ada', city: 'Bursa' },
          stats: { wins: 1, runs: 4, extra: { first: true } },
          top: 2,
        });
        await store.update('ctDocs', 'a', { stats: { wins: 9 } });
        expect((await store.get('ctDocs', 'a'))?.stats).toEqual({ wins: 9 });
      });

      it('delete removes the document and is a no-op when it is missing', async () => {
        await store.set('ctDocs', 'a', { v: 1 });
        await store.delete('ctDocs', 'a');
        expect(await store.get('ctDocs', 'a')).toBeNull();
        await expect(store.delete('ctDocs', 'a')).resolves.toBeUndefined();
      });

      it('newId gives distinct 20-character ids', () => {
        const made = new Set(Array.from({ length: 200 }, () => store.newId()));
        expect(made.size).toBe(200);
        for (const id of made) expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
      });
    });

    describe('dates', () => {
      it('round-trip as Date at the top level, nested and inside arrays', async () => {
        const at = new Date('2026-11-22T10:15:30.123Z');
        const later = new Date('2026-12-01T00:00:00.000Z');
        await store.set('ctDocs', 'd', { at, nested: { at, deeper: { later } }, list: [at, later], rows: [{ at }] });
        const doc = await store.get<Record<string, any>>('ctDocs', 'd');
        expect(doc?.at).toBeInstanceOf(Date);
        expect(doc?.at.getTime()).toBe(at.getTime());
        expect(doc?.nested.at).toBeInstanceOf(Date);
        expect(doc?.nested.deeper.later.getTime()).toBe(later.getTime());
        expect(doc?.list[0]).toBeInstanceOf(Date);
        expect(doc?.list.map((d: Date) => d.getTime())).toEqual([at.getTime(), later.getTime()]);
        expect(doc?.rows[0].at).toBeInstanceOf(Date);
      });

      it('compare by time in range filters and ordering', async () => {
        const base = Date.parse('2026-11-01T00:00:00Z');
        const batch = store.batch();
        for (let i = 0; i < 5; i += 1) batch.set('ctDocs', `t${i}`, { at: new Date(base + i * 86_400_000) });
        await batch.commit();
        const after = await store.collection('ctDocs').where('at', '>=', new Date(base + 2 * 86_400_000)).get();
        expect(ids(after)).toEqual(['t2', 't3', 't4']);
        expect(after[0]!.at).toBeInstanceOf(Date);
        const desc = await store.collection('ctDocs').orderBy('at', 'desc').limit(2).get();
        expect(ids(desc)).toEqual(['t4', 't3']);
      });
    });

    describe('queries', () => {
      beforeEach(seedHorses);
      const horses = () => store.collection<{ name: string; age: number; city?: string; tags: string[] }>('ctHorses');

      it('== matches exactly and leaves documents without the field out', async () => {
        expect(ids(await horses().where('city', '==', 'İstanbul').get()).sort()).toEqual(['h01', 'h04', 'h07']);
        expect(await horses().where('age', '==', 5).count()).toBe(3);
      });

      it('== keeps types apart: true, 1 and "1" are different values', async () => {
        await store.batch().set('ctDocs', 'bool', { v: true }).set('ctDocs', 'num', { v: 1 }).set('ctDocs', 'str', { v: '1' }).set('ctDocs', 'nul', { v: null }).commit();
        expect(ids(await store.collection('ctDocs').where('v', '==', true).get())).toEqual(['bool']);
        expect(ids(await store.collection('ctDocs').where('v', '==', 1).get())).toEqual(['num']);
        expect(ids(await store.collection('ctDocs').where('v', '==', '1').get())).toEqual(['str']);
        expect(ids(await store.collection('ctDocs').where('v', '==', null).get())).toEqual(['nul']);
      });

      it('!= leaves out the value and documents without the field', async () => {
        const docs = await horses().where('city', '!=', 'İstanbul').get();
        expect(ids(docs).sort()).toEqual(['h02', 'h03', 'h05', 'h06', 'h08', 'h09']);
      });

      it('<, <=, >, >= filter numbers and order by the filtered field', async () => {
        const lt = await horses().where('age', '<', 4).get();
        expect(lt.map((d) => d.age)).toEqual([2, 3]);
        const lte = await horses().where('age', '<=', 4).get();
        expect(lte.map((d) => d.age)).toEqual([2, 3, 4, 4]);
        const gt = await horses().where('age', '>', 6).get();
        expect(gt.map((d) => d.age)).toEqual([7, 8]);
        const gte = await horses().where('age', '>=', 6).get();
        expect(gte.map((d) => d.age)).toEqual([6, 7, 8]);
        const between = await horses().where('age', '>', 3).where('age', '<', 5).get();
        expect(ids(between).sort()).toEqual(['h02', 'h04']);
      });

      it('range on strings compares as strings', async () => {
        const docs = await horses().where('name', '>=', 'C').where('name', '<', 'E').get();
        expect(docs.map((d) => d.name)).toEqual(['Deniz']);
      });

      it('in matches any of the values', async () => {
        const docs = await horses().where('city', 'in', ['Bursa', 'Adana']).get();
        expect(ids(docs).sort()).toEqual(['h05', 'h08', 'h09']);
      });

      it('array-contains matches array members', async () => {
        const docs = await horses().where('tags', 'array-contains', 'champion').get();
        expect(ids(docs).sort()).toEqual(['h01', 'h04', 'h09']);
      });

      it('array-contains with orderBy uses the declared CONTAINS index', async () => {
        const docs = await horses().where('tags', 'array-contains', 'sprinter').orderBy('age').get();
        expect(docs.map((d) => d.age)).toEqual([2, 5, 6, 7]);
      });

      it('equality with orderBy desc', async () => {
        const docs = await horses().where('city', '==', 'İstanbul').orderBy('age', 'desc').get();
        expect(ids(docs)).toEqual(['h01', 'h07', 'h04']);
      });

      it('several orderBy clauses in mixed directions', async () => {
        const docs = await horses().orderBy('age', 'desc').orderBy('name', 'asc').get();
        expect(docs.map((d) => `${d.age}:${d.name}`)).toEqual([
          '8:Yıldız',
          '7:Bold Pilot',
          '6:Çılgın',
          '5:Ada',
          '5:Deniz',
          '5:Gülbatur',
          '4:Karayel',
          '4:Şahbatur',
          '3:Ilgaz',
          '2:Bora',
        ]);
      });

      it('orderBy leaves out documents without the field', async () => {
        const docs = await horses().orderBy('city').get();
        expect(docs).toHaveLength(9);
        expect(ids(docs)).not.toContain('h10');
        expect(docs[0]!.city).toBe('Adana');
      });

      it('limit and offset cut the ordered result', async () => {
        const ordered = ids(await horses().orderBy('age').orderBy('name').get());
        expect(ids(await horses().orderBy('age').orderBy('name').limit(3).get())).toEqual(ordered.slice(0, 3));
        expect(ids(await horses().orderBy('age').orderBy('name').offset(4).limit(3).get())).toEqual(ordered.slice(4, 7));
        expect(ids(await horses().orderBy('age').orderBy('name').offset(8).get())).toEqual(ordered.slice(8));
        expect(await horses().orderBy('age').orderBy('name').offset(20).limit(3).get()).toEqual([]);
      });

      it('startAfter cursor pagination gives the same pages as offset', async () => {
        const pageSize = 3;
        const base = () => horses().orderBy('age').orderBy('name');
        const byOffset: string[][] = [];
        for (let offset = 0; ; offset += pageSize) {
          const page = await base().offset(offset).limit(pageSize).get();
          if (page.length === 0) break;
          byOffset.push(ids(page));
        }
        const byCursor: string[][] = [];
        let page = await base().limit(pageSize).get();
        while (page.length > 0) {
          byCursor.push(ids(page));
          const last = page[page.length - 1]!;
          page = await base().startAfter(last.age, last.name).limit(pageSize).get();
        }
        expect(byCursor).toEqual(byOffset);
        expect(byCursor.flat()).toHaveLength(HORSES.length);
      });

      it('startAfter with one value skips every document up to and including that value', async () => {
        const docs = await horses().orderBy('age', 'desc').orderBy('name').startAfter(5).get();
        expect(docs.map((d) => d.age)).toEqual([4, 4, 3, 2]);
      });

      it('count() counts matches and respects limit', async () => {
        expect(await horses().count()).toBe(10);
        expect(await horses().where('tags', 'array-contains', 'stayer').count()).toBe(4);
        expect(await horses().where('age', '>=', 5).count()).toBe(6);
        expect(await horses().where('age', '>=', 5).limit(2).count()).toBe(2);
        expect(await store.collection('ctDocs').count()).toBe(0);
      });
    });

    describe('transactions', () => {
      it('reads then writes', async () => {
        await store.set('ctCounters', 'c', { value: 41 });
        const result = await store.runTransaction(async (tx) => {
          const doc = await tx.get<{ value: number }>('ctCounters', 'c');
          tx.update('ctCounters', 'c', { value: doc!.value + 1 });
          tx.set('ctDocs', 'log', { saw: doc!.value });
          return doc!.value;
        });
        expect(result).toBe(41);
        expect(await store.get('ctCounters', 'c')).toEqual({ id: 'c', value: 42 });
        expect(await store.get('ctDocs', 'log')).toEqual({ id: 'log', saw: 41 });
      });

      it('reads with getAll and query inside the transaction', async () => {
        await seedHorses();
        const seen = await store.runTransaction(async (tx) => {
          const [a, missing] = await tx.getAll('ctHorses', ['h01', 'nope']);
          const bursa = await tx.query(store.collection('ctHorses').where('city', '==', 'Bursa'));
          tx.set('ctDocs', 'summary', { first: a?.id ?? null, missing: missing === null, bursa: bursa.length });
          return ids(bursa).sort();
        });
        expect(seen).toEqual(['h05', 'h09']);
        expect(await store.get('ctDocs', 'summary')).toEqual({ id: 'summary', first: 'h01', missing: true, bursa: 2 });
      });

      it('ten concurrent read-then-write increments all land', async () => {
        await store.set('ctCounters', 'c', { value: 0 });
        await Promise.all(
          Array.from({ length: 10 }, () =>
            store.runTransaction(async (tx) => {
              const doc = await tx.get<{ value: number }>('ctCounters', 'c');
              tx.set('ctCounters', 'c', { value: doc!.value + 1 });
            }),
          ),
        );
        expect(await store.get('ctCounters', 'c')).toEqual({ id: 'c', value: 10 });
      });

      it('moving a counter into another in transactions, twice at once, with batch increments meanwhile, moves each unit once', async () => {
        // The view fold (domain/articles/view-shards.ts): the shard's read value is added to the total
        // and taken off the shard by an increment, so units counted meanwhile stay on the shard.
        await store.batch().set('ctCounters', 'shard', { pending: 5 }).set('ctCounters', 'total', { value: 0 }).commit();
        const move = () =>
          store.runTransaction(async (tx) => {
            const shard = await tx.get<{ pending: number }>('ctCounters', 'shard');
            const taken = shard!.pending;
            if (taken === 0) return;
            tx.update('ctCounters', 'total', { value: FieldValue.increment(taken) });
            tx.update('ctCounters', 'shard', { pending: FieldValue.increment(-taken) });
          });
        const add = () => store.batch().set('ctCounters', 'shard', { pending: FieldValue.increment(1) }, { merge: true }).commit();
        await Promise.all([move(), add(), move(), add(), add()]);
        await move();
        expect(await store.getAll('ctCounters', ['shard', 'total'])).toEqual([
          { id: 'shard', pending: 0 },
          { id: 'total', value: 8 },
        ]);
      });

      it('a transaction that throws writes nothing and passes the error on', async () => {
        await store.set('ctCounters', 'c', { value: 1 });
        const failure = new Error('vazgeçildi');
        await expect(
          store.runTransaction(async (tx) => {
            await tx.get('ctCounters', 'c');
            tx.update('ctCounters', 'c', { value: 2 });
            tx.set('ctDocs', 'x', { v: 1 });
            throw failure;
          }),
        ).rejects.toBe(failure);
        expect(await store.get('ctCounters', 'c')).toEqual({ id: 'c', value: 1 });
        expect(await store.get('ctDocs', 'x')).toBeNull();
      });

      it('a failing write (create on an existing document) rolls back the whole transaction', async () => {
        await store.set('ctDocs', 'exists', { v: 1 });
        await expectStoreError(
          store.runTransaction(async (tx) => {
            tx.set('ctDocs', 'other', { v: 1 });
            tx.create('ctDocs', 'exists', { v: 2 });
          }),
          'ALREADY_EXISTS',
        );
        expect(await store.get('ctDocs', 'other')).toBeNull();
        expect(await store.get('ctDocs', 'exists')).toEqual({ id: 'exists', v: 1 });
      });

      it('rejects reads after writes', async () => {
        await store.set('ctDocs', 'a', { v: 1 });
        await expectStoreError(
          store.runTransaction(async (tx) => {
            tx.set('ctDocs', 'b', { v: 1 });
            await tx.get('ctDocs', 'a');
          }),
          'INVALID_ARGUMENT',
        );
        expect(await store.get('ctDocs', 'b')).toBeNull();
      });
    });

    describe('batched writes', () => {
      it('applies every write together', async () => {
        await store.set('ctDocs', 'gone', { v: 1 });
        await store.set('ctDocs', 'upd', { v: 1, keep: true });
        await store
          .batch()
          .set('ctDocs', 'a', { v: 1 })
          .create('ctDocs', 'b', { v: 2 })
          .update('ctDocs', 'upd', { v: 2 })
          .delete('ctDocs', 'gone')
          .commit();
        expect(await store.getAll('ctDocs', ['a', 'b', 'upd', 'gone'])).toEqual([
          { id: 'a', v: 1 },
          { id: 'b', v: 2 },
          { id: 'upd', v: 2, keep: true },
          null,
        ]);
      });

      it('a failing create leaves nothing of the batch applied', async () => {
        await store.set('ctDocs', 'exists', { v: 1 });
        const batch = store.batch();
        batch.set('ctDocs', 'a', { v: 1 });
        batch.create('ctDocs', 'exists', { v: 2 });
        await expectStoreError(batch.commit(), 'ALREADY_EXISTS');
        expect(await store.get('ctDocs', 'a')).toBeNull();
        expect(await store.get('ctDocs', 'exists')).toEqual({ id: 'exists', v: 1 });
      });

      it('a create after another write of the same document in one commit is refused whole (Firestore: INVALID_ARGUMENT)', async () => {
        await store.set('ctDocs', 'exists', { v: 1 });
        for (const first of ['set', 'update', 'create'] as const) {
          const batch = store.batch();
          batch.set('ctDocs', 'a', { v: 1 });
          if (first === 'set') batch.set('ctDocs', 'exists', { v: 5 });
          if (first === 'update') batch.update('ctDocs', 'exists', { v: 5 });
          if (first === 'create') batch.create('ctDocs', 'fresh', { v: 5 });
          batch.create('ctDocs', first === 'create' ? 'fresh' : 'exists', { v: 2 });
          await expectStoreError(batch.commit(), 'INVALID_ARGUMENT');
        }
        await expectStoreError(
          store.runTransaction(async (tx) => {
            tx.update('ctDocs', 'exists', { v: 5 }).create('ctDocs', 'exists', { v: 2 });
          }),
          'INVALID_ARGUMENT',
        );
        expect(await store.getAll('ctDocs', ['a', 'fresh', 'exists'])).toEqual([null, null, { id: 'exists', v: 1 }]);
      });

      it('delete then create of one document is allowed; delete then update is refused', async () => {
        await store.set('ctDocs', 'x', { v: 1, old: true });
        await store.batch().delete('ctDocs', 'x').create('ctDocs', 'x', { v: 2 }).commit();
        expect(await store.get('ctDocs', 'x')).toEqual({ id: 'x', v: 2 });
        await expectStoreError(store.batch().delete('ctDocs', 'x').update('ctDocs', 'x', { v: 3 }).commit(), 'INVALID_ARGUMENT');
        expect(await store.get('ctDocs', 'x')).toEqual({ id: 'x', v: 2 });
        await store.batch().set('ctDocs', 'x', { v: 4 }).update('ctDocs', 'x', { w: 1 }).commit();
        expect(await store.get('ctDocs', 'x')).toEqual({ id: 'x', v: 4, w: 1 });
      });

      it('a failing update leaves nothing of the batch applied', async () => {
        const batch = store.batch();
        batch.set('ctDocs', 'a', { v: 1 });
        batch.update('ctDocs', 'missing', { v: 2 });
        await expectStoreError(batch.commit(), 'NOT_FOUND');
        expect(await store.get('ctDocs', 'a')).toBeNull();
      });
    });

    describe('FieldValue', () => {
      it('increment adds to numbers, starts missing fields from zero and works on dotted paths', async () => {
        await store.set('ctCounters', 'c', { value: 5, stats: { wins: 1 } });
        await store.update('ctCounters', 'c', {
          value: FieldValue.increment(3),
          fresh: FieldValue.increment(2),
          'stats.wins': FieldValue.increment(1),
        });
        await store.update('ctCounters', 'c', { value: FieldValue.increment(-1.5) });
        expect(await store.get('ctCounters', 'c')).toEqual({ id: 'c', value: 6.5, fresh: 2, stats: { wins: 2 } });
      });

      it('increment in set with merge and in set without a document', async () => {
        await store.set('ctCounters', 'm', { views: FieldValue.increment(1), nested: { n: FieldValue.increment(2) } }, { merge: true });
        await store.set('ctCounters', 'm', { views: FieldValue.increment(1), nested: { n: FieldValue.increment(2) } }, { merge: true });
        expect(await store.get('ctCounters', 'm')).toEqual({ id: 'm', views: 2, nested: { n: 4 } });
      });

      it('arrayUnion adds only missing values and arrayRemove removes every copy', async () => {
        await store.set('ctDocs', 'a', { tags: ['x', 'y'] });
        await store.update('ctDocs', 'a', { tags: FieldValue.arrayUnion('y', 'z', 'z'), other: FieldValue.arrayUnion(1) });
        expect(await store.get('ctDocs', 'a')).toEqual({ id: 'a', tags: ['x', 'y', 'z'], other: [1] });
        await store.set('ctDocs', 'b', { tags: ['x', 'y', 'x', 'w'] });
        await store.update('ctDocs', 'b', { tags: FieldValue.arrayRemove('x', 'nope') });
        expect((await store.get('ctDocs', 'b'))?.tags).toEqual(['y', 'w']);
      });

      it('serverTimestamp stores the commit time as a Date', async () => {
        const before = Date.now();
        await store.set('ctDocs', 'a', { createdAt: FieldValue.serverTimestamp(), nested: { at: FieldValue.serverTimestamp() } });
        const after = Date.now();
        const doc = await store.get<Record<string, any>>('ctDocs', 'a');
        expect(doc?.createdAt).toBeInstanceOf(Date);
        // The emulator's clock is another process's; a few seconds of skew are not a store bug.
        expect(doc?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
        expect(doc?.createdAt.getTime()).toBeLessThanOrEqual(after + 5_000);
        expect(doc?.nested.at).toBeInstanceOf(Date);
      });

      it('delete removes fields in update and in set with merge', async () => {
        await store.set('ctDocs', 'a', { keep: 1, drop: 2, nested: { keep: 1, drop: 2 }, other: 3 });
        await store.update('ctDocs', 'a', { drop: FieldValue.delete(), 'nested.drop': FieldValue.delete() });
        expect(await store.get('ctDocs', 'a')).toEqual({ id: 'a', keep: 1, nested: { keep: 1 }, other: 3 });
        await store.set('ctDocs', 'a', { other: FieldValue.delete() }, { merge: true });
        expect(await store.get('ctDocs', 'a')).toEqual({ id: 'a', keep: 1, nested: { keep: 1 } });
      });

      it('transforms apply inside transactions and batches', async () => {
        await store.set('ctCounters', 'c', { value: 0 });
        await store.runTransaction(async (tx) => {
          tx.update('ctCounters', 'c', { value: FieldValue.increment(5) });
        });
        await store.batch().update('ctCounters', 'c', { value: FieldValue.increment(5), list: FieldValue.arrayUnion('a') }).commit();
        expect(await store.get('ctCounters', 'c')).toEqual({ id: 'c', value: 10, list: ['a'] });
      });
    });

    describe('what Firestore refuses', () => {
      // Each case was first seen on Google's emulator; the sqlite adapter must fail the same way.
      const refuses = async (write: () => Promise<unknown>) => expectStoreError((async () => write())(), 'INVALID_ARGUMENT');

      it('an array inside an array, by set, update or arrayUnion; an array in a map in an array is fine', async () => {
        await refuses(() => store.set('ctDocs', 'a', { winners: [[1], [2, 3]] }));
        await store.set('ctDocs', 'b', { legs: [{ winners: [1] }, { winners: [2, 3] }] });
        await refuses(() => store.update('ctDocs', 'b', { legs: [[1]] }));
        await refuses(() => store.update('ctDocs', 'b', { list: FieldValue.arrayUnion([1]) }));
        await refuses(() => store.batch().set('ctDocs', 'c', { v: 1 }).set('ctDocs', 'd', { v: [[1]] }).commit());
        expect(await store.getAll('ctDocs', ['a', 'b', 'c', 'd'])).toEqual([null, { id: 'b', legs: [{ winners: [1] }, { winners: [2, 3] }] }, null, null]);
      });

      it('a document over 1 MiB as Firestore counts it, also when a merge makes it so; exactly 1 MiB is stored', async () => {
        const id = 'big';
        // name: 'ctDocs' + id + 16; fields: 'a' and 'b' with their strings; 32 for the document.
        const overhead = 'ctDocs'.length + 1 + id.length + 1 + 16 + 2 + 1 + 2 + 1 + 32;
        const half = 500_000;
        const atLimit = { a: 'x'.repeat(1_048_576 - overhead - half), b: 'y'.repeat(half) };
        await store.set('ctDocs', id, atLimit);
        expect((await store.get<{ a: string }>('ctDocs', id))?.a.length).toBe(atLimit.a.length);
        await refuses(() => store.set('ctDocs', id, { a: atLimit.a + 'z', b: atLimit.b }));
        await refuses(() => store.set('ctDocs', id, { c: 1 }, { merge: true }));
        await refuses(() => store.set('ctDocs', 'two', { a: 'x'.repeat(600_000), b: 'y'.repeat(600_000) }));
        expect(await store.get('ctDocs', 'two')).toBeNull();
        expect(Object.keys((await store.get('ctDocs', id))!).sort()).toEqual(['a', 'b', 'id']);
      });

      it('a string longer than 1,048,487 bytes', async () => {
        await refuses(() => store.set('ctDocs', 'a', { s: 'x'.repeat(1_048_488) }));
        expect(await store.get('ctDocs', 'a')).toBeNull();
      });

      it('reserved and empty field names, reserved and over-long document ids', async () => {
        await refuses(() => store.set('ctDocs', 'a', { __name__: 1 }));
        await refuses(() => store.set('ctDocs', 'a', { map: { __x__: 1 } }));
        await refuses(() => store.set('ctDocs', 'a', { '': 1 }));
        await refuses(() => store.set('ctDocs', '__x__', { v: 1 }));
        await refuses(() => store.set('ctDocs', 'y'.repeat(1501), { v: 1 }));
        await store.set('ctDocs', 'ok', { __lead: 1, 'a b': 2, 'dotted.key': 3 });
        expect(await store.get('ctDocs', 'ok')).toEqual({ id: 'ok', __lead: 1, 'a b': 2, 'dotted.key': 3 });
        expect(await store.get('ctDocs', 'a')).toBeNull();
      });

      it('maps and arrays nested deeper than 20 levels', async () => {
        const nest = (levels: number, inner: unknown) => Array.from({ length: levels }).reduce<unknown>((value) => ({ d: value }), inner);
        await store.set('ctDocs', 'ok', { d: nest(19, { v: 1 }), e: nest(19, [1]) });
        await refuses(() => store.set('ctDocs', 'deep', { d: nest(20, { v: 1 }) }));
        await refuses(() => store.set('ctDocs', 'deep', { d: nest(20, [1]) }));
        expect(await store.get('ctDocs', 'deep')).toBeNull();
      });

      it('values that are no Firestore value: undefined in an array, Map, class instance, function, sentinel in an array', async () => {
        class Horse {
          name = 'Karayel';
        }
        await refuses(() => store.set('ctDocs', 'a', { list: [1, undefined] }));
        await refuses(() => store.set('ctDocs', 'a', { m: new Map([['k', 1]]) }));
        await refuses(() => store.set('ctDocs', 'a', { h: new Horse() }));
        await refuses(() => store.set('ctDocs', 'a', { f: () => 1 }));
        await refuses(() => store.set('ctDocs', 'a', { at: [FieldValue.serverTimestamp()] }));
        // An undefined field is left out (the port's ignoreUndefinedProperties), not refused.
        await store.set('ctDocs', 'b', { v: 1, gone: undefined });
        expect(await store.getAll('ctDocs', ['a', 'b'])).toEqual([null, { id: 'b', v: 1 }]);
      });

      it('dates outside 0001–9999 or invalid, and strings that are not valid Unicode', async () => {
        await refuses(() => store.set('ctDocs', 'a', { at: new Date('+010000-01-01T00:00:00Z') }));
        await refuses(() => store.set('ctDocs', 'a', { at: new Date('-000001-01-01T00:00:00Z') }));
        await refuses(() => store.set('ctDocs', 'a', { at: new Date(Number.NaN) }));
        await refuses(() => store.set('ctDocs', 'a', { s: 'yarım \ud800' }));
        const last = new Date('9999-12-31T23:59:59.999Z');
        await store.set('ctDocs', 'b', { at: last });
        expect((await store.get<{ at: Date }>('ctDocs', 'b'))?.at.getTime()).toBe(last.getTime());
        expect(await store.get('ctDocs', 'a')).toBeNull();
      });

      it('queries Firestore cannot run: range on null, two array-contains, two !=, in with no or over 30 values', async () => {
        await seedHorses();
        await refuses(() => horsesQuery().where('city', '<', null).get());
        await refuses(() => horsesQuery().where('tags', 'array-contains', 'a').where('tags', 'array-contains', 'b').get());
        await refuses(() => horsesQuery().where('age', '!=', 3).where('city', '!=', 'Bursa').get());
        await refuses(() => horsesQuery().where('age', 'in', []).get());
        await refuses(() => horsesQuery().where('age', 'in', Array.from({ length: 31 }, (_, i) => i)).get());
        expect(await horsesQuery().where('age', 'in', Array.from({ length: 30 }, (_, i) => i)).count()).toBe(HORSES.length);
      });
    });

    describe.runIf(!!harness.reopen)('restart', () => {
      it('keeps every document after the store is closed and opened again', async () => {
        const at = new Date('2026-11-22T08:00:00Z');
        await store.set('ctDocs', 'a', { name: 'Şule', at, list: [at] });
        await seedHorses();
        await store.update('ctDocs', 'a', { n: FieldValue.increment(1) });
        store = await harness.reopen!(store);
        const doc = await store.get<Record<string, any>>('ctDocs', 'a');
        expect(doc).toEqual({ id: 'a', name: 'Şule', at, list: [at], n: 1 });
        expect(doc?.at).toBeInstanceOf(Date);
        expect(await store.collection('ctHorses').count()).toBe(HORSES.length);
        const page = await store.collection('ctHorses').where('city', '==', 'İstanbul').orderBy('age', 'desc').get();
        expect(ids(page)).toEqual(['h01', 'h07', 'h04']);
      });
    });
  });
}
