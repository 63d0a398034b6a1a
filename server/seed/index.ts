import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AppDeps } from '../../functions/src/platform/deps.js';

export interface SeedOptions {
  /** Extra generated articles on top of the demo content, for benchmarks. */
  scale?: number;
  log?: (line: string) => void;
}

type SeedStep = (deps: AppDeps, options: { scale: number }) => Promise<unknown>;

/**
 * The demo data, in dependency order: accounts first (articles need authors, VIP state needs
 * members), then articles, then races (estimates point at articles). Each area owns its seed
 * file; a step whose file has not landed yet is reported and skipped rather than failing start.
 */
const STEPS: { file: string; exportName: string; label: string }[] = [
  { file: './users.ts', exportName: 'seedUsers', label: 'kullanıcılar' },
  { file: './membership.ts', exportName: 'seedMembership', label: 'VIP üyelik' },
  { file: './articles.ts', exportName: 'seedArticles', label: 'makaleler' },
  { file: './races.ts', exportName: 'seedRaces', label: 'yarışlar' },
];

/** Deterministic: the same store content for the same day and scale, whatever the machine. */
export async function seedAll(deps: AppDeps, options: SeedOptions = {}): Promise<{ ran: string[]; skipped: string[] }> {
  const log = options.log ?? (() => {});
  const ran: string[] = [];
  const skipped: string[] = [];
  for (const step of STEPS) {
    const url = new URL(step.file, import.meta.url);
    if (!existsSync(fileURLToPath(url))) {
      skipped.push(step.exportName);
      log(`seed: ${step.label} atlandı (${step.file} yok)`);
      continue;
    }
    const module = (await import(url.href.replace(/\.ts$/, '.js'))) as Record<string, unknown>;
    const run = module[step.exportName] as SeedStep | undefined;
    if (typeof run !== 'function') throw new Error(`${step.file} does not export ${step.exportName}`);
    const started = Date.now();
    await run(deps, { scale: options.scale ?? 0 });
    ran.push(step.exportName);
    log(`seed: ${step.label} hazır (${Date.now() - started} ms)`);
  }
  return { ran, skipped };
}

/** The store counts as empty when nobody can log in yet. */
export async function isStoreEmpty(deps: AppDeps): Promise<boolean> {
  return (await deps.store.collection('users').limit(1).get()).length === 0;
}
