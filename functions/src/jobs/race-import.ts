import { importRaceFiles } from './import-races.js';
import type { ImportSummary } from '../domain/races/index.js';
import { istanbulDate } from '../platform/time.js';
import { readImportStatus, saveImportStatus, type ImportStatus } from '../domain/estimates/index.js';
import type { AppDeps } from '../platform/deps.js';

/**
 * Scheduled race ingestion: fetches the day's programme and results from the source
 * (RACE_SOURCE_URL) and runs the same importer as the CLI. The URL may hold `{date}`
 * (YYYY-MM-DD) and `{kind}` (program | sonuc); without them `/{kind}/{date}.json` is appended.
 * A results file that is not published yet (404) is normal before the races are run.
 */

export type FetchLike = (url: string, init?: { signal?: AbortSignal; headers?: Record<string, string> }) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>;

export interface RaceImportOptions {
  sourceUrl?: string;
  /** Who started the run, for the race-day desk: 'schedule' or a staff member's id. */
  trigger?: string;
  /** Days to fetch, defaults to today in Istanbul (and yesterday's results, which may land after midnight). */
  dates?: string[];
  timeoutMs?: number;
}

export function sourceUrlFor(base: string, kind: 'program' | 'sonuc', date: string): string {
  if (base.includes('{date}') || base.includes('{kind}')) return base.replaceAll('{date}', date).replaceAll('{kind}', kind);
  return `${base.replace(/\/+$/, '')}/${kind}/${date}.json`;
}

export interface RaceImportRun {
  summary: ImportSummary;
  fetched: string[];
  missing: string[];
  failed: { url: string; reason: string }[];
}

export async function runRaceImport(deps: Pick<AppDeps, 'store' | 'now' | 'config' | 'log' | 'requestRebuild' | 'mailer' | 'sms'>, fetchImpl: FetchLike = fetch, options: RaceImportOptions = {}): Promise<RaceImportRun> {
  const base = options.sourceUrl ?? process.env.RACE_SOURCE_URL;
  if (!base) throw new Error('RACE_SOURCE_URL is not set');
  const today = istanbulDate(deps.now());
  const yesterday = istanbulDate(new Date(deps.now().getTime() - 86_400_000));
  const targets = options.dates
    ? options.dates.flatMap((d) => [{ kind: 'program' as const, date: d }, { kind: 'sonuc' as const, date: d }])
    : [
        { kind: 'program' as const, date: today },
        { kind: 'sonuc' as const, date: yesterday },
        { kind: 'sonuc' as const, date: today },
      ];
  const run: RaceImportRun = { summary: undefined as never, fetched: [], missing: [], failed: [] };
  const inputs = [];
  for (const target of targets) {
    const url = sourceUrlFor(base, target.kind, target.date);
    try {
      const response = await fetchImpl(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 20_000), headers: { Accept: 'application/json' } });
      if (response.status === 404) {
        run.missing.push(url);
        continue;
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      inputs.push({ name: url, content: await response.text() });
      run.fetched.push(url);
    } catch (error) {
      run.failed.push({ url, reason: (error as Error).message });
    }
  }
  run.summary = await importRaceFiles(deps, inputs);
  for (const file of run.summary.files.filter((f) => !f.accepted)) {
    deps.log.error('race import rejected a source file', { file: file.file, errors: file.errors.slice(0, 20) });
  }
  for (const failure of run.failed) deps.log.error('race source fetch failed', failure);
  deps.log.info('race import finished', { fetched: run.fetched.length, missing: run.missing.length, written: run.summary.written, rejected: run.summary.rejected });
  if (run.summary.written > 0) deps.requestRebuild('race import');
  await recordImportStatus(deps, run, options.trigger ?? 'schedule');
  return run;
}

/** The desk's import status: this run, and the last time each kind of file was accepted. */
async function recordImportStatus(deps: Pick<AppDeps, 'store' | 'now' | 'log'>, run: RaceImportRun, trigger: string): Promise<void> {
  try {
    const previous = await readImportStatus(deps);
    const accepted = (kind: 'programme' | 'results') => run.summary.files.some((f) => f.accepted && f.kind === kind);
    const now = deps.now();
    const status: ImportStatus = {
      lastRunAt: now,
      trigger,
      lastProgrammeAt: accepted('programme') ? now : (previous?.lastProgrammeAt ?? null),
      lastResultsAt: accepted('results') ? now : (previous?.lastResultsAt ?? null),
      fetched: run.fetched.length,
      missing: run.missing.length,
      written: run.summary.written,
      errors: [
        ...run.failed.map((f) => `${f.url}: indirilemedi (${f.reason})`),
        ...run.summary.files.filter((f) => !f.accepted).flatMap((f) => [`${f.file}: reddedildi, hiçbir şey yazılmadı`, ...f.errors.slice(0, 3).map((e) => `  ${e.path}: ${e.message}`)]),
      ].slice(0, 20),
    };
    await saveImportStatus(deps, status);
  } catch (error) {
    // The import itself stands; only the desk's note of it is missing.
    deps.log.error('race import status not recorded', { error: String(error) });
  }
}
