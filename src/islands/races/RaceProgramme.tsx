import { useCallback, useEffect, useRef, useState } from 'react';
import HorseTable from './HorseTable';
import ResultTable from './ResultTable';
import RaceTips, { picksOf, type DayTips } from './RaceTips';
import { longDate, readPublic, type CardView, type Programme, type RaceView, type ResultsDay, type VenueOption } from './types';
import { formatTL } from '@shared/text/money';
import { TurkishDateInput } from '../TurkishDateInput';
import { Options } from '../../lib/options';

interface Props {
  initial: Programme | null;
  today: string;
  locations: VenueOption[];
  /**
   * Set when `initial` carries the horses of these races only (the page keeps its props small:
   * the full day is in the HTML already, for readers without JavaScript). The other races of that
   * day are read from the API the first time the reader reaches for them.
   */
  fullRaceIds?: string[];
  /** Results of `initial`'s day known when the page was built; newer ones are read from the API. */
  initialResults?: ResultsDay | null;
  /**
   * The built day's stamp version (GET /races/stamp): the page's `client:interact` compares it with
   * the live one and loads React at once when an import came after the build.
   */
  stampVersion?: string;
}

/** A day's results are read again when the reader looks at a started race without one, at most this often. */
const RESULTS_RECHECK_MS = 30_000;
/** While a started race of the shown day waits for its result, the page asks this often (past the browser's copy). */
const RESULTS_POLL_MS = 15_000;

