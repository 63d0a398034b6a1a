import { useEffect, useState, type ReactNode } from 'react';
import type { JockeyRate, JockeyRideView, JockeyView } from '../../../functions/src/domain/jockeys/jockey-queries';
import type { TrainerView } from '../../../functions/src/domain/trainers/trainer-queries';
import type { Pagination, Wire } from '@shared/wire';
import { number, placeClass, readPublic, shortDate } from './types';
import { formatOdds } from './race-format';
import PersonLink from './PersonLink';
import { BackButton, Facts, recordMark, RecordPending, RecordTable, usePublicRecord, type RecordRead } from './record-page';
import type { RecordIslandProps } from '../../lib/record-version';

/**
 * The jockey and trainer pages (issues 20, 53): both people are counted from the same results by
 * the same ledger, so one page shows either: what differs (texts, API routes, where a view keeps its
 * runs and horses) is the kind's, today's races and the counting note the island's.
 */

/** The figures every person record has, whichever kind. */
type PersonRecord = Pick<Wire<JockeyView>, 'id' | 'name' | 'lastRideDate' | 'totals' | 'byVenue' | 'bySurface' | 'byDistance' | 'byYear'>;
/** A run under a jockey (a ride) or under a trainer (a runner, which also names who rode it). */
export type PersonRun = Wire<JockeyRideView> & { jockey?: string | null };
/** A person's record with one horse (a jockey's partnership, a trainer's horse). */
export interface PersonHorse {
  horseId: string;
  horseName: string;
  rides: number;
  wins: number;
  places: number;
  winRate: number;
}
/** One page of a person's runs, newest first, from the API. */
type RunsPage = (id: string, page: number) => Promise<{ data: PersonRun[]; pagination?: Pagination | null }>;

/** Each kind's view as the API sends it. */
interface Views {
  jockey: Wire<JockeyView>;
  trainer: Wire<TrainerView>;
}
export type PersonKind = keyof Views;

/** Runs per page: the profile brings the first page ('Son 30 koşu'), the API the older ones. */
const RUNS_PER_PAGE = 30;

/** How each kind's page reads its record and runs, and where its view keeps its runs and horses. */
const SOURCES: { [K in PersonKind]: { read: RecordRead<Views[K]>; readRuns: RunsPage; runs: (view: Views[K]) => PersonRun[]; horses: (view: Views[K]) => PersonHorse[] } } = {
  jockey: {
    read: (id) => readPublic((r) => r.jockeys[':id'].$get({ param: { id: encodeURIComponent(id) } })),
    readRuns: (id, page) => readPublic((r) => r.jockeys[':id'].rides.$get({ param: { id: encodeURIComponent(id) } }), { query: { page, limit: RUNS_PER_PAGE } }),
    runs: (jockey) => jockey.lastRides,
    horses: (jockey) => jockey.partnerships,
  },
  trainer: {
    read: (id) => readPublic((r) => r.trainers[':id'].$get({ param: { id: encodeURIComponent(id) } })),
    readRuns: (id, page) => readPublic((r) => r.trainers[':id'].runs.$get({ param: { id: encodeURIComponent(id) } }), { query: { page, limit: RUNS_PER_PAGE } }),
    runs: (trainer) => trainer.lastRuns,
    horses: (trainer) => trainer.horses,
  },
};

/** Each kind's texts and classes. */
const KINDS = {
  jockey: {
    collection: 'jockeys',
    testId: 'jockey-detail',
    className: 'horse jockey',
    kicker: 'Jokey',
    missingTitle: 'Jokey bulunamadı',
    missingText: 'Aradığınız jokey kayıtlarımızda yok.',
    loadingText: 'Jokey bilgileri yükleniyor…',
    horsesTitle: 'En iyi at ortaklıkları',
    // A jockey's own page: every ride is theirs, so the column would repeat the name.
    jockeyColumn: false,
  },
  trainer: {
    collection: 'trainers',
    testId: 'trainer-detail',
    className: 'horse jockey trainer',
    kicker: 'Antrenör',
    missingTitle: 'Antrenör bulunamadı',
    missingText: 'Aradığınız antrenör kayıtlarımızda yok.',
    loadingText: 'Antrenör bilgileri yükleniyor…',
    horsesTitle: 'En başarılı atları',
    jockeyColumn: true,
  },
} as const;
const NO_RUNS = 'Henüz sonuçlanmış koşu yok.';

