import { agfText, oddsText, weightText, type Entry, type RaceView } from './model';

const dash = (text: string | null | undefined) => text || '—';

/** The figures of a runner, in the order of the programme; on a phone each row becomes a card. */
const COLUMNS: readonly (readonly [string, (e: Entry) => string, string?])[] = [
  ['Jokey', (e) => dash(e.jockey)],
  ['Kilo', (e) => weightText(e.weight), 'a-nowrap'],
  ['Ganyan', (e) => oddsText(e.odds), 'a-nowrap'],
  ['Antrenör', (e) => dash(e.trainer)],
  ['Sahip', (e) => dash(e.owner)],
  ['Yaş', (e) => String(e.age)],
  ['Baba', (e) => dash(e.father)],
  ['Anne', (e) => dash(e.mother)],
  ['Son 6', (e) => dash(e.lastSix), 'r-mono a-nowrap'],
  ['AGF', (e) => agfText(e.agf), 'a-nowrap'],
];

/** The active race's horses: a click on the row or its box picks or drops the horse. */
export function HorseTable({ race, picked, onToggle }: { race: RaceView; picked: readonly number[]; onToggle: (number: number) => void }) {
  return (
    <table className="a-table r-horses">
      <thead>
        <tr>
          <th>Seç</th>
          <th>No</th>
          <th>At</th>
          {COLUMNS.map(([label]) => (
            <th key={label}>{label}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {race.entries.map((entry) => {
          const checked = picked.includes(entry.number);
          return (
            <tr key={entry.number} className={checked ? 'r-picked' : ''} onClick={(e) => (e.target as HTMLElement).tagName !== 'INPUT' && onToggle(entry.number)}>
              <td className="r-pick">
                <input type="checkbox" checked={checked} onChange={() => onToggle(entry.number)} aria-label={`${entry.number} ${entry.name}`} />
              </td>
              <td className="r-num">
                <span className="r-no">{entry.number}</span>
              </td>
              <td className="r-name">{entry.name}</td>
              {COLUMNS.map(([label, value, className]) => (
                <td key={label} data-label={label} className={className}>
                  {value(entry)}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
