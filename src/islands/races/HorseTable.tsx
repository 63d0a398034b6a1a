import FollowButton, { FollowedNote } from './FollowButton';
import PersonLink from './PersonLink';
import { DEFAULT_AGE, horseHref, placeClass, type EntryView, type RaceView } from './types';
import { TableFrame, TableHead } from './record-page';
import { EQUIPMENT, SURFACE_LETTER, agfRanks, formatAgf, formatOdds, formatWeight, sexLabel } from './race-format';

const LABELS = ['No', 'At', 'Yaş', 'Kilo', 'Jokey', 'Antrenör / Sahip', 'St', 'HP', 'KGS', 'Son 6', 'Ganyan', 'AGF'] as const;

function LastSix({ entry }: { entry: EntryView }) {
  if (entry.lastSixItems.length === 0) return <span className="muted">—</span>;
  return (
    <span className="last-six" aria-label={`Son 6 yarış: ${entry.lastSix ?? ''}`}>
      {entry.lastSixItems.map((item, i) => (
        <span key={i} className={placeClass(item.position)} title={item.surface ?? undefined}>
          {item.surface && <span className="place__surface">{SURFACE_LETTER[item.surface]}</span>}
          {item.position === null ? '-' : item.position >= 10 ? '0' : item.position}
        </span>
      ))}
    </span>
  );
}

/** The equipment codes worn in this race with TJK's meaning, under the card. */
function EquipmentLegend({ entries }: { entries: readonly EntryView[] }) {
  const codes = [...new Set(entries.flatMap((e) => e.equipment))];
  if (codes.length === 0) return null;
  return (
    <dl className="race-legend" aria-label="Takı açıklamaları">
      {codes.map((code) => (
        <div key={code}>
          <dt>{code}</dt>
          <dd>{EQUIPMENT[code] ?? 'Takı'}</dd>
        </div>
      ))}
      <div>
        <dt>KGS</dt>
        <dd>Son koşusundan bu yana geçen gün</dd>
      </div>
    </dl>
  );
}

/**
 * The card of one race (spec 000 §2.14): a table on a wide screen, one stacked card per runner on a
 * phone (races.css). Rendered by the island and, statically, for readers without JavaScript
 * (`followable` off there: following needs the member session).
 */
export default function HorseTable({ race, followable = false, picks }: { race: RaceView; followable?: boolean; picks?: Map<number, { title: string; href: string }[]> }) {
  const ranks = agfRanks(race.entries);
  return (
    <>
      <TableFrame>
        <table className="race-table race-table--cards race-card">
          <caption className="sr-only">{race.number}. koşu atları</caption>
          <TableHead labels={LABELS} />
          <tbody>
            {race.entries.map((entry) => {
              const sex = sexLabel(entry.sex);
              const rank = ranks.get(entry.number);
              return (
                <tr key={entry.number} className={entry.nonRunner ? 'race-card__out' : undefined}>
                  <td className="race-table__no">{entry.number}</td>
                  <td className="race-table__horse-cell">
                    <a className="race-table__horse" href={horseHref(entry)}>
                      {entry.name}
                    </a>
                    {entry.equipment.length > 0 && (
                      <span className="race-card__equipment" title={entry.equipment.map((code) => EQUIPMENT[code] ?? code).join(', ')}>
                        {entry.equipment.join(' ')}
                      </span>
                    )}
                    {entry.nonRunner && <span className="race-card__badge race-card__badge--out">Koşmaz</span>}
                    {picks?.get(entry.number)?.map((tip) => (
                      <a key={tip.href} className="race-card__badge race-card__badge--tip" href={tip.href} title={`Tahminimiz: ${tip.title}`}>
                        Tahminimizde
                      </a>
                    ))}
                    {followable && <FollowButton horseId={entry.horseId} name={entry.name} compact />}
                    {followable && <FollowedNote horseId={entry.horseId} />}
                    {(entry.father || entry.mother) && (
                      <span className="race-table__pedigree">
                        {[entry.father, entry.mother].filter(Boolean).join(' – ')}
                        {entry.mothersFather ? ` (${entry.mothersFather})` : ''}
                      </span>
                    )}
                  </td>
                  <td data-label="Yaş">
                    {entry.age || DEFAULT_AGE}
                    {sex && <span className="race-card__sub">{sex}</span>}
                  </td>
                  <td data-label="Kilo">{formatWeight(entry.weight)}</td>
                  <td data-label="Jokey">
                    <PersonLink kind="jockey" name={entry.jockey} />
                    {entry.previousJockey && (
                      <span className="race-card__badge race-card__badge--change" title={`Jokey değişikliği: ${entry.previousJockey} yerine`}>
                        Jokey değişti ({entry.previousJockey} yerine)
                      </span>
                    )}
                  </td>
                  <td data-label="Antrenör / Sahip" className="race-card__people">
                    <span>
                      <PersonLink kind="trainer" name={entry.trainer} />
                    </span>
                    <span className="race-card__sub">{entry.owner ?? '—'}</span>
                  </td>
                  <td data-label="St">{entry.start ?? '—'}</td>
                  <td data-label="HP">{entry.hp ?? '—'}</td>
                  <td data-label="KGS">{entry.daysSinceLastRun ?? '—'}</td>
                  <td data-label="Son 6">
                    <LastSix entry={entry} />
                  </td>
                  <td data-label="Ganyan">{entry.odds === null || entry.nonRunner ? '—' : formatOdds(entry.odds)}</td>
                  <td data-label="AGF">
                    {entry.agf === null || entry.nonRunner ? (
                      '—'
                    ) : (
                      <>
                        {formatAgf(entry.agf)}
                        {rank !== undefined && (
                          <span className="race-card__rank" title={`AGF sırası: ${rank}.`}>
                            {rank}.
                          </span>
                        )}
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableFrame>
      <EquipmentLegend entries={race.entries} />
    </>
  );
}