const percent = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** 23.5 -> '%23,5' (Turkish puts the sign first). */
export const rateText = (value: number) => `%${percent.format(value)}`;
const sample = (rides: number) => `${number.format(rides)} koşuda`;

/** A rate with its sample size beside it, so '%100,0' of one ride reads as what it is. */
export function Rate({ value, rides }: { value: number; rides: number }) {
  return (
    <>
      <strong>{rateText(value)}</strong> <span className="muted jockey__sample">{sample(rides)}</span>
    </>
  );
}

const horseLink = (id: string, name: string) => (
  <a className="race-table__horse" href={`/at-detay/${encodeURIComponent(id)}`}>
    {name}
  </a>
);

export function RateTable({ title, first, rows }: { title: string; first: string; rows: Wire<JockeyRate>[] }) {
  return (
    <section className="jockey__block">
      <h2 className="horse__subhead">{title}</h2>
      {rows.length === 0 ? (
        <p className="empty">{NO_RUNS}</p>
      ) : (
        <RecordTable
          className="jockey-table"
          labels={[first, 'Koşu', 'Galibiyet', 'Tabela', 'Kazanma oranı', 'Tabela oranı']}
          head={
            <tr>
              <th scope="col">{first}</th>
              <th scope="col" className="jockey-table__rides">
                Koşu
              </th>
              <th scope="col">Galibiyet</th>
              <th scope="col">Tabela</th>
              <th scope="col">Kazanma oranı</th>
              <th scope="col">Tabela oranı</th>
            </tr>
          }
          rows={rows}
        >
          {(r) => (
            <tr key={r.key}>
              <th scope="row">{r.label}</th>
              <td className="jockey-table__rides">{number.format(r.rides)}</td>
              <td>{number.format(r.wins)}</td>
              <td>{number.format(r.places)}</td>
              <td>
                <Rate value={r.winRate} rides={r.rides} />
              </td>
              <td>
                <Rate value={r.placeRate} rides={r.rides} />
              </td>
            </tr>
          )}
        </RecordTable>
      )}
    </section>
  );
}

/** The runs table; with `jockeyColumn` each run names who rode it. */
function RunsTable({ runs, jockeyColumn }: { runs: PersonRun[]; jockeyColumn: boolean }) {
  const head = ['Tarih', 'Hipodrom', 'Koşu', 'Mesafe', 'At', ...(jockeyColumn ? ['Jokey'] : []), 'Derece', 'Ganyan'];
  return (
    <RecordTable className="jockey-table" head={head} rows={runs}>
      {(r) => (
        <tr key={r.id}>
          <td>{shortDate(r.date)}</td>
          <td>{r.city}</td>
          <td>{r.raceNumber}</td>
          <td>
            {number.format(r.distance)} m {r.surface}
          </td>
          <td>{horseLink(r.horseId, r.horseName)}</td>
          {jockeyColumn ? (
            <td>
              <PersonLink kind="jockey" name={r.jockey} />
            </td>
          ) : null}
          <td>
            <span className={placeClass(r.position)}>{r.position ?? '-'}</span>
            <span className="muted"> / {r.runners}</span>
            {r.time ? <span className="muted"> {r.time}</span> : null}
          </td>
          <td>{r.odds === null ? '—' : formatOdds(r.odds)}</td>
        </tr>
      )}
    </RecordTable>
  );
}

/** 'Son 30 koşu' from the profile; older runs page by page from the API. */
function RecentRuns({ person, first, readRuns, jockeyColumn }: { person: PersonRecord; first: PersonRun[]; readRuns: RunsPage; jockeyColumn: boolean }) {
  const [page, setPage] = useState(1);
  const [runs, setRuns] = useState<PersonRun[]>(first);
  const [paging, setPaging] = useState<Pagination | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    if (page === 1) {
      setRuns(first);
      return;
    }
    let live = true;
    readRuns(person.id, page).then(
      (answer) => {
        if (!live) return;
        setRuns(answer.data);
        setPaging(answer.pagination ?? null);
        setError('');
      },
      (e: unknown) => live && setError(e instanceof Error ? e.message : 'Koşular yüklenemedi'),
    );
    return () => {
      live = false;
    };
  }, [page, person.id, first, readRuns]);

  const pages = paging?.totalPages ?? Math.max(1, Math.ceil(person.totals.rides / RUNS_PER_PAGE));
  if (person.totals.rides === 0 || first.length === 0) return <p className="empty">{NO_RUNS}</p>;
  return (
    <>
      {error ? (
        <p className="state--error" role="alert">
          {error}
        </p>
      ) : (
        <RunsTable runs={runs} jockeyColumn={jockeyColumn} />
      )}
      {pages > 1 && (
        <nav className="jockey__pager" aria-label="Koşu sayfaları">
          <button type="button" className="btn btn--ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            ← Daha yeni
          </button>
          <span>
            {page} / {pages}
          </span>
          <button type="button" className="btn btn--ghost" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Daha eski →
          </button>
        </nav>
      )}
    </>
  );
}

