import { racesInRange, type RaceRange, type RaceView, type Selections } from './model';

/** What the person has picked on the 'Yarış Seçimi' tab: one reducer instead of a handful of setters. */
export interface SelectionState {
  /** '' until the person picks a card: the first card of the day is shown. */
  cardId: string;
  range: RaceRange;
  /** '' shows the first race of the range. */
  activeRaceId: string;
  selections: Selections;
}

export type SelectionAction =
  | { type: 'programme' }
  | { type: 'card'; cardId: string }
  | { type: 'range'; range: RaceRange; races: RaceView[] | null }
  | { type: 'open'; raceId: string }
  | { type: 'toggle'; raceId: string; number: number }
  | { type: 'all'; race: RaceView }
  | { type: 'clear' };

export const INITIAL_SELECTION: SelectionState = { cardId: '', range: 'first6', activeRaceId: '', selections: {} };

const sorted = (numbers: Iterable<number>) => [...numbers].sort((a, b) => a - b);

export function selectionReducer(state: SelectionState, action: SelectionAction): SelectionState {
  switch (action.type) {
    // Another venue or day: the picks belonged to the old card.
    case 'programme':
      return { ...state, cardId: '', activeRaceId: '', selections: {} };
    case 'card':
      return { ...state, cardId: action.cardId, activeRaceId: '', selections: {} };
    case 'range': {
      // A coupon covers the shown races only: picks in races the new range hides would vanish silently.
      const keep = new Set(racesInRange(action.races ?? [], action.range).map((r) => r.id));
      return { ...state, range: action.range, selections: Object.fromEntries(Object.entries(state.selections).filter(([id]) => keep.has(id))) };
    }
    case 'open':
      return { ...state, activeRaceId: action.raceId };
    case 'toggle': {
      const current = new Set(state.selections[action.raceId] ?? []);
      if (current.has(action.number)) current.delete(action.number);
      else current.add(action.number);
      return { ...state, selections: { ...state.selections, [action.raceId]: sorted(current) } };
    }
    case 'all':
      return { ...state, selections: { ...state.selections, [action.race.id]: sorted(action.race.entries.map((e) => e.number)) } };
    case 'clear':
      return { ...state, selections: {} };
  }
}
