import { randomUUID } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FirestoreStore } from '../../functions/src/adapters/firestore/firestore-store.js';
import { StoreError } from '../../functions/src/ports/document-store.js';
import { firestoreEmulatorHost, firestoreSkipLine } from '../support/firestore-host.js';

/**
 * A transaction that keeps losing a lock race on Google's emulator (a slow holder: what two cores
 * at load make of any transaction). The admin SDK gives up after five attempts (about 18 s on the
 * emulator, which aborts a transaction after a few seconds of waiting for a lock); the adapter goes
 * on while its budget lasts, and past it answers ABORTED (the API's 409), never a raw gRPC error.
 */
const host = firestoreEmulatorHost();
if (!host) console.log(firestoreSkipLine('Transaction contention suite'));

/** More than the admin SDK's own attempts (its default maxAttempts). */
const SDK_ATTEMPTS = 5;

describe.skipIf(!host)('Firestore transactions under contention', () => {
  let db: Firestore;
  let patient: FirestoreStore;
  let hasty: FirestoreStore;
  beforeAll(async () => {
    const { getFirestoreForEmulator } = await import('../support/firestore-emulator.js');
    const { FirestoreStore } = await import('../../functions/src/adapters/firestore/firestore-store.js');
    db = getFirestoreForEmulator(`demo-ganyan-contention-${randomUUID().slice(0, 8)}`);
    patient = new FirestoreStore(db, { closeClient: false });
    hasty = new FirestoreStore(db, { closeClient: false, contentionBudgetMs: 0 });
  });
  afterAll(async () => {
    await db.terminate();
  });

  /**
   * `store` increments counter `id` while another transaction holds the document until the
   * increment has started more attempts than the SDK makes (or has given up).
   */
  async function incrementAgainstSlowHolder(store: FirestoreStore, id: string) {
    await patient.set('counters', id, { n: 0 });
    let attempts = 0;
    let settled = false;
    let wake = () => {};
    const holderMayCommit = () => attempts > SDK_ATTEMPTS || settled;
    const holder = patient.runTransaction(async (tx) => {
      const doc = await tx.get<{ n: number }>('counters', id);
      await new Promise<void>((resolve) => {
        wake = () => holderMayCommit() && resolve();
        wake();
      });
      tx.update('counters', id, { n: doc!.n + 1 });
    });
    const contender = store
      .runTransaction(async (tx) => {
        attempts += 1;
        wake();
        const doc = await tx.get<{ n: number }>('counters', id);
        tx.update('counters', id, { n: doc!.n + 1 });
      })
      .then(
        () => 'committed' as const,
        (error: unknown) => error,
      )
      .finally(() => {
        settled = true;
        wake();
      });
    await holder;
    return { outcome: await contender, attempts, final: (await patient.get<{ n: number }>('counters', id))!.n };
  }

  it('a transaction outlasting the SDK’s five attempts still commits, once; past its budget it is ABORTED', async () => {
    const [withBudget, withoutBudget] = await Promise.all([incrementAgainstSlowHolder(patient, 'patient'), incrementAgainstSlowHolder(hasty, 'hasty')]);
    expect(withBudget.outcome).toBe('committed');
    expect(withBudget.attempts).toBeGreaterThan(SDK_ATTEMPTS);
    expect(withBudget.final).toBe(2);

    expect(withoutBudget.outcome).toBeInstanceOf(StoreError);
    expect((withoutBudget.outcome as StoreError).code).toBe('ABORTED');
    expect(withoutBudget.attempts).toBe(SDK_ATTEMPTS);
    expect(withoutBudget.final).toBe(1);
  });
});