function Horses({ horses }: { horses: PersonHorse[] }) {
  if (horses.length === 0) return <p className="empty">{NO_RUNS}</p>;
  return (
    <RecordTable className="jockey-table" head={['At', 'Koşu', 'Galibiyet', 'Tabela', 'Kazanma oranı']} rows={horses}>
      {(h) => (
        <tr key={h.horseId}>
          <th scope="row">{horseLink(h.horseId, h.horseName)}</th>
          <td>{number.format(h.rides)}</td>
          <td>{number.format(h.wins)}</td>
          <td>{number.format(h.places)}</td>
          <td>
            <Rate value={h.winRate} rides={h.rides} />
          </td>
        </tr>
      )}
    </RecordTable>
  );
}

/** The head of a person's page: what they are, the name, the last run. */
function PersonHead({ kicker, record }: { kicker: string; record: PersonRecord }) {
  return (
    <header className="horse__head">
      <p className="jockey__kicker">{kicker}</p>
      <h1>{record.name}</h1>
      <p className="horse__lineage">{record.lastRideDate ? `Son koşu: ${shortDate(record.lastRideDate)}` : 'Henüz sonuçlanmış koşusu yok.'}</p>
    </header>
  );
}

/** A person's figures: totals, how they are counted, the four rate tables. */
function PersonFigures({ record, note }: { record: PersonRecord; note: ReactNode }) {
  const t = record.totals;
  return (
    <>
      <Facts
        className="jockey__totals"
        facts={[
          ['Koşu', number.format(t.rides)],
          ['Galibiyet', number.format(t.wins)],
          ['Tabela', number.format(t.places)],
          ['Kazanma oranı', <Rate value={t.winRate} rides={t.rides} />],
          ['Tabela oranı', <Rate value={t.placeRate} rides={t.rides} />],
        ]}
      />
      <p className="muted jockey__note">Tabela: ilk dört derece (TJK'nın tanımı). {note}</p>
      <RateTable title="Hipodroma göre" first="Hipodrom" rows={record.byVenue} />
      <RateTable title="Pist türüne göre" first="Pist" rows={record.bySurface} />
      <RateTable title="Mesafeye göre" first="Mesafe" rows={record.byDistance} />
      <RateTable title="Yıllara göre" first="Yıl" rows={record.byYear} />
    </>
  );
}

/** A titled part of the page. */
export function PersonBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="jockey__block">
      <h2 className="horse__subhead">{title}</h2>
      {children}
    </section>
  );
}

export interface PersonPageProps<K extends PersonKind> extends RecordIslandProps<Views[K]> {
  kind: K;
  /** Today's races, above the figures. */
  today: (person: Views[K]) => ReactNode;
  /** How this kind's rates are counted, after the tabela rule. */
  note: ReactNode;
}

/** A jockey's or a trainer's page: today's races, the figures, the newest runs, the best horses. */
export function PersonPage<K extends PersonKind>({ kind, recordId, initial, version, today, note }: PersonPageProps<K>) {
  const k = KINDS[kind];
  const source = SOURCES[kind];
  const { record: person, state, error, load } = usePublicRecord(source.read, recordId, initial);
  if (state === 'missing' || !person) {
    return <RecordPending state={state} error={error} onRetry={() => void load()} missingTitle={k.missingTitle} missingText={k.missingText} loadingText={k.loadingText} />;
  }
  return (
    <section className={k.className} data-testid={k.testId} {...recordMark(k.collection, person.id, version)}>
      <BackButton />
      <PersonHead kicker={k.kicker} record={person} />
      <div className="horse__panel">
        {today(person)}
        <PersonFigures record={person} note={note} />
        <PersonBlock title="Son 30 koşu">
          <RecentRuns person={person} first={source.runs(person)} readRuns={source.readRuns} jockeyColumn={k.jockeyColumn} />
        </PersonBlock>
        <PersonBlock title={k.horsesTitle}>
          <Horses horses={source.horses(person)} />
        </PersonBlock>
      </div>
    </section>
  );
}
