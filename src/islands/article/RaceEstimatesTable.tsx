import { useEffect, useState } from 'react';
import { apiFetch, errorText } from './session';
import type { RaceEstimate } from './types';

const DEFAULT_ERROR = 'Yarış tahminleri yüklenirken hata oluştu';

/** '2. ALTILI GANYAN' covers races 7 and up, the first altılı the earlier ones (spec 000 §2.12). */
export function altiliLabel(estimate: RaceEstimate): string {
  return estimate.races.some((race) => race.raceNumber >= 7) ? '2. ALTILI GANYAN' : '1. ALTILI GANYAN';
}

export function EstimateTable({ estimate }: { estimate: RaceEstimate }) {
  const races = [...estimate.races].sort((a, b) => a.raceNumber - b.raceNumber);
  const rows = Math.max(0, ...races.map((race) => race.selectedHorses.length));
  const label = altiliLabel(estimate);
  return (
    <figure className="estimate">
      <figcaption className="estimate__caption">
        <strong>{label}</strong>
        {estimate.title ? <span> · {estimate.title}</span> : null}
        {estimate.raceData?.location ? <span> · {estimate.raceData.location}</span> : null}
      </figcaption>
      {estimate.description ? <p className="estimate__description">{estimate.description}</p> : null}
      <div className="estimate__scroll" tabIndex={0} role="region" aria-label={`${label} tablosu`}>
        <table className="estimate__table">
          <thead>
            <tr>
              {races.map((race) => (
                <th scope="col" key={race.id ?? race.raceNumber}>
                  {race.raceNumber}. Koşu
                  {race.startTime ? <span className="estimate__time">{race.startTime}</span> : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: rows }, (_, row) => (
              <tr key={row}>
                {races.map((race) => {
                  const horse = race.selectedHorses[row];
                  return (
                    <td key={race.id ?? race.raceNumber}>
                      {horse ? (
                        <>
                          <span className="estimate__no">{horse.number}</span> {horse.name}
                        </>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

export function EstimatesList({ estimates }: { estimates: RaceEstimate[] }) {
  if (estimates.length === 0) return null;
  return (
    <section className="estimates" aria-labelledby="estimates-heading">
      <h2 id="estimates-heading">Yarış Tahminleri</h2>
      {estimates.map((estimate) => (
        <EstimateTable estimate={estimate} key={estimate.id} />
      ))}
    </section>
  );
}

function readEstimates(data: unknown): RaceEstimate[] {
  if (Array.isArray(data)) return data as RaceEstimate[];
  if (data && typeof data === 'object' && Array.isArray((data as { estimates?: unknown }).estimates)) {
    return (data as { estimates: RaceEstimate[] }).estimates;
  }
  return [];
}

/**
 * Island: loads an article's race estimates with the reader's token (estimates of a protected
 * article are as protected as its body). Shows the spec's failure text instead of an empty table.
 */
export default function RaceEstimatesTable({ articleId, initial }: { articleId: string; initial?: RaceEstimate[] }) {
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'ready'; estimates: RaceEstimate[] } | { kind: 'error'; message: string }>(
    initial ? { kind: 'ready', estimates: initial } : { kind: 'loading' },
  );

  useEffect(() => {
    if (initial) return;
    let live = true;
    void apiFetch<unknown>(`/articles/${encodeURIComponent(articleId)}/race-estimates`).then((answer) => {
      if (!live) return;
      if (answer.ok) setState({ kind: 'ready', estimates: readEstimates(answer.data) });
      else setState({ kind: 'error', message: errorText(answer, DEFAULT_ERROR) });
    });
    return () => {
      live = false;
    };
  }, [articleId, initial]);

  if (state.kind === 'loading') {
    return (
      <p className="estimates__loading" aria-busy="true">
        Yarış tahminleri yükleniyor...
      </p>
    );
  }
  if (state.kind === 'error') {
    return (
      <div className="notice notice--error" role="alert">
        <strong>Yarış Tahminleri Yüklenemedi</strong>
        <p>{state.message}</p>
      </div>
    );
  }
  return <EstimatesList estimates={state.estimates} />;
}
