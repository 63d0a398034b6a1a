import { TurkishDateInput } from '../../islands/TurkishDateInput';
import { Options } from '../../lib/options';
import { RANGE_LABELS, type CardView, type RaceRange, type Venue } from './model';

/** Venue, day, the card when a venue runs two, and the range of races (spec 002 §9). */
export function ProgrammeFilters(props: {
  venues: Venue[] | null;
  venueId: string;
  onVenue: (id: string) => void;
  date: string;
  onDate: (day: string) => void;
  cards: CardView[] | null;
  card: CardView | null;
  onCard: (id: string) => void;
  range: RaceRange;
  onRange: (range: RaceRange) => void;
}) {
  const { venues, cards, card, range } = props;
  return (
    <div className="a-card a-filters r-filters">
      <label className="a-field">
        <span>Hipodrom</span>
        <select value={props.venueId} onChange={(e) => props.onVenue(e.target.value)} disabled={!venues}>
          {!venues && <option>Yükleniyor…</option>}
          {venues && <Options of={venues.map((v) => [v.id, v.name] as const)} />}
        </select>
      </label>
      <label className="a-field">
        <span>Tarih</span>
        <TurkishDateInput value={props.date} onChange={props.onDate} />
      </label>
      {cards && cards.length > 1 && (
        <label className="a-field">
          <span>Program</span>
          <select value={card?.id ?? ''} onChange={(e) => props.onCard(e.target.value)}>
            <Options of={cards.map((c) => [c.id, `${c.hippodrome} · ${c.opening}`] as const)} />
          </select>
        </label>
      )}
      <div className="a-field">
        <span id="r-range-label">Koşu aralığı</span>
        <div className="r-segment" role="group" aria-labelledby="r-range-label">
          {(Object.keys(RANGE_LABELS) as RaceRange[]).map((r) => (
            <button key={r} type="button" className={range === r ? 'is-active' : ''} aria-pressed={range === r} onClick={() => props.onRange(r)}>
              {RANGE_LABELS[r]}
            </button>
          ))}
        </div>
      </div>
      {card && (
        <p className="a-muted r-card-meta">
          {card.hippodrome} · {card.raceCount} koşu · açılış {card.opening}
          {card.weather.condition ? ` · ${card.weather.condition}` : ''}
          {card.weather.temperature !== null ? ` ${card.weather.temperature}°C` : ''}
        </p>
      )}
    </div>
  );
}
