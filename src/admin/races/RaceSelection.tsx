import { useMemo, useReducer } from 'react';
import { ESTIMATE_MESSAGES } from '@shared/estimates/estimate';
import type { StaffUser } from '../session';
import { LoadError } from '../ui';
import { AddToArticle } from './AddToArticle';
import { HorseTable } from './HorseTable';
import { isLockedAt, racesInRange, totalSelected } from './model';
import { ProgrammeFilters } from './ProgrammeFilters';
import { RaceTabs } from './RaceTabs';
import { INITIAL_SELECTION, selectionReducer } from './selection-state';
import { SelectionSummary } from './SelectionSummary';
import { useProgramme } from './useProgramme';

const NO_PICKS: readonly number[] = [];

/** Tab 'Yarış Seçimi': pick horses from a day's card and attach them to an estimation article. */
export function RaceSelection({ user, onAdded }: { user: StaffUser; onAdded: () => void }) {
  const programme = useProgramme();
  const [state, dispatch] = useReducer(selectionReducer, INITIAL_SELECTION);
  const { cards, loading } = programme;
  const card = cards?.find((c) => c.id === state.cardId) ?? cards?.[0] ?? null;
  const shown = useMemo(() => (card ? racesInRange(card.races, state.range) : []), [card, state.range]);
  const active = shown.find((r) => r.id === state.activeRaceId) ?? shown[0] ?? null;
  const firstStartLocked = shown.length > 0 && isLockedAt(shown.reduce((a, r) => (r.startsAt < a ? r.startsAt : a), shown[0]!.startsAt));

  if (programme.error) return <LoadError message={`Yarış verileri yüklenemedi. ${programme.error}`} onRetry={programme.retry} />;

  return (
    <div className="r-selection">
      <ProgrammeFilters
        venues={programme.venues}
        venueId={programme.venueId}
        onVenue={(id) => (programme.setVenue(id), dispatch({ type: 'programme' }))}
        date={programme.date}
        onDate={(day) => (programme.setDate(day), dispatch({ type: 'programme' }))}
        cards={cards}
        card={card}
        onCard={(cardId) => dispatch({ type: 'card', cardId })}
        range={state.range}
        onRange={(range) => dispatch({ type: 'range', range, races: card?.races ?? null })}
      />

      {loading && (
        <div className="a-card a-empty" aria-busy="true">
          Yarış programı yükleniyor…
        </div>
      )}
      {!loading && cards && cards.length === 0 && <div className="a-card a-empty">Bu tarihte seçilen hipodromda koşu bulunmuyor.</div>}

      {!loading && card && active && (
        <>
          {firstStartLocked && (
            <p className="a-alert a-alert-info" role="status">
              {ESTIMATE_MESSAGES.lockedCreate} Başka bir tarih veya koşu aralığı seçin.
            </p>
          )}
          <RaceTabs races={shown} active={active} selections={state.selections} onOpen={(raceId) => dispatch({ type: 'open', raceId })} />
          <section className="a-card r-race" aria-label={`${active.number}. Koşu atları`}>
            <div className="r-race-head">
              <div>
                <h2 className="a-h2">
                  {active.number}. Koşu · {active.time}
                </h2>
                <p className="a-muted">
                  {active.distance} m {active.surface}
                  {active.category ? ` · ${active.category}` : ''}
                  {active.trackCondition ? ` · Pist: ${active.trackCondition}` : ''} · {active.entries.length} at · {active.status}
                </p>
              </div>
              <div className="a-head-actions">
                <button type="button" className="a-btn a-btn-ghost" onClick={() => dispatch({ type: 'all', race: active })}>
                  Bu koşudaki tümünü seç
                </button>
                <button type="button" className="a-btn a-btn-ghost" onClick={() => dispatch({ type: 'clear' })} disabled={totalSelected(shown, state.selections) === 0}>
                  Tümünü temizle
                </button>
              </div>
            </div>
            <HorseTable race={active} picked={state.selections[active.id] ?? NO_PICKS} onToggle={(number) => dispatch({ type: 'toggle', raceId: active.id, number })} />
          </section>
          <SelectionSummary races={shown} selections={state.selections} onOpen={(raceId) => dispatch({ type: 'open', raceId })} />
          <AddToArticle user={user} card={card} races={shown} range={state.range} selections={state.selections} onAdded={onAdded} />
        </>
      )}
    </div>
  );
}
