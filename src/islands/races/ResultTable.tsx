import { placeClass, horseHref, type RaceResultView, type SixPool } from './types';
import PersonLink from './PersonLink';
import { TableFrame } from './record-page';
import { formatOdds } from './race-format';
import { formatTL } from '@shared/text/money';
import { altiliTitle, poolTitle, sortPayouts } from '@shared/races/pools';

interface Props {
  raceNumber: number;
  result: RaceResultView;
  /** The card's altılı pools; those ending with this race are shown (their payout is known once the sixth leg is run). */
  cardSixPools?: SixPool[];
}

/** The official result of one race: finishing order, time, margins, jockeys and every pool the source paid. */
export default function ResultTable({ raceNumber, result, cardSixPools = [] }: Props) {
  const hasMargins = result.finishers.some((f) => f.margin);
  const altilis = [...cardSixPools].sort((a, b) => a.firstRace - b.firstRace).map((pool, i) => ({ pool, order: i + 1 }));
  const sixPools = altilis.filter(({ pool }) => pool.firstRace + 5 === raceNumber);
  return (
    <section className="result" aria-label={`${raceNumber}. koşu sonucu`}>
      <h3 className="result__title">Sonuç</h3>
      <TableFrame>
        <table className="race-table race-table--cards result-table">
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
                <td className="result-table__place">{f.position === null ? <span className="muted">Koşmadı</span> : <span className={placeClass(f.position)}>{f.position}</span>}</td>
                <td className="race-table__no">{f.number}</td>
                <td className="race-table__horse-cell">
                  <a className="race-table__horse" href={horseHref({ horseId: f.horseId, name: f.name, age: 0, father: null, mother: null, mothersFather: null, jockey: f.jockey, owner: null, trainer: null })}>
                    {f.name}
                  </a>
                </td>
                <td data-label="Jokey">
                  <PersonLink kind="jockey" name={f.jockey} />
                </td>
                <td data-label="Derece">{f.time ?? '—'}</td>
                {hasMargins && <td data-label="Fark">{f.margin ?? '—'}</td>}
                <td data-label="Ganyan">{f.odds === null ? '—' : formatOdds(f.odds)}</td>
                <td data-label="İkramiye">{f.earnings > 0 ? formatTL(f.earnings) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      <dl className="payouts" aria-label="Bahis ikramiyeleri (1 TL için)">
        {result.ganyanDividend !== null && (
          <div>
            <dt>Ganyan</dt>
            <dd>{formatTL(result.ganyanDividend)}</dd>
          </div>
        )}
        {sortPayouts(result.payouts).map((p) => (
          <div key={`${p.kind}-${p.combination}`}>
            <dt>
              {poolTitle(p.kind, raceNumber)} <span className="payouts__combo">{p.combination}</span>
            </dt>
            <dd>{formatTL(p.payout)}</dd>
          </div>
        ))}
        {sixPools.map(({ pool, order }) => (
          <div key={pool.firstRace}>
            <dt>
              {altiliTitle(order, pool.firstRace)} <span className="payouts__combo">{pool.legs.map((leg) => leg.winners.join('/')).join('-')}</span>
            </dt>
            <dd>{formatTL(pool.payout)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
