import { placeClass, horseHref, type RaceResultView, type SixPool } from './types';
import JockeyLink from './JockeyLink';
import { TableFrame } from './record-page';
import { formatTL } from '../../../functions/src/domain/text/money';

const odds = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

interface Props {
  raceNumber: number;
  result: RaceResultView;
  /** Altılı pools of the card that end with this race (their payout is known once the sixth leg is run). */
  sixPools?: SixPool[];
}

/** The official result of one race: finishing order, time, margins, jockeys and the pools paid. */
export default function ResultTable({ raceNumber, result, sixPools = [] }: Props) {
  const hasMargins = result.finishers.some((f) => f.margin);
  return (
    <section className="result" aria-label={`${raceNumber}. koşu sonucu`}>
      <h3 className="result__title">Sonuç</h3>
      <TableFrame>
        <table className="race-table result-table">
          <caption className="sr-only">{raceNumber}. koşu sonucu</caption>
          <thead>
            <tr>
              <th scope="col">Sıra</th>
              <th scope="col">No</th>
              <th scope="col">At</th>
              <th scope="col">Jokey</th>
              <th scope="col">Derece</th>
              {hasMargins && <th scope="col">Fark</th>}
              <th scope="col">Ganyan</th>
              <th scope="col">İkramiye</th>
            </tr>
          </thead>
          <tbody>
            {result.finishers.map((f) => (
              <tr key={f.number} className={f.position === null ? 'result-table__out' : undefined}>
                <td>{f.position === null ? <span className="muted">Koşmadı</span> : <span className={placeClass(f.position)}>{f.position}</span>}</td>
                <td className="race-table__no">{f.number}</td>
                <td>
                  <a className="race-table__horse" href={horseHref({ horseId: f.horseId, name: f.name, age: 0, father: null, mother: null, mothersFather: null, jockey: f.jockey, owner: null, trainer: null })}>
                    {f.name}
                  </a>
                </td>
                <td>
                  <JockeyLink name={f.jockey} />
                </td>
                <td>{f.time ?? '—'}</td>
                {hasMargins && <td>{f.margin ?? '—'}</td>}
                <td>{f.odds === null ? '—' : odds.format(f.odds)}</td>
                <td>{f.earnings > 0 ? formatTL(f.earnings) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      <dl className="payouts">
        {result.ganyanDividend !== null && (
          <div>
            <dt>Ganyan</dt>
            <dd>{formatTL(result.ganyanDividend)}</dd>
          </div>
        )}
        {result.payouts.map((p) => (
          <div key={`${p.kind}-${p.combination}`}>
            <dt>
              {p.kind} <span className="payouts__combo">{p.combination}</span>
            </dt>
            <dd>{formatTL(p.payout)}</dd>
          </div>
        ))}
        {sixPools.map((pool) => (
          <div key={pool.firstRace}>
            <dt>
              Altılı Ganyan ({pool.firstRace}.–{pool.firstRace + 5}. koşular) <span className="payouts__combo">{pool.legs.map((leg) => leg.winners.join('/')).join('-')}</span>
            </dt>
            <dd>{formatTL(pool.payout)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
