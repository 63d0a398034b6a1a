import FollowButton from './FollowButton';
import JockeyLink from './JockeyLink';
import { DEFAULT_AGE, horseHref, placeClass, type RaceView } from './types';
import { TableFrame, TableHead } from './record-page';

/**
 * The horse table of one race (spec 000 §2.14); rendered by the island and, statically, for readers
 * without JavaScript (`followable` off there: following needs the member session).
 */
export default function HorseTable({ race, followable = false }: { race: RaceView; followable?: boolean }) {
  return (
    <TableFrame>
      <table className="race-table">
        <caption className="sr-only">
          {race.number}. koşu atları
        </caption>
        <TableHead labels={['No', 'At', 'Yaş', 'Jokey', 'St', 'Kilo', 'Son 6']} />
        <tbody>
          {race.entries.map((entry) => (
            <tr key={entry.number}>
              <td className="race-table__no">{entry.number}</td>
              <td className="race-table__horse-cell">
                <a className="race-table__horse" href={horseHref(entry)}>
                  {entry.name}
                </a>
                {followable && <FollowButton horseId={entry.horseId} name={entry.name} compact />}
                {(entry.father || entry.mother) && (
                  <span className="race-table__pedigree">
                    {[entry.father, entry.mother].filter(Boolean).join(' – ')}
                    {entry.mothersFather ? ` (${entry.mothersFather})` : ''}
                  </span>
                )}
              </td>
              <td>{entry.age || DEFAULT_AGE}</td>
              <td>
                <JockeyLink name={entry.jockey} />
              </td>
              <td>{entry.start ?? '—'}</td>
              <td>{entry.weight.toLocaleString('tr-TR')}</td>
              <td>
                {entry.lastSixItems.length === 0 ? (
                  <span className="muted">—</span>
                ) : (
                  <span className="last-six" aria-label={`Son 6 yarış: ${entry.lastSix ?? ''}`}>
                    {entry.lastSixItems.map((item, i) => (
                      <span key={i} className={placeClass(item.position)} title={item.surface ?? undefined}>
                        {item.position === null ? '-' : item.position >= 10 ? '0' : item.position}
                      </span>
                    ))}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
