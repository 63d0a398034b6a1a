import { useEffect, useState } from 'react';
import { formatDateTime } from '../../lib/format';
import { apiCall, errorText } from './session';
import type { EstimateSettlement, RaceEstimate } from './types';
import { BET_LABELS, betText } from '@shared/estimates/bet-text';
import { proofHref, selectionsText } from '@shared/estimates/selections-text';

const DEFAULT_ERROR = 'Yarış tahminleri yüklenirken hata oluştu';

/** '2. ALTILI GANYAN' covers races 7 and up, the first altılı the earlier ones (spec 000 §2.12). */
export function altiliLabel(estimate: RaceEstimate): string {
  // A single-race tip names its race and pool ('3. KOŞU · SIRALI İKİLİ'), never an altılı.
  if (estimate.bet) return `${estimate.races[0]?.raceNumber ?? ''}. KOŞU · ${BET_LABELS[estimate.bet.kind].toLocaleUpperCase('tr-TR')}`;
  return estimate.races.some((race) => race.raceNumber >= 7) ? '2. ALTILI GANYAN' : '1. ALTILI GANYAN';
}


/** '22.11.2026 14:30', Istanbul time whatever the reader's zone. */
export function lockTimeText(at: string | Date): string {
  return formatDateTime(at);
}

import { formatTL } from '@shared/text/money';

/** The lock line's wording; `LOCK_TEXT.neutral` is true at any moment (a static page before its script ran, or without JS). */
export const LOCK_TEXT = {
  locked: 'Tahmin kilitlendi: ',
  upcoming: 'Seçimler ilk koşuda kilitlenir: ',
  neutral: 'Seçimlerin kilit zamanı (ilk koşu): ',
} as const;

/**
 * The proof line of issue 8: when the picks froze and the short form of their hash. Before the
 * lock it says when they will freeze. `now` null: the static page, built before the reader came;
 * it renders the neutral wording and the page's script picks the tense by the reader's clock
 * (`data-lock-at`).
 */
function LockLine({ lockAt, hash, hashedText, now }: { lockAt: string | Date; hash?: string | null; hashedText: string | null; now: number | null }) {
  const at = new Date(lockAt);
  const locked = now !== null && now >= at.getTime();
  return (
    <p className={`estimate__lock ${locked ? 'is-locked' : ''}`} data-testid="estimate-lock" data-lock-at={now === null ? at.toISOString() : undefined}>
      <span>
        <span className="estimate__lock-label">{now === null ? LOCK_TEXT.neutral : locked ? LOCK_TEXT.locked : LOCK_TEXT.upcoming}</span>
        <time dateTime={at.toISOString()}>{lockTimeText(lockAt)}</time>
      </span>
      {hash ? (
        <a className="estimate__hash" href={proofHref(hash, hashedText)} title="Seçimlerin SHA-256 özetini tarayıcınızda yeniden hesaplayın">
          Kilit kanıtı: nasıl doğrulanır?
        </a>
      ) : null}
    </p>
  );
}

function SettlementLine({ settlement }: { settlement: EstimateSettlement }) {
  return (
    <p className={`estimate__result ${settlement.allHit ? 'is-won' : ''}`} data-testid="estimate-settlement">
      <strong>
        Sonuç: {settlement.legsHit}/{settlement.legsTotal} ayak tuttu
      </strong>
      {settlement.bankoLegs > 0 ? (
        <span>
          {' '}
          · Banko {settlement.bankoHits}/{settlement.bankoLegs}
        </span>
      ) : null}
      <span> · Kupon {settlement.couponSize} kombinasyon ({formatTL(settlement.cost)})</span>
      {settlement.payout > 0 ? <span> · İkramiye {formatTL(settlement.payout)}</span> : null}
      {/* Non-runners (TJK's AGF rule, refunds) and corrections are said where the result is (issue 49). */}
      {(settlement.notes ?? []).map((note) => (
        <span key={note} className="estimate__note" data-testid="estimate-note">
          {' '}
          · {note}
        </span>
      ))}
    </p>
  );
}

