import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { FirestoreStore } from '../../functions/src/adapters/firestore/firestore-store.js';
import { SqliteStore } from '../../functions/src/adapters/sqlite/sqlite-store.js';
import type { DocumentData, DocumentStore, QuerySpec, WhereOp } from '../../functions/src/ports/document-store.js';
import { noOperations } from '../../functions/src/ports/operation-meter.js';

/**
 * Both adapters count the same operations the same way (issue 21): the sqlite adapter's counts are
 * what the cost bench and the tests see, the Firestore adapter's what production is billed. The
 * Firestore service cannot run here, so the Firestore adapter talks to a stand-in client that
 * answers the admin SDK calls the adapter makes from an in-memory sqlite store; only the service
 * is replaced, the adapter's own code runs as in production.
 */
const INDEXES = { indexes: [] };

interface FakeSnapshot {
  id: string;
  exists: boolean;
  data(): DocumentData | undefined;
}

function snapshot(id: string, doc: DocumentData | null): FakeSnapshot {
  const data = doc ? Object.fromEntries(Object.entries(doc).filter(([key]) => key !== 'id')) : undefined;
  return { id, exists: doc !== null, data: () => data };
}

/** The admin SDK's Firestore, as far as FirestoreStore uses it, over `backing`. */
function fakeFirestore(backing: SqliteStore) {
  const docRef = (collection: string, id: string) => ({
    id,
    collection,
    get: async () => snapshot(id, await backing.get(collection, id)),
    set: (data: DocumentData, options: { merge: boolean }) => backing.set(collection, id, data, options),
    create: (data: DocumentData) => backing.create(collection, id, data),
    update: (data: DocumentData) => backing.update(collection, id, data),
    delete: () => backing.delete(collection, id),
  });
  type DocRef = ReturnType<typeof docRef>;
  const query = (spec: QuerySpec) => ({
    spec,
    where: (field: string, op: WhereOp, value: unknown) => query({ ...spec, where: [...spec.where, { field, op, value }] }),
    orderBy: (field: string, direction: 'asc' | 'desc') => query({ ...spec, orderBy: [...spec.orderBy, { field, direction }] }),
    startAfter: (...values: unknown[]) => query({ ...spec, startAfter: values }),
    offset: (offset: number) => query({ ...spec, offset }),
    limit: (limit: number) => query({ ...spec, limit }),
    get: async () => ({ docs: (await backing.run(spec)).map((doc) => snapshot(doc.id, doc)) }),
    count: () => ({
      get: async () => {
        const count = await backing.count(spec);
        return { data: () => ({ count }) };
      },
    }),
  });
  type FakeQuery = ReturnType<typeof query>;
  let ids = 0;
  const writer = (queue: (() => Promise<void>)[]) => ({
    set: (ref: DocRef, data: DocumentData, options: { merge: boolean }) => void queue.push(() => ref.set(data, options)),
    create: (ref: DocRef, data: DocumentData) => void queue.push(() => ref.create(data)),
    update: (ref: DocRef, data: DocumentData) => void queue.push(() => ref.update(data)),
    delete: (ref: DocRef) => void queue.push(() => ref.delete()),
  });
  const apply = async (queue: (() => Promise<void>)[]) => {
    for (const write of queue) await write();
  };
  return {
    collection: (name: string) => Object.assign(query({ collection: name, where: [], orderBy: [] }), { doc: (id?: string) => docRef(name, id ?? `fake-${++ids}`) }),
    getAll: (...refs: DocRef[]) => Promise.all(refs.map((ref) => ref.get())),
    batch: () => {
      const queue: (() => Promise<void>)[] = [];
      return { ...writer(queue), commit: () => apply(queue) };
    },
    runTransaction: async <R>(fn: (tx: unknown) => Promise<R>) => {
      const queue: (() => Promise<void>)[] = [];
      const tx = {
        ...writer(queue),
        get: (target: DocRef | FakeQuery) => target.get(),
        getAll: (...refs: DocRef[]) => Promise.all(refs.map((ref) => ref.get())),
      };
      const result = await fn(tx);
      await apply(queue);
      return result;
    },
    terminate: () => backing.close(),
  };
}

/** The same mix of operations, with what Firestore bills for each. */
async function scenario(store: DocumentStore) {
  const scoped = noOperations();
  await store.set('ctBilling', 'a', { kind: 'x', n: 1 });
  await store.set('ctBilling', 'b', { kind: 'x', n: 2 });
  await store.create('ctBilling', 'c', { kind: 'y', n: 3 });
  await store.meter.run(scoped, async () => {
    await store.get('ctBilling', 'a'); // 1
    await store.get('ctBilling', 'missing'); // 1: a missing document is billed too
    await store.getAll('ctBilling', ['a', 'b', 'missing']); // 3
  });
  await store.collection('ctBilling').where('kind', '==', 'x').get(); // 2
  await store.collection('ctBilling').where('kind', '==', 'none').get(); // 1: an empty answer bills one
  await store.collection('ctBilling').orderBy('n').offset(2).limit(5).get(); // 1 returned + 2 skipped
  await store.collection('ctBilling').count(); // 1 per 1,000 entries, at least 1
  await store.batch().set('ctBilling', 'd', { kind: 'y', n: 4 }).delete('ctBilling', 'c').commit(); // 1 write, 1 delete
  await store.runTransaction(async (tx) => {
    const doc = await tx.get('ctBilling', 'a'); // 1
    tx.update('ctBilling', 'a', { n: Number(doc?.n) + 1 }); // 1 write
  });
  await store.delete('ctBilling', 'b'); // 1 delete
  return { total: store.meter.snapshot(), scoped };
}

const EXPECTED = { total: { reads: 13, writes: 5, deletes: 2 }, scoped: { reads: 5, writes: 0, deletes: 0 } };

describe('operations billed alike by both adapters', () => {
  it('sqlite', async () => {
    const store = new SqliteStore({ file: ':memory:', indexes: INDEXES });
    expect(await scenario(store)).toEqual(EXPECTED);
    await store.close();
  });

  it('firestore (over a stand-in for the service)', async () => {
    // The stand-in implements only the calls the adapter makes; typed loosely for that reason.
    const db: Firestore = Object.assign(Object.create(null), fakeFirestore(new SqliteStore({ file: ':memory:', indexes: INDEXES })));
    const store = new FirestoreStore(db);
    expect(await scenario(store)).toEqual(EXPECTED);
    await store.close();
  });
});
