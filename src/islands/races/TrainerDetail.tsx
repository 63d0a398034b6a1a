import type { TodayRunner, TrainerRunView, TrainerView } from '../../../functions/src/domain/trainers/trainer-queries';
import type { Wire } from '../../../functions/src/platform/wire';
import { number, placeClass, shortDate } from './types';
import { formatOdds } from './race-format';
import JockeyLink from './JockeyLink';
import { PersonFigures, PersonHead, Rate } from './JockeyDetail';
import { BackButton, recordMark, RecordPending, RecordTable, usePublicRecord } from './record-page';
import { istanbulParts } from '@shared/text/dates';
import { readPublic } from './types';

type Trainer = Wire<TrainerView>;

interface Props {
  /** '' on the fallback page: the id is then the last part of the address. */
  trainerId: string;
  /** Prebuilt data; null when the page was opened for a trainer first seen after the build. */
  initial: Trainer | null;
  /** `recordVersion(initial)`: the page hydrates at load only when the live record differs. */
  version?: string;
}

const clock = (iso: string) => istanbulParts(iso).clock;
const horseLink = (id: string, name: string) => (
  <a className="race-table__horse" href={`/at-detay/${encodeURIComponent(id)}`}>
    {name}
  </a>
);

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
            <span className="race-table__no">{r.number}</span> {horseLink(r.horseId, r.horseName)}
            <span className="muted"> · Jokey: </span>
            <JockeyLink name={r.jockey} />
          </p>
        </li>
      ))}
    </ul>
  );
}

function Runs({ runs }: { runs: Wire<TrainerRunView>[] }) {
  if (runs.length === 0) return <p className="empty">Henüz sonuçlanmış koşu yok.</p>;
  return (
    <RecordTable className="jockey-table" head={['Tarih', 'Hipodrom', 'Koşu', 'Mesafe', 'At', 'Jokey', 'Derece', 'Ganyan']} rows={runs}>
      {(r) => (
        <tr key={r.id}>
          <td>{shortDate(r.date)}</td>
          <td>{r.city}</td>
          <td>{r.raceNumber}</td>
          <td>
            {number.format(r.distance)} m {r.surface}
          </td>
          <td>{horseLink(r.horseId, r.horseName)}</td>
          <td>
            <JockeyLink name={r.jockey} />
          </td>
          <td>
            <span className={placeClass(r.position)}>{r.position ?? '-'}</span>
            <span className="muted"> / {r.runners}</span>
          </td>
          <td>{r.odds === null ? '—' : formatOdds(r.odds)}</td>
        </tr>
      )}
    </RecordTable>
  );
}

function Horses({ trainer }: { trainer: Trainer }) {
  if (trainer.horses.length === 0) return <p className="empty">Henüz sonuçlanmış koşu yok.</p>;
  return (
    <RecordTable className="jockey-table" head={['At', 'Koşu', 'Galibiyet', 'Tabela', 'Kazanma oranı']} rows={trainer.horses}>
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

/** Trainer page (issue 53): today's runners, statistics from results, the last 30 runners, the best horses. */
const readTrainer = (id: string) => readPublic((r) => r.trainers[':id'].$get({ param: { id: encodeURIComponent(id) } }));

export default function TrainerDetail({ trainerId: givenId, initial, version }: Props) {
  const { record: trainer, state, error, load } = usePublicRecord(readTrainer, givenId, initial);
  if (state === 'missing' || !trainer) {
    return <RecordPending state={state} error={error} onRetry={() => void load()} missingTitle="Antrenör bulunamadı" missingText="Aradığınız antrenör kayıtlarımızda yok." loadingText="Antrenör bilgileri yükleniyor…" />;
  }

  return (
    <section className="horse jockey trainer" data-testid="trainer-detail" {...recordMark('trainers', trainer.id, version)}>
      <BackButton />
      <PersonHead kicker="Antrenör" record={trainer} />
      <div className="horse__panel">
        <section className="jockey__block">
          <h2 className="horse__subhead">Bugünkü koşuları</h2>
          <Today runners={trainer.today} />
        </section>
        <PersonFigures
          record={trainer}
          note={
            <>
              Oranlar içe aktarılan yarış sonuçlarından, antrenörün hazırladığı atların koşularından hesaplanır. <a href="/istatistikler">Jokey ve antrenör istatistikleri</a>
            </>
          }
        />
        <section className="jockey__block">
          <h2 className="horse__subhead">Son 30 koşu</h2>
          <Runs runs={trainer.lastRuns} />
        </section>
        <section className="jockey__block">
          <h2 className="horse__subhead">En başarılı atları</h2>
          <Horses trainer={trainer} />
        </section>
      </div>
    </section>
  );
}
