import { useEffect, useState, type ReactNode } from 'react';
import type { JockeyRate, JockeyRideView, JockeyView } from '../../../functions/src/domain/jockeys/jockey-queries';
import type { Pagination, Wire } from '@shared/wire';
import { number, placeClass, readPublic, shortDate } from './types';
import { formatOdds } from './race-format';
import { TodayRides } from './Today';
import { BackButton, Facts, recordMark, RecordPending, RecordTable, usePublicRecord } from './record-page';

type Jockey = Wire<JockeyView>;
type Ride = Wire<JockeyRideView>;

interface Props {
  /** '' on the fallback page: the id is then the last part of the address. */
  jockeyId: string;
  /** Prebuilt data; null when the page was opened for a jockey first seen after the build. */
  initial: Jockey | null;
  /** `recordVersion(initial)`: the page hydrates at load only when the live record differs. */
  version?: string;
}

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

export function RateTable({ title, first, rows }: { title: string; first: string; rows: Wire<JockeyRate>[] }) {
  return (
    <section className="jockey__block">
      <h2 className="horse__subhead">{title}</h2>
      {rows.length === 0 ? (
        <p className="empty">Henüz sonuçlanmış koşu yok.</p>
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

function RidesTable({ rides }: { rides: Ride[] }) {
  return (
    <RecordTable className="jockey-table" head={['Tarih', 'Hipodrom', 'Koşu', 'Mesafe', 'At', 'Derece', 'Ganyan']} rows={rides}>
      {(r) => (
        <tr key={r.id}>
          <td>{shortDate(r.date)}</td>
          <td>{r.city}</td>
          <td>{r.raceNumber}</td>
          <td>
            {number.format(r.distance)} m {r.surface}
          </td>
          <td>
            <a className="race-table__horse" href={`/at-detay/${encodeURIComponent(r.horseId)}`}>
              {r.horseName}
            </a>
          </td>
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

/** 'Son 30 koşu' from the profile; older rides page by page from /rides. */
function RecentRides({ jockey }: { jockey: Jockey }) {
  const [page, setPage] = useState(1);
  const [rides, setRides] = useState<Ride[]>(jockey.lastRides);
  const [paging, setPaging] = useState<Pagination | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    if (page === 1) {
      setRides(jockey.lastRides);
      return;
    }
    let live = true;
    readPublic((r) => r.jockeys[':id'].rides.$get({ param: { id: encodeURIComponent(jockey.id) } }), { query: { page, limit: 30 } }).then(
      (answer) => {
        if (!live) return;
        setRides(answer.data);
        setPaging(answer.pagination ?? null);
        setError('');
      },
      (e: unknown) => live && setError(e instanceof Error ? e.message : 'Koşular yüklenemedi'),
    );
    return () => {
      live = false;
    };
  }, [page, jockey]);

  const pages = paging?.totalPages ?? Math.max(1, Math.ceil(jockey.totals.rides / 30));
  if (jockey.totals.rides === 0) return <p className="empty">Henüz sonuçlanmış koşu yok.</p>;
  return (
    <>
      {error ? (
        <p className="state--error" role="alert">
          {error}
        </p>
      ) : (
        <RidesTable rides={rides} />
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

function Partnerships({ jockey }: { jockey: Jockey }) {
  if (jockey.partnerships.length === 0) return <p className="empty">Henüz sonuçlanmış koşu yok.</p>;
  return (
    <RecordTable className="jockey-table" head={['At', 'Koşu', 'Galibiyet', 'Tabela', 'Kazanma oranı']} rows={jockey.partnerships}>
      {(p) => (
        <tr key={p.horseId}>
          <th scope="row">
            <a className="race-table__horse" href={`/at-detay/${encodeURIComponent(p.horseId)}`}>
              {p.horseName}
            </a>
          </th>
          <td>{number.format(p.rides)}</td>
          <td>{number.format(p.wins)}</td>
          <td>{number.format(p.places)}</td>
          <td>
            <Rate value={p.winRate} rides={p.rides} />
          </td>
        </tr>
      )}
    </RecordTable>
  );
}

type PersonFiguresRecord = Pick<Jockey, 'name' | 'lastRideDate' | 'totals' | 'byVenue' | 'bySurface' | 'byDistance' | 'byYear'>;

/** The head of a jockey's or a trainer's page: what they are, the name, the last run. */
export function PersonHead({ kicker, record }: { kicker: string; record: PersonFiguresRecord }) {
  return (
    <header className="horse__head">
      <p className="jockey__kicker">{kicker}</p>
      <h1>{record.name}</h1>
      <p className="horse__lineage">{record.lastRideDate ? `Son koşu: ${shortDate(record.lastRideDate)}` : 'Henüz sonuçlanmış koşusu yok.'}</p>
    </header>
  );
}

/** A jockey's or a trainer's figures (they are counted alike): totals, how they are counted, the four rate tables. */
export function PersonFigures({ record, note }: { record: PersonFiguresRecord; note: ReactNode }) {
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

/** Jockey page (issue 20): statistics from results, the last 30 rides, the best partnerships. */
const readJockey = (id: string) => readPublic((r) => r.jockeys[':id'].$get({ param: { id: encodeURIComponent(id) } }));

export default function JockeyDetail({ jockeyId: givenId, initial, version }: Props) {
  const { record: jockey, state, error, load } = usePublicRecord(readJockey, givenId, initial);
  if (state === 'missing' || !jockey) {
    return <RecordPending state={state} error={error} onRetry={() => void load()} missingTitle="Jokey bulunamadı" missingText="Aradığınız jokey kayıtlarımızda yok." loadingText="Jokey bilgileri yükleniyor…" />;
  }

  return (
    <section className="horse jockey" data-testid="jockey-detail" {...recordMark('jockeys', jockey.id, version)}>
      <BackButton />
      <PersonHead kicker="Jokey" record={jockey} />
      <div className="horse__panel">
        <TodayRides rides={jockey.todayRides} />
        <PersonFigures record={jockey} note="Oranlar içe aktarılan yarış sonuçlarından hesaplanır; her oranın yanında kaç koşudan hesaplandığı yazar." />
        <section className="jockey__block">
          <h2 className="horse__subhead">Son 30 koşu</h2>
          <RecentRides jockey={jockey} />
        </section>
        <section className="jockey__block">
          <h2 className="horse__subhead">En iyi at ortaklıkları</h2>
          <Partnerships jockey={jockey} />
        </section>
      </div>
    </section>
  );
}
