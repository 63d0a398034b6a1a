import { z } from 'zod';
import type { DocumentData, DocumentStore } from '../../ports/document-store.js';
import type { AppDeps } from '../../platform/deps.js';
import { foldTurkish, slugify } from '../text/index.js';
import { parseLastSix } from './last-six.js';
import { invalidateRaceReads } from './programme-cache.js';
import { istanbulInstant } from '../../platform/time.js';
import { horseIdFromCode, parseHorse, parseRace, raceIdFromCode, type Entry, type HistoryItem, type Horse, type Race, type RaceDay, type RaceResult, type Venue } from './race.js';
import {
  detectFileKind,
  formatPath,
  sourceCardSchema,
  sourceResultCardSchema,
  type FileKind,
  type SourceCard,
  type SourceEntry,
  type SourceResultCard,
} from './source-schemas.js';

/**
 * The races half of the one race importer (jobs/import-races.ts, which the CLI, the scheduled job
 * and the local seed call, then brings jockeys, estimates and followers up to date).
 * Per file it validates everything first (schema, then references to stored races), and only
 * then writes; a file with one bad record writes nothing. Documents whose content is unchanged
 * are not rewritten, so importing the same file twice changes nothing.
 */

export interface ImportIssue {
  path: string;
  message: string;
}

/** What an import counts: each file reports them, the summary adds them up over the files. */
const COUNT_KEYS = ['cards', 'races', 'entries', 'results', 'duplicates', 'horsesAdded', 'horsesUpdated', 'written'] as const;
/** `written`: documents written (added or changed); 0 on a repeat import. */
export type ImportCounts = Record<(typeof COUNT_KEYS)[number], number>;
const importCounts = (count: (key: keyof ImportCounts) => number) => Object.fromEntries(COUNT_KEYS.map((key) => [key, count(key)])) as ImportCounts;

export interface FileReport extends ImportCounts {
  file: string;
  kind: FileKind | null;
  accepted: boolean;
  errors: ImportIssue[];
  unchanged: number;
}

export interface ImportSummary extends ImportCounts {
  files: FileReport[];
  rejected: number;
}

export interface ImportInput {
  /** File name or URL, used in reports. */
  name: string;
  /** JSON text, or an already parsed value. */
  content: unknown;
}

/** Firestore caps a batch at 500 writes; larger files are committed in chunks after full validation. */
const BATCH_LIMIT = 500;

type Deps = Pick<AppDeps, 'store' | 'now'>;

/** An accepted or refused file, with the races and results it holds (for the areas that follow them). */
export interface RaceFileWrite {
  report: FileReport;
  races: Map<string, Omit<Race, 'updatedAt'>>;
  results: Map<string, Omit<RaceResult, 'updatedAt'>>;
}

export function cardKey(card: { CARDID: string | null; HIPODROM: string; YER: string; TARIH: string; ACILIS?: string | null | undefined }): string {
  if (card.CARDID) return `k${card.CARDID}`;
  return `k-${slugify(card.HIPODROM)}-${slugify(card.YER)}-${card.TARIH}-${(card.ACILIS ?? '').replace(':', '')}`;
}

export const venueIdFor = (city: string) => slugify(city);

function emptyReport(file: string): FileReport {
  return { file, kind: null, accepted: false, errors: [], ...importCounts(() => 0), unchanged: 0 };
}

function zodIssues(error: z.ZodError, prefix: PropertyKey[] = []): ImportIssue[] {
  return error.issues.map((issue) => ({
    path: formatPath([...prefix, ...issue.path]),
    message: issue.code === 'unrecognized_keys' ? `Bilinmeyen alan: ${issue.keys.join(', ')}` : issue.message,
  }));
}

