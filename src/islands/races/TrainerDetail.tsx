import type { TodayRunner, TrainerView } from '../../../functions/src/domain/trainers/trainer-queries';
import type { Wire } from '@shared/wire';
import { number } from './types';
import PersonLink from './PersonLink';
import { PersonBlock, PersonPage } from './PersonDetail';
import type { RecordIslandProps } from '../../lib/record-version';
import { istanbulParts } from '@shared/text/dates';

const clock = (iso: string) => istanbulParts(iso).clock;

/** Today's declared runners, one card each (a phone shows every field without scrolling sideways). */
function Today({ runners }: { runners: Wire<TodayRunner>[] }) {
  if (runners.length === 0) return <p className="empty">Bugün koşan atı yok.</p>;
  return (
    <ul className="trainer-today" data-testid="trainer-today">
      {runners.map((r) => (
        <li key={`${r.raceId}-${r.horseId}`} className={r.nonRunner ? 'trainer-today__item trainer-today__item--out' : 'trainer-today__item'}>
          <p className="trainer-today__race">
            <a href={`/yaris-programi?hipodrom=${encodeURIComponent(r.venueId)}`}>
              {r.city} {r.raceNumber}. koşu, {clock(r.startsAt)}
            </a>
            <span className="muted">
              {' '}
              · {number.format(r.distance)} m {r.surface} · {r.nonRunner ? 'Koşmaz' : r.status}
            </span>
          </p>
          <p className="trainer-today__horse">
            <span className="race-table__no">{r.number}</span>{' '}
            <a className="race-table__horse" href={`/at-detay/${encodeURIComponent(r.horseId)}`}>
              {r.horseName}
            </a>
            <span className="muted"> · Jokey: </span>
            <PersonLink kind="jockey" name={r.jockey} />
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Trainer page (issue 53): today's runners, statistics from results, the runners page by page, the best horses. */
export default function TrainerDetail(props: RecordIslandProps<Wire<TrainerView>>) {
  const note = (
    <>
      Oranlar içe aktarılan yarış sonuçlarından, antrenörün hazırladığı atların koşularından hesaplanır. <a href="/istatistikler">Jokey ve antrenör istatistikleri</a>
    </>
  );
  return (
    <PersonPage
      kind="trainer"
      {...props}
      note={note}
      today={(trainer) => (
        <PersonBlock title="Bugünkü koşuları">
          <Today runners={trainer.today} />
        </PersonBlock>
      )}
    />
  );
}
