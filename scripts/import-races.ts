import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { importRaceFiles } from '../functions/src/jobs/import-races.js';
import { formatSummary, type ImportInput } from '../functions/src/domain/races/import-races.js';
import { loadConfig } from '../functions/src/platform/config.js';
import { createLocalDeps } from '../functions/src/platform/local-deps.js';

/** `npm run import:races -- <file or folder> [...]`: imports programme and result JSON files into the local store. */

function collect(path: string): ImportInput[] {
  const full = resolve(path);
  if (statSync(full).isDirectory()) {
    return readdirSync(full)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .flatMap((name) => collect(join(full, name)));
  }
  return [{ name: path, content: readFileSync(full, 'utf8') }];
}

const paths = process.argv.slice(2).filter((a) => a !== '--');
if (paths.length === 0) {
  console.error('Kullanım: npm run import:races -- <dosya veya klasör> [...]');
  process.exit(2);
}
let inputs: ImportInput[];
try {
  inputs = paths.flatMap(collect);
} catch (error) {
  console.error(`Dosya okunamadı: ${(error as Error).message}`);
  process.exit(2);
}
const deps = createLocalDeps(loadConfig(), { quiet: true });
try {
  const summary = await importRaceFiles(deps, inputs);
  console.log(formatSummary(summary));
  if (summary.written > 0) deps.requestRebuild('race import');
  process.exitCode = summary.rejected > 0 ? 1 : 0;
} finally {
  await deps.store.close();
}