/** Validates a whole file against one schema, whether it holds a card or a list of cards. */
function validateCards<S extends z.ZodType>(schema: S, raw: unknown): { cards: z.output<S>[]; errors: ImportIssue[] } {
  if (Array.isArray(raw)) {
    if (raw.length === 0) return { cards: [], errors: [{ path: '(dosya)', message: 'Dosyada hiç kart yok.' }] };
    const cards: z.output<S>[] = [];
    const errors: ImportIssue[] = [];
    raw.forEach((item, i) => {
      const result = schema.safeParse(item);
      if (result.success) cards.push(result.data);
      else errors.push(...zodIssues(result.error, [i]));
    });
    return { cards, errors };
  }
  const result = schema.safeParse(raw);
  return result.success ? { cards: [result.data], errors: [] } : { cards: [], errors: zodIssues(result.error) };
}

/** Key order and Date objects vary by adapter; compare documents by their canonical JSON. */
function canonical(value: unknown): string {
  return JSON.stringify(value, function (this: unknown, _key, v: unknown) {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([k, x]) => k !== 'updatedAt' && k !== 'id' && x !== undefined).sort(([a], [b]) => (a < b ? -1 : 1)));
    }
    return v;
  });
}

interface Plan {
  venues: Map<string, Omit<Venue, 'updatedAt'>>;
  raceDays: Map<string, Omit<RaceDay, 'updatedAt'>>;
  races: Map<string, Omit<Race, 'updatedAt'>>;
  results: Map<string, Omit<RaceResult, 'updatedAt'>>;
  /** Identity updates from programme entries. */
  horseIdentity: Map<string, { entry: Entry; source: SourceEntry; cardDate: string }>;
  /** History items from results, by horse then race. */
  horseHistory: Map<string, Map<string, HistoryItem>>;
}

const newPlan = (): Plan => ({ venues: new Map(), raceDays: new Map(), races: new Map(), results: new Map(), horseIdentity: new Map(), horseHistory: new Map() });

function toEntry(source: SourceEntry): Entry {
  return {
    number: source.NO,
    horseId: horseIdFromCode(source.KOD),
    tjkId: source.KOD,
    name: source.AD,
    age: source.YAS.years,
    sex: source.YAS.sex,
    color: source.YAS.color,
    father: source.BABA ?? null,
    mother: source.ANNE ?? null,
    mothersFather: source.ANNEBABA ?? null,
    jockey: source.JOKEY ?? null,
    owner: source.SAHIP ?? null,
    trainer: source.ANTRENOR ?? null,
    start: source.START ?? null,
    weight: source.KILO,
    lastSix: source.SON6 ?? null,
    lastSixItems: parseLastSix(source.SON6),
    odds: source.GANYAN ?? null,
    agf: source.AGF ?? null,
    hp: source.HP ?? null,
    equipment: source.TAKI ? source.TAKI.split(/\s+/).filter(Boolean) : [],
    daysSinceLastRun: source.KGS ?? null,
    nonRunner: source.KOSMAZ ?? false,
    previousJockey: source.ESKI_JOKEY ?? null,
  };
}

/** Counts each card of a file once: a card whose key came earlier in the file is counted as a duplicate and is to be skipped. */
function cardCounter(report: FileReport): (key: string) => boolean {
  const seen = new Set<string>();
  return (key) => {
    if (seen.has(key)) {
      report.duplicates += 1;
      return false;
    }
    seen.add(key);
    report.cards += 1;
    return true;
  };
}

