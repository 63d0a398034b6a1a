/**
 * The one shape every benchmark reports in, and the table/JSON it ends up as. Pure functions
 * only (unit-tested in tests/unit/bench-figures.test.ts): no I/O, no clocks.
 */

export interface Goal {
  op: '<=' | '>=';
  target: number;
}

export interface Figure {
  /** Section of the table: Pages, Lighthouse, Build, API, Side by side. */
  section: string;
  name: string;
  /** null when the measurement could not be taken (the note says why). */
  value: number | null;
  unit: string;
  goal?: Goal;
  note?: string;
}

export interface CheckedFigure extends Figure {
  /** true/false when the figure has a goal and a value; null otherwise. */
  met: boolean | null;
}

/** Nearest-rank percentile (p in 0..100) of unsorted values; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/** Median; the mean of the two middle values for an even count. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function meets(value: number | null, goal: Goal | undefined): boolean | null {
  if (!goal || value === null || Number.isNaN(value)) return null;
  return goal.op === '<=' ? value <= goal.target : value >= goal.target;
}

export function check(figures: readonly Figure[]): CheckedFigure[] {
  return figures.map((f) => ({ ...f, met: meets(f.value, f.goal) }));
}

export function formatValue(value: number | null, unit: string): string {
  if (value === null || Number.isNaN(value)) return 'n/a';
  switch (unit) {
    case 'B':
      return value >= 1024 ? `${(value / 1024).toFixed(1)} KB` : `${Math.round(value)} B`;
    case 'MiB':
      return `${Math.round(value)} MiB`;
    case 'ms':
      return value >= 100 ? `${Math.round(value)} ms` : `${value.toFixed(1)} ms`;
    case 's':
      return `${value.toFixed(1)} s`;
    case 'x':
      return `${value.toFixed(2)}x`;
    case 'req/s':
      return `${Math.round(value)} req/s`;
    case 'score':
    case 'count':
      return String(Math.round(value));
    default:
      return `${value} ${unit}`.trim();
  }
}

export function formatGoal(goal: Goal | undefined, unit: string): string {
  if (!goal) return '';
  return `${goal.op} ${formatValue(goal.target, unit)}`;
}

/** One fixed-width table; sections are separated by a blank line and a heading. */
export function formatTable(figures: readonly CheckedFigure[]): string {
  const rows = figures.map((f) => ({
    section: f.section,
    cells: [f.name, formatValue(f.value, f.unit), formatGoal(f.goal, f.unit), f.met === null ? '' : f.met ? 'yes' : 'NO', f.note ?? ''],
  }));
  const header = ['Figure', 'Value', 'Goal', 'Met', 'Note'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (i === 4 ? 0 : r.cells[i]!.length))));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const out = [line(header), line(widths.map((w) => '-'.repeat(w)))];
  let section = '';
  for (const row of rows) {
    if (row.section !== section) {
      section = row.section;
      out.push('', `[${section}]`);
    }
    out.push(line(row.cells));
  }
  const goals = figures.filter((f) => f.met !== null);
  out.push('', `Goals met: ${goals.filter((f) => f.met).length} of ${goals.length}`);
  return out.join('\n');
}

/** bench-YYYYMMDD-HHMM.json in UTC, so runs sort by name. */
export function resultFileName(at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `bench-${at.getUTCFullYear()}${p(at.getUTCMonth() + 1)}${p(at.getUTCDate())}-${p(at.getUTCHours())}${p(at.getUTCMinutes())}.json`;
}

/** An earlier run's figures (a bench/results file), for the notes of the figures compared with it. */
export interface EarlierRun {
  measuredAt: string;
  figures: readonly Figure[];
}

/**
 * Puts the same figure of an earlier run in the note of each picked figure, with the change
 * ('previous run 2026-12-03: 21.4 KB, +1.2 KB'): a page's weight read beside what it was (issue 53).
 */
export function besidePrevious(figures: readonly Figure[], earlier: EarlierRun | null, picked: (figure: Figure) => boolean): Figure[] {
  if (!earlier) return [...figures];
  // A name may carry a figure of its own in brackets ('home: HTML (gzip 18.1 KB)'): compared without it.
  const key = (name: string) => name.replace(/ \([^)]*\)/g, '');
  const before = new Map(earlier.figures.map((f) => [key(f.name), f]));
  return figures.map((figure) => {
    const old = before.get(key(figure.name));
    if (!picked(figure) || !old || old.value === null || old.unit !== figure.unit) return figure;
    const change = figure.value === null ? '' : `, ${figure.value >= old.value ? '+' : '-'}${formatValue(Math.abs(figure.value - old.value), figure.unit)}`;
    const text = `previous run ${earlier.measuredAt.slice(0, 10)}: ${formatValue(old.value, old.unit)}${change}`;
    return { ...figure, note: figure.note ? `${figure.note}; ${text}` : text };
  });
}

/** The newest run among `runs` (file name and parsed JSON, names as resultFileName gives them) that measured a picked figure. */
export function newestRunWith(runs: readonly { name: string; json: EarlierRun }[], picked: (figure: Figure) => boolean): EarlierRun | null {
  const sorted = [...runs].filter((r) => /^bench-\d{8}-\d{4}/.test(r.name)).sort((a, b) => b.name.localeCompare(a.name));
  return sorted.find((r) => r.json.figures.some((f) => picked(f) && f.value !== null))?.json ?? null;
}
