import { afterAll, it } from 'vitest';

/**
 * How a shared cases module (tests/api/*.cases.ts) registers a case. The API file passes vitest's
 * `it` for all of them; the Firestore production-path suite passes `pickedCases`, so it runs the
 * very same cases, assertions and all, on another store.
 */
export type CaseIt = typeof it;

export const everyCase: CaseIt = it;

/**
 * Runs only the named cases of a cases module. A name the module does not define fails the suite,
 * so renaming a case cannot silently drop it from the other store's run.
 */
export function pickedCases(names: readonly string[], define: (it: CaseIt) => void): void {
  const left = new Set(names);
  // The others are listed as skipped: vitest refuses a describe block left without cases.
  const picked = (name: string, ...rest: unknown[]) => ((left.delete(name) ? it : it.skip) as (...args: unknown[]) => void)(name, ...rest);
  // A table case is picked by its name template, as written in the cases module.
  picked.each =
    (table: unknown[]) =>
    (name: string, ...rest: unknown[]) =>
      ((left.delete(name) ? it : it.skip).each(table) as (...args: unknown[]) => void)(name, ...rest);
  define(picked as unknown as CaseIt);
  // Checked after the run: cases inside the module's own describe blocks are collected later.
  afterAll(() => {
    if (left.size > 0) throw new Error(`No such shared case: ${[...left].join(' | ')}`);
  });
}