function planProgramme(cards: SourceCard[], plan: Plan, report: FileReport): void {
  const isNewCard = cardCounter(report);
  for (const card of cards) {
    const dayId = cardKey(card);
    if (!isNewCard(dayId)) continue;
    const venueId = venueIdFor(card.YER);
    plan.venues.set(venueId, { id: venueId, name: card.HIPODROM, city: card.YER });
    const track = { grass: card.pist?.cim?.DURUM ?? null, dirt: card.pist?.kum?.DURUM ?? null };
    const races = [...card.kosular].sort((a, b) => a.NO - b.NO);
    plan.raceDays.set(dayId, {
      id: dayId,
      cardId: card.CARDID,
      venueId,
      hippodrome: card.HIPODROM,
      location: card.YER,
      date: card.TARIH,
      opening: card.ACILIS,
      closing: card.KAPANIS ?? null,
      weather: { temperature: card.hava?.SICAKLIK ?? null, humidity: card.hava?.NEM ?? null, condition: card.hava?.DURUM ?? null },
      track,
      raceCount: races.length,
      raceIds: races.map((r) => raceIdFromCode(r.KOD)),
      sixPools: [],
    });
    for (const source of races) {
      const id = raceIdFromCode(source.KOD);
      const entries = [...source.atlar].sort((a, b) => a.NO - b.NO).map(toEntry);
      plan.races.set(id, {
        id,
        code: source.KOD,
        raceDayId: dayId,
        venueId,
        hippodrome: card.HIPODROM,
        location: card.YER,
        date: card.TARIH,
        number: source.NO,
        time: source.SAAT,
        startsAt: istanbulInstant(card.TARIH, source.SAAT),
        distance: source.MESAFE,
        surface: source.PIST,
        trackCondition: source.PIST === 'Çim' ? track.grass : track.dirt,
        category: source.CINS ?? null,
        prize: source.IKRAMIYE ?? null,
        entries,
        hasResult: false,
      });
      report.races += 1;
      report.entries += entries.length;
      source.atlar.forEach((s, i) => plan.horseIdentity.set(horseIdFromCode(s.KOD), { entry: entries.find((e) => e.number === s.NO) ?? entries[i]!, source: s, cardDate: card.TARIH }));
    }
  }
}

async function planResults(store: DocumentStore, cards: SourceResultCard[], plan: Plan, report: FileReport, isList: boolean): Promise<void> {
  const isNewCard = cardCounter(report);
  const raceIds = [...new Set(cards.flatMap((c) => c.kosular.map((r) => raceIdFromCode(r.KOD))))];
  const stored = new Map<string, Race>();
  (await store.getAll('races', raceIds)).forEach((doc) => doc && stored.set(doc.id, parseRace(doc)));

  cards.forEach((card, cardIndex) => {
    const at = (...path: PropertyKey[]) => formatPath(isList ? [cardIndex, ...path] : path);
    if (!isNewCard(cardKey(card))) return;
    let raceDayId = null as string | null;
    const byNumber = new Map<number, Race>();
    card.kosular.forEach((source, raceIndex) => {
      const race = stored.get(raceIdFromCode(source.KOD));
      if (!race) {
        report.errors.push({ path: at('kosular', raceIndex, 'KOD'), message: `Programda olmayan koşu: ${source.KOD}. Önce programı içe aktarın.` });
        return;
      }
      if (race.number !== source.NO || race.date !== card.TARIH) {
        report.errors.push({ path: at('kosular', raceIndex, 'NO'), message: `Koşu ${source.KOD} programda ${race.date} tarihli ${race.number}. koşu; sonuç dosyası farklı diyor.` });
        return;
      }
      raceDayId = race.raceDayId;
      byNumber.set(race.number, race);
      const finishers: RaceResult['finishers'] = [];
      source.sonuclar.forEach((f, i) => {
        const entry = race.entries.find((e) => e.tjkId === f.KOD);
        if (!entry || entry.number !== f.NO) {
          report.errors.push({ path: at('kosular', raceIndex, 'sonuclar', i, 'KOD'), message: `At ${f.KOD} (${f.NO} numara) bu koşunun programında yok.` });
          return;
        }
        const odds = f.GANYAN ?? entry.odds;
        const earnings = f.IKRAMIYE ?? 0;
        finishers.push({ position: f.SIRA, number: f.NO, horseId: entry.horseId, name: entry.name, jockey: entry.jockey, time: f.DERECE ?? null, odds, earnings, margin: f.FARK ?? null });
        if (!plan.horseHistory.has(entry.horseId)) plan.horseHistory.set(entry.horseId, new Map());
        plan.horseHistory.get(entry.horseId)!.set(race.id, {
          raceId: race.id,
          date: race.date,
          racecourse: race.hippodrome,
          city: race.location,
          raceNumber: race.number,
          distance: race.distance,
          surface: race.surface,
          trackCond: race.trackCondition,
          finishPos: f.SIRA,
          jockey: entry.jockey,
          weight: entry.weight,
          odds,
          earnings,
          time: f.DERECE ?? null,
        });
      });
      finishers.sort((a, b) => (a.position ?? 99) - (b.position ?? 99) || a.number - b.number);
      plan.results.set(race.id, {
        id: race.id,
        raceId: race.id,
        raceDayId: race.raceDayId,
        date: race.date,
        venueId: race.venueId,
        number: race.number,
        ganyanDividend: source.GANYAN ?? null,
        payouts: (source.BAHISLER ?? []).map((p) => ({ kind: p.TUR, combination: p.KAZANAN, payout: p.IKRAMIYE, legs: p.KOSULAR ?? null })),
        finishers,
      });
      plan.races.set(race.id, { ...race, hasResult: true });
      report.races += 1;
      report.results += 1;
      report.entries += finishers.length;
    });
    (card.ALTILI ?? []).forEach((pool, i) => {
      for (let leg = 0; leg < 6; leg += 1) {
        if (!byNumber.has(pool.ILK_KOSU + leg)) {
          report.errors.push({ path: at('ALTILI', i, 'ILK_KOSU'), message: `Altılının ${leg + 1}. ayağı (${pool.ILK_KOSU + leg}. koşu) bu sonuç dosyasında yok.` });
          return;
        }
      }
    });
    if (raceDayId) {
      const pools = (card.ALTILI ?? []).map((p) => ({ firstRace: p.ILK_KOSU, payout: p.IKRAMIYE, legs: p.KAZANANLAR.map((winners) => ({ winners })) }));
      const existing = plan.raceDays.get(raceDayId);
      plan.raceDays.set(raceDayId, { ...(existing ?? ({ id: raceDayId } as unknown as Omit<RaceDay, "updatedAt">)), sixPools: pools });
    }
  });
}