function shiftDate(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const started = (race: Pick<RaceView, 'startsAt'>) => Date.parse(race.startsAt) <= Date.now();

type Status = 'ready' | 'loading' | 'error';

/**
 * The race programme (spec 000 §2.14). Today's programme arrives prebuilt in the page; other
 * days and venues are fetched from /api/races without a page load, and the choice is kept in
 * the address (?tarih=&hipodrom=) so it can be shared and survives a refresh.
 */
export default function RaceProgramme({ initial, today, locations, fullRaceIds, initialResults = null, stampVersion }: Props) {
  const [date, setDate] = useState(initial?.date ?? today);
  const [location, setLocation] = useState('');
  const [programme, setProgramme] = useState<Programme | null>(initial);
  const [status, setStatus] = useState<Status>(initial ? 'ready' : 'loading');
  const [error, setError] = useState('');
  const [cardIndex, setCardIndex] = useState(0);
  const [raceNumber, setRaceNumber] = useState<number | null>(null);
  // Whether `programme` holds every race's horses (false only for the trimmed prebuilt day).
  const [complete, setComplete] = useState(!fullRaceIds);
  const completing = useRef<Promise<void> | null>(null);
  const [results, setResults] = useState<ResultsDay | null>(initialResults);
  const [tips, setTips] = useState<DayTips | null>(null);
  // Date and time of the last results read, so a reader clicking through races does not refetch each time.
  const resultsRead = useRef<{ date: string; at: number } | null>(null);
  // The race asked for in the address (?kosu=9, the links of the home, horse and jockey pages), opened once the day is in.
  const askedRace = useRef<number | null>(null);

  /** `fresh`: a result is known to exist, so the browser's copy of the day's results (30 s) is checked. */
  const loadResults = useCallback((day: string, fresh = false) => {
    resultsRead.current = { date: day, at: Date.now() };
    readPublic((r) => r.races.results.$get(), { query: { date: day }, fresh }).then(
      ({ data }) => setResults((current) => (resultsRead.current?.date === data.date ? data : current)),
      // The programme stays usable without results; the next look at a started race asks again.
      () => {
        resultsRead.current = null;
      },
    );
  }, []);

  /** Reads the day's results when any of its races has started and they were not read lately. */
  const refreshResults = useCallback(
    (day: string, races: Pick<RaceView, 'startsAt'>[]) => {
      if (!races.some(started)) return;
      const last = resultsRead.current;
      if (last && last.date === day && Date.now() - last.at < RESULTS_RECHECK_MS) return;
      loadResults(day);
    },
    [loadResults],
  );

  // Sets state only once the answer is in, so the mount effect can call it.
  const fetchProgramme = useCallback(
    (nextDate: string, nextLocation: string) => {
      const query = { location: nextLocation || undefined };
      const read = nextDate === today ? readPublic((r) => r.races.today.$get(), { query }) : readPublic((r) => r.races.date[':date'].$get({ param: { date: nextDate } }), { query });
      return read.then(
        ({ data }) => {
          setDate(nextDate);
          setLocation(nextLocation);
          setProgramme(data);
          setComplete(true);
          setCardIndex(0);
          setRaceNumber(askedRace.current);
          askedRace.current = null;
          setStatus('ready');
          setResults((current) => (current?.date === nextDate ? current : null));
          refreshResults(
            nextDate,
            data.cards.flatMap((c) => c.races),
          );
        },
        (e: Error) => {
          setDate(nextDate);
          setLocation(nextLocation);
          setError(e.message);
          setStatus('error');
        },
      );
    },
    [today, refreshResults],
  );

  /** Reads the prebuilt day in full, keeping the reader's venue and race; at most once at a time. */
  const completeInitial = useCallback(() => {
    if (complete || !initial || completing.current) return;
    completing.current = readPublic((r) => r.races.date[':date'].$get({ param: { date: initial.date } })).then(
      ({ data }) => {
        // Only if the reader is still on that day (a choose() meanwhile replaced the programme).
        setProgramme((current) => (current === initial ? data : current));
        setComplete(true);
        completing.current = null;
      },
      (e: Error) => {
        setError(e.message);
        setStatus('error');
        completing.current = null;
      },
    );
  }, [complete, initial]);

  const load = (nextDate: string, nextLocation: string) => {
    setDate(nextDate);
    setLocation(nextLocation);
    setStatus('loading');
    return fetchProgramme(nextDate, nextLocation);
  };

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const d = params.get('tarih');
    const l = params.get('hipodrom') ?? '';
    const asked = Number(params.get('kosu'));
    if (Number.isInteger(asked) && asked > 0) askedRace.current = asked;
    if ((d && d !== date) || l || !initial) void fetchProgramme(d ?? date, l);
    else {
      setRaceNumber(askedRace.current);
      askedRace.current = null;
      // The built page knows the programme and results of its build time only: a card imported or a
      // race run since then is read now, keeping the reader's venue and race.
      refreshResults(initial.date, initial.cards.flatMap((c) => c.races));
      completeInitial();
    }
    // Only on first render: later changes go through choose().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The site's tips for the shown day; the card works without them.
  useEffect(() => {
    let current = true;
    readPublic((r) => r.races.tips.$get(), { query: { date } }).then(
      ({ data }) => current && setTips(data),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [date]);

  const choose = (nextDate: string, nextLocation: string) => {
    const params = new URLSearchParams();
    if (nextDate !== today) params.set('tarih', nextDate);
    if (nextLocation) params.set('hipodrom', nextLocation);
    const qs = params.toString();
    window.history.replaceState(null, '', `${window.location.pathname}${qs ? `?${qs}` : ''}`);
    void load(nextDate, nextLocation);
  };

  const cards = programme?.cards ?? [];
  const card: CardView | undefined = cards[Math.min(cardIndex, cards.length - 1)];
  const race = card ? (card.races.find((r) => r.number === raceNumber) ?? card.races[0]) : undefined;
  const raceMissing = !complete && programme === initial && race !== undefined && !fullRaceIds?.includes(race.id);
  useEffect(() => {
    if (raceMissing) completeInitial();
  }, [raceMissing, completeInitial]);
  const allRaces = results?.date === date ? results.cards.flatMap((c) => c.races) : [];
  const result = race ? (allRaces.find((r) => r.id === race.id)?.result ?? null) : null;
  const resultCard = results?.date === date && card ? results.cards.find((c) => c.id === card.id) : undefined;
  const cardSixPools = resultCard?.sixPools ?? [];
  const raceTips = race && tips?.date === date ? (tips.byRace[race.id] ?? []) : [];
  const picks = race ? picksOf(race.id, raceTips) : undefined;
  const dayFinished = results?.date === date && results.raceCount > 0 && results.finishedCount === results.raceCount;
  // A race the programme says is finished but whose result is not in hand yet is read at once, not
  // after the 30 s pause between reads (once per race: a result missing from the answer does not loop).
  const forcedResult = useRef<string | null>(null);
  useEffect(() => {
    if (!race || result || status !== 'ready') return;
    if (race.hasResult && forcedResult.current !== `${date}|${race.id}`) {
      forcedResult.current = `${date}|${race.id}`;
      loadResults(date, true);
    } else refreshResults(date, [race]);
  }, [race, result, status, date, refreshResults, loadResults]);
  // Race day: results arrive while the reader watches, without a tap or a reload.
  const waiting = programme?.date === date && programme.cards.some((c) => c.races.some((r) => started(r) && !allRaces.some((x) => x.id === r.id && x.result)));
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') loadResults(date, true);
    }, RESULTS_POLL_MS);
    return () => window.clearInterval(timer);
  }, [waiting, date, loadResults]);
  // Reaching for the tabs starts the read, so a click usually finds the horses already there.
  const prefetch = { onPointerEnter: completeInitial, onTouchStart: completeInitial, onFocus: completeInitial };

  return (
    <section className="programme" aria-busy={status === 'loading'}>
      {stampVersion && initial && <span hidden data-record-url={`/api/races/stamp?date=${initial.date}`} data-record-version={stampVersion} />}
      <div className="programme__filters">
        <label className="programme__filter programme__filter--date">
          <span>Tarih</span>
          <TurkishDateInput value={date} onChange={(next) => choose(next, location)} />
        </label>
        <label className="programme__filter programme__filter--venue">
          <span>Hipodrom</span>
          <select value={location} onChange={(e) => choose(date, e.target.value)} aria-label="Hipodrom seçin">
            <option value="">Tüm hipodromlar</option>
            <Options of={locations.map((v) => [v.id, v.city] as const)} />
          </select>
        </label>
        <div className="programme__days">
          <button type="button" className="btn btn--ghost" onClick={() => choose(shiftDate(date, -1), location)} aria-label="Önceki gün">
            ‹ Önceki gün
          </button>
          {date !== today && (
            <button type="button" className="btn btn--ghost" onClick={() => choose(today, location)}>
              Bugün
            </button>
          )}
          <button type="button" className="btn btn--ghost" onClick={() => choose(shiftDate(date, 1), location)} aria-label="Sonraki gün">
            Sonraki gün ›
          </button>
        </div>
      </div>
      <p className="programme__date">
        {longDate(date)}
        {dayFinished && <span className="programme__results-badge"> · Yarış sonuçları</span>}
      </p>

      {status === 'loading' && <p className="programme__loading" role="status">Yarış programı yükleniyor…</p>}

      {status === 'error' && (
        <div className="state state--error" role="alert">
          <h2>Hata</h2>
          <p>{error}</p>
          <button type="button" className="btn" onClick={() => void load(date, location)}>
            Tekrar Dene
          </button>
        </div>
      )}

      {status === 'ready' && cards.length === 0 && (
        <div className="state">
          <h2>Veri Bulunamadı</h2>
          <p>Seçilen gün ve hipodrom için yarış programı yok.</p>
          <button type="button" className="btn" onClick={() => void load(date, location)}>
            Verileri Yenile
          </button>
        </div>
      )}

      {status === 'ready' && card && (
        <>
          <div className="card-tabs" role="tablist" aria-label="Hipodromlar" {...prefetch}>
            {cards.map((c, i) => (
              <button
                key={c.id}
                type="button"
                role="tab"
                aria-selected={c.id === card.id}
                className="card-tab"
                onClick={() => {
                  setCardIndex(i);
                  setRaceNumber(null);
                }}
              >
                {c.hippodrome}
                <span className="card-tab__count">{c.raceCount} koşu</span>
              </button>
            ))}
          </div>

          <div className="card-info">
            <div>
              <strong>Açılış</strong> {card.opening}
            </div>
            <div>
              <strong>Kapanış</strong> {card.closing ?? '—'}
            </div>
            <div>
              <strong>Hava</strong>{' '}
              {[card.weather.condition, card.weather.temperature !== null ? `${card.weather.temperature}°C` : null, card.weather.humidity !== null ? `%${card.weather.humidity} nem` : null]
                .filter(Boolean)
                .join(', ') || '—'}
            </div>
            <div>
              <strong>Pist</strong> Çim: {card.track.grass ?? '—'} · Kum: {card.track.dirt ?? '—'}
            </div>
          </div>

          <div className="race-buttons" role="tablist" aria-label="Koşular" {...prefetch}>
            {card.races.map((r) => (
              <button key={r.id} type="button" role="tab" aria-selected={r.id === race?.id} className="race-button" onClick={() => setRaceNumber(r.number)}>
                <span className="race-button__no">{r.number}. Koşu</span>
                <span className="race-button__time">{allRaces.some((x) => x.id === r.id && x.result) ? 'Sonuçlandı' : r.time}</span>
              </button>
            ))}
          </div>

          {race && (
            <article className="race" aria-label={`${race.number}. koşu`}>
              <header className="race__head">
                <h2>
                  {race.number}. Koşu · {race.time}
                </h2>
                <p>
                  {[`${race.distance.toLocaleString('tr-TR')} m`, race.surface, race.trackCondition, race.category, race.prize ? formatTL(race.prize) : null].filter(Boolean).join(' · ')}
                  <span className={`race__status race__status--${race.hasResult || result ? 'done' : 'open'}`}>{result ? 'Tamamlandı' : race.status}</span>
                </p>
              </header>
              <RaceTips raceId={race.id} tips={raceTips} />
              {raceMissing ? (
                <p className="programme__loading" role="status">
                  Yarış programı yükleniyor…
                </p>
              ) : result ? (
                <>
                  <ResultTable raceNumber={race.number} result={result} cardSixPools={cardSixPools} />
                  <details className="race__entries">
                    <summary>Koşu programı ({race.entries.length} at)</summary>
                    <HorseTable race={race} followable picks={picks} />
                  </details>
                </>
              ) : (
                <HorseTable race={race} followable picks={picks} />
              )}
            </article>
          )}
        </>
      )}
    </section>
  );
}
