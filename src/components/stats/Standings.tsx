import { useEffect, useRef, useState } from 'react';
import type { StandingRow, Standings as ServerStandings, StandingsTables } from '../../../functions/src/domain/trainers/standings';
import type { Wire } from '../../../functions/src/platform/wire';
import { number, readPublic } from '../../islands/races/types';

type Data = Wire<ServerStandings>;
type Filter = { sezon: string; hipodrom: string };

interface Props {
  /** The standings of the build's default filter (this season, every venue). */
  initial: Data;
  /** `recordVersion(initial)`: the page hydrates at load only when the live standings differ. */
  version: string;
}

/** '?sezon=2026&hipodrom=istanbul' for the API and the address; empty parts left out. */
export function standingsQuery({ sezon, hipodrom }: Filter): string {
  const params = new URLSearchParams();
  if (sezon) params.set('sezon', sezon);
  if (hipodrom) params.set('hipodrom', hipodrom);
  const text = params.toString();
  return text ? `?${text}` : '';
}

const percent = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** 23.5 -> '%23,5' (as the jockey page writes it; not imported from there, which would bring the whole page's code). */
const rateText = (value: number) => `%${percent.format(value)}`;
const filterOf = (data: Data): Filter => ({ sezon: data.season ?? '', hipodrom: data.venue?.id ?? '' });
const ALL_SEASONS = 'tum';

function Table({ caption, rows, person, rate }: { caption: string; rows: Wire<StandingRow>[]; person: 'jokey' | 'antrenor'; rate: boolean }) {
  return (
    <table className="standings-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className="standings-table__rank">
            #
          </th>
          <th scope="col">{person === 'jokey' ? 'Jokey' : 'Antrenör'}</th>
          <th scope="col">{rate ? 'Oran' : 'Galibiyet'}</th>
          <th scope="col">{rate ? 'Galibiyet' : 'Oran'}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => {
          const wins = <strong>{number.format(r.wins)}</strong>;
          // The sample beside every rate: '%40,0 · 25 koşu' reads as what it is.
          const share = (
            <>
              <span className={rate ? 'standings-table__main' : undefined}>{rateText(r.winRate)}</span> <span className="muted standings-table__sample">{number.format(r.rides)} koşu</span>
            </>
          );
          return (
            <tr key={r.id}>
              <td className="standings-table__rank">{i + 1}</td>
              <th scope="row">
                <a href={`/${person}/${encodeURIComponent(r.id)}`}>{r.name}</a>
              </th>
              <td>{rate ? share : wins}</td>
              <td>{rate ? number.format(r.wins) : share}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Group({ title, tables, person, minRides }: { title: string; tables: Wire<StandingsTables>; person: 'jokey' | 'antrenor'; minRides: number }) {
  return (
    // Left out of the search index: a list of names that each have their own page (as record tables are).
    <section className="standings__group" aria-label={title} data-testid={`standings-${person}`} data-pagefind-ignore="">
      <h2>{title}</h2>
      {tables.count === 0 ? (
        <p className="empty">Bu sezon ve hipodrom için sonuçlanmış koşu yok.</p>
      ) : (
        <div className="standings__tables">
          <Table caption="Galibiyet sayısına göre" rows={tables.byWins} person={person} rate={false} />
          {tables.byRate.length === 0 ? (
            <p className="empty standings__none">Kazanma oranı sıralaması için en az {minRides} koşusu olan yok.</p>
          ) : (
            <Table caption={`Kazanma oranına göre (en az ${minRides} koşu)`} rows={tables.byRate} person={person} rate />
          )}
        </div>
      )}
    </section>
  );
}

/** Standings (issue 53): jockeys and trainers by wins and by win rate, filtered by season and venue. */
export default function Standings({ initial, version }: Props) {
  const [data, setData] = useState<Data>(initial);
  const [filter, setFilter] = useState<Filter>(() => filterOf(initial));
  const [error, setError] = useState('');
  const asked = useRef(0);

  const load = (next: Filter) => {
    const ticket = ++asked.current;
    readPublic((r) => r.standings.$get(), { query: { sezon: next.sezon || undefined, hipodrom: next.hipodrom || undefined } }).then(
      (answer) => {
        if (ticket !== asked.current) return;
        setData(answer.data);
        setError('');
      },
      (e: unknown) => ticket === asked.current && setError(e instanceof Error ? e.message : 'İstatistikler yüklenemedi.'),
    );
  };

  // The address may ask for another season or venue (a shared link); the built figures may be older than the last import.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const sezon = params.get('sezon');
    const next = { sezon: sezon === null ? filter.sezon : sezon === ALL_SEASONS ? '' : sezon, hipodrom: params.get('hipodrom') ?? filter.hipodrom };
    setFilter(next);
    load(next);
    // Once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const choose = (change: Partial<Filter>) => {
    const next = { ...filter, ...change };
    setFilter(next);
    const params = new URLSearchParams();
    // No season in the address is this season (the page's default): 'tum' asks for every season.
    params.set('sezon', next.sezon || ALL_SEASONS);
    if (next.hipodrom) params.set('hipodrom', next.hipodrom);
    window.history.replaceState(null, '', `${window.location.pathname}?${params}`);
    load(next);
  };

  const scope = [data.season ? `${data.season} sezonu` : 'Tüm sezonlar', data.venue ? data.venue.city : 'tüm hipodromlar'].join(', ');
  return (
    <div className="standings" data-testid="standings" data-record-url={`/api/standings${standingsQuery(filterOf(initial))}`} data-record-version={version}>
      <form className="standings__filter" onSubmit={(e) => e.preventDefault()} aria-label="İstatistik filtresi">
        <label>
          Sezon
          <select name="sezon" value={filter.sezon} onChange={(e) => choose({ sezon: e.target.value })}>
            <option value="">Tüm sezonlar</option>
            {data.seasons.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Hipodrom
          <select name="hipodrom" value={filter.hipodrom} onChange={(e) => choose({ hipodrom: e.target.value })}>
            <option value="">Tüm hipodromlar</option>
            {data.venues.map((v) => (
              <option key={v.id} value={v.id}>
                {v.city}
              </option>
            ))}
          </select>
        </label>
      </form>
      <p className="standings__scope" aria-live="polite">
        {scope}
      </p>
      {error && (
        <p className="state--error" role="alert">
          {error}
        </p>
      )}
      <Group title="Jokeyler" tables={data.jockeys} person="jokey" minRides={data.minRides} />
      <Group title="Antrenörler" tables={data.trainers} person="antrenor" minRides={data.minRides} />
    </div>
  );
}
