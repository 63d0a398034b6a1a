import type { RaceView, Selections } from './model';

/** One tab per shown race, with its start and how many horses are picked in it. */
export function RaceTabs({ races, active, selections, onOpen }: { races: RaceView[]; active: RaceView; selections: Selections; onOpen: (id: string) => void }) {
  return (
    <div className="r-race-tabs" role="tablist" aria-label="Koşular">
      {races.map((race) => {
        const picked = selections[race.id]?.length ?? 0;
        const on = race.id === active.id;
        return (
          <button key={race.id} type="button" role="tab" aria-selected={on} className={on ? 'is-active' : ''} onClick={() => onOpen(race.id)}>
            <strong>{race.number}. Koşu</strong>
            <span>{race.time}</span>
            {picked > 0 && <span className="r-count">{picked}</span>}
          </button>
        );
      })}
    </div>
  );
}