const nullAncestor = { name: null, birthYear: null };

function mergeHorse(existing: Horse | null, identity: Plan['horseIdentity'] extends Map<string, infer V> ? V | undefined : never, history: Map<string, HistoryItem> | undefined, id: string): Omit<Horse, 'updatedAt'> | null {
  if (!existing && !identity) return null;
  const base: Omit<Horse, 'updatedAt'> = existing
    ? (({ updatedAt: _u, ...rest }) => rest)(existing)
    : {
        id,
        tjkId: id.slice(1),
        name: '',
        nameKey: '',
        searchPrefixes: [],
        age: 4,
        birthYear: null,
        sex: null,
        color: null,
        father: null,
        mother: null,
        mothersFather: null,
        damKey: null,
        jockey: null,
        owner: null,
        trainer: null,
        lastSix: null,
        programmeDate: null,
        pedigree: { sire: nullAncestor, dam: nullAncestor, paternalGrandsire: nullAncestor, paternalGranddam: nullAncestor, maternalGrandsire: nullAncestor, maternalGranddam: nullAncestor },
        raceHistory: [],
      };
  let horse = base;
  if (identity && (horse.programmeDate === null || identity.cardDate >= horse.programmeDate)) {
    const { entry, source, cardDate } = identity;
    const soy = source.SOY;
    const ancestor = (name: string | null, extra: { AD?: string | undefined; DOGUM?: number | undefined } | undefined) => ({ name: extra?.AD ?? name, birthYear: extra?.DOGUM ?? null });
    horse = {
      ...horse,
      name: entry.name,
      nameKey: foldTurkish(entry.name),
      searchPrefixes: namePrefixes(entry.name),
      age: entry.age,
      birthYear: soy?.DOGUM ?? Number(cardDate.slice(0, 4)) - entry.age,
      sex: entry.sex ?? horse.sex,
      color: entry.color ?? horse.color,
      father: entry.father,
      mother: entry.mother,
      mothersFather: entry.mothersFather,
      damKey: entry.mother ? foldTurkish(entry.mother) : null,
      jockey: entry.jockey,
      owner: entry.owner,
      trainer: entry.trainer,
      lastSix: entry.lastSix,
      programmeDate: cardDate,
      pedigree: {
        sire: ancestor(entry.father, soy?.BABA),
        dam: ancestor(entry.mother, soy?.ANNE),
        paternalGrandsire: ancestor(null, soy?.BABABABA),
        paternalGranddam: ancestor(null, soy?.BABAANNE),
        maternalGrandsire: ancestor(entry.mothersFather, soy?.ANNEBABA),
        maternalGranddam: ancestor(null, soy?.ANNEANNE),
      },
    };
  }
  if (history) {
    const merged = new Map(horse.raceHistory.map((h) => [h.raceId, h]));
    for (const [raceId, item] of history) merged.set(raceId, item);
    horse = { ...horse, raceHistory: [...merged.values()].sort((a, b) => (a.date === b.date ? b.raceNumber - a.raceNumber : a.date < b.date ? 1 : -1)) };
  }
  return horse;
}