/** The hashed text, when every race carries its id (the API's estimates always do). */
function hashedTextOf(estimate: RaceEstimate): string | null {
  const races = estimate.races.flatMap((race) => (race.id ? [{ id: race.id, selectedHorses: race.selectedHorses.map((h) => ({ number: Number(h.number) })) }] : []));
  return races.length === estimate.races.length ? selectionsText(races, estimate.bet ?? null) : null;
}

/**
 * The coupon as a list of legs, each with its picks: a wrapping grid on a wide screen and stacked
 * legs on a phone (article-late.css), so a 9-leg coupon never hides legs 7–9 off to the side.
 */
export function EstimateTable({ estimate, now }: { estimate: RaceEstimate; now: number | null }) {
  const races = [...estimate.races].sort((a, b) => a.raceNumber - b.raceNumber);
  const label = altiliLabel(estimate);
  const legs = new Map((estimate.settlement?.legs ?? []).map((leg) => [leg.raceId, leg]));
  return (
    <figure className="estimate">
      <figcaption className="estimate__caption">
        <strong>{label}</strong>
        {estimate.title ? <span> · {estimate.title}</span> : null}
        {estimate.raceData?.location ? <span> · {estimate.raceData.location}</span> : null}
      </figcaption>
      {estimate.bet ? (
        <p className="estimate__bet" data-testid="estimate-bet">
          Bahis: {betText(estimate.bet)}
        </p>
      ) : null}
      {estimate.description ? <p className="estimate__description">{estimate.description}</p> : null}
      {estimate.lockAt ? <LockLine lockAt={estimate.lockAt} hash={estimate.selectionsHash} hashedText={hashedTextOf(estimate)} now={now} /> : null}
      {estimate.settlement ? <SettlementLine settlement={estimate.settlement} /> : null}
      <ol className="estimate__legs" aria-label={`${label} ayakları`} data-legs={races.length}>
        {races.map((race) => {
          const leg = race.id ? legs.get(race.id) : undefined;
          const places = race.id ? estimate.finishPlaces?.[race.id] : undefined;
          return (
            <li key={race.id ?? race.raceNumber} className={`estimate__race${leg ? (leg.hit ? ' is-hit' : ' is-miss') : ''}`} data-testid="estimate-leg">
              <p className="estimate__race-head">
                <strong>{race.raceNumber}. Koşu</strong>
                {race.startTime ? <span className="estimate__time">{race.startTime}</span> : null}
                {leg ? <span className="estimate__leg">{leg.hit ? '✓ Tuttu' : `✗ Kazanan: ${leg.winners.join(', ') || '—'}`}</span> : null}
              </p>
              <ul className="estimate__picks">
                {race.selectedHorses.map((horse) => {
                  const won = leg ? leg.winners.includes(Number(horse.number)) : false;
                  const place = places ? places[String(horse.number)] : undefined;
                  return (
                    <li key={horse.number} className={`estimate__pick${won ? ' is-winner' : ''}`}>
                      <span className="estimate__no">{horse.number}</span> {horse.name}
                      {place !== undefined ? (
                        <span className={`estimate__place${place === 1 ? ' is-first' : ''}`} aria-label={place === null ? 'derecesiz' : `${place}. oldu`}>
                          {place === null ? 'Derecesiz' : `${place}.`}
                        </span>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}

/** `atBuild`: rendered into a static page; the lock lines are left for the page's script (see LockLine). */
export function EstimatesList({ estimates, atBuild = false }: { estimates: RaceEstimate[]; atBuild?: boolean }) {
  const [now] = useState(() => (atBuild ? null : Date.now()));
  if (estimates.length === 0) return null;
  return (
    <section className="estimates" aria-labelledby="estimates-heading">
      <h2 id="estimates-heading">Yarış Tahminleri</h2>
      {estimates.map((estimate) => (
        <EstimateTable estimate={estimate} key={estimate.id} now={now} />
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
    void apiCall((r) => r.articles[':id']['race-estimates'].$get({ param: { id: encodeURIComponent(articleId) } })).then((answer) => {
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