/** Every folded word prefix of at least two letters: 'Gülbatur' answers 'gu', 'gul', ... 'gulbatur'. */
export function namePrefixes(name: string): string[] {
  const prefixes = new Set<string>();
  for (const word of foldTurkish(name).split(/[^a-z0-9]+/)) {
    for (let n = 2; n <= word.length; n += 1) prefixes.add(word.slice(0, n));
  }
  return [...prefixes];
}

async function loadExisting(store: DocumentStore, collection: string, ids: string[]): Promise<Map<string, DocumentData>> {
  const found = new Map<string, DocumentData>();
  for (let i = 0; i < ids.length; i += 300) {
    (await store.getAll(collection, ids.slice(i, i + 300))).forEach((doc) => doc && found.set(doc.id, doc));
  }
  return found;
}

async function writePlan(deps: Deps, plan: Plan, report: FileReport): Promise<void> {
  const { store } = deps;
  const now = deps.now();
  const writes: { collection: string; id: string; data: DocumentData }[] = [];
  const stage = async (collection: string, docs: Map<string, DocumentData>, merge?: (existing: DocumentData | undefined, next: DocumentData) => DocumentData) => {
    const existing = await loadExisting(store, collection, [...docs.keys()]);
    for (const [id, next] of docs) {
      const current = existing.get(id);
      const data = merge ? merge(current, next) : next;
      if (current && canonical({ ...current, id }) === canonical({ ...data, id })) report.unchanged += 1;
      else writes.push({ collection, id, data: { ...data, updatedAt: now } });
    }
  };

  await stage('venues', plan.venues as Map<string, DocumentData>);
  // A programme re-import keeps the pools and result flag that a results file added earlier.
  await stage('raceDays', plan.raceDays as Map<string, DocumentData>, (current, next) =>
    current ? { ...current, ...next, sixPools: 'cardId' in next ? (current.sixPools ?? []) : next.sixPools } : next,
  );
  await stage('races', plan.races as Map<string, DocumentData>, (current, next) => (current ? { ...next, hasResult: Boolean(current.hasResult) || Boolean(next.hasResult) } : next));
  await stage('results', plan.results as Map<string, DocumentData>);

  const horseIds = [...new Set([...plan.horseIdentity.keys(), ...plan.horseHistory.keys()])];
  const existingHorses = await loadExisting(store, 'horses', horseIds);
  for (const id of horseIds) {
    const current = existingHorses.get(id);
    const existing = current ? parseHorse(current) : null;
    const merged = mergeHorse(existing, plan.horseIdentity.get(id), plan.horseHistory.get(id), id);
    if (!merged) continue;
    if (existing && canonical(existing) === canonical(merged)) {
      report.unchanged += 1;
      continue;
    }
    if (existing) report.horsesUpdated += 1;
    else report.horsesAdded += 1;
    writes.push({ collection: 'horses', id, data: { ...merged, updatedAt: now } });
  }

  for (let i = 0; i < writes.length; i += BATCH_LIMIT) {
    const batch = store.batch();
    for (const w of writes.slice(i, i + BATCH_LIMIT)) {
      const { id: _id, ...data } = w.data;
      batch.set(w.collection, w.id, data);
    }
    await batch.commit();
    // After every chunk, not once at the end: a reader between two chunks must not keep an
    // answer built before the first one.
    invalidateRaceReads(store);
  }
  report.written = writes.length;
}

/** Writes one file's races: all of it, or (on any error) nothing. */
export async function writeRaceFile(deps: Deps, input: ImportInput): Promise<RaceFileWrite> {
  const report = emptyReport(input.name);
  const plan = newPlan();
  const refused: RaceFileWrite = { report, races: new Map(), results: new Map() };
  let raw = input.content;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch (error) {
      report.errors.push({ path: '(dosya)', message: `Geçerli bir JSON değil: ${(error as Error).message}` });
      return refused;
    }
  }
  const kind = detectFileKind(raw);
  report.kind = kind;
  if (kind === 'programme') {
    const { cards, errors } = validateCards(sourceCardSchema, raw);
    report.errors.push(...errors);
    if (errors.length === 0) planProgramme(cards, plan, report);
  } else {
    const { cards, errors } = validateCards(sourceResultCardSchema, raw);
    report.errors.push(...errors);
    if (errors.length === 0) await planResults(deps.store, cards, plan, report, Array.isArray(raw));
  }
  if (report.errors.length > 0) {
    Object.assign(report, { cards: 0, races: 0, entries: 0, results: 0, duplicates: 0 });
    return refused;
  }
  await writePlan(deps, plan, report);
  report.accepted = true;
  return { report, races: plan.races, results: plan.results };
}

/** Programmes before results, so a folder holding both works in one run. */
export function importOrder(inputs: ImportInput[]): ImportInput[] {
  return [...inputs].sort((a, b) => rank(a) - rank(b));
}

/** The files' counts added up. */
export function summariseImport(files: FileReport[]): ImportSummary {
  return {
    files,
    ...importCounts((key) => files.reduce((n, f) => n + f[key], 0)),
    rejected: files.filter((f) => !f.accepted).length,
  };
}

function rank(input: ImportInput): number {
  let raw = input.content;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      return 0;
    }
  }
  return detectFileKind(raw) === 'programme' ? 0 : 1;
}

/** The summary as the CLI prints it. */
export function formatSummary(summary: ImportSummary): string {
  const lines: string[] = [];
  for (const f of summary.files) {
    if (f.accepted) {
      lines.push(`✓ ${f.file} (${f.kind === 'results' ? 'sonuç' : 'program'}): ${f.cards} kart, ${f.races} koşu, ${f.entries} at kaydı, ${f.horsesAdded} yeni at, ${f.horsesUpdated} güncellenen at, ${f.duplicates} tekrar eden kart atlandı, ${f.written} belge yazıldı`);
    } else {
      lines.push(`✗ ${f.file}: reddedildi, hiçbir şey yazılmadı`);
      for (const e of f.errors.slice(0, 50)) lines.push(`    ${e.path}: ${e.message}`);
      if (f.errors.length > 50) lines.push(`    ... ve ${f.errors.length - 50} hata daha`);
    }
  }
  lines.push(
    `Özet: ${summary.cards} kart, ${summary.races} koşu, ${summary.entries} at kaydı, ${summary.results} sonuç, ` +
      `${summary.horsesAdded} at eklendi, ${summary.horsesUpdated} at güncellendi, ${summary.duplicates} tekrar atlandı, ${summary.rejected} dosya reddedildi`,
  );
  return lines.join('\n');
}
