import { compactSelection, couponSize, totalSelected, type RaceView, type Selections } from './model';

/** The coupon so far: every shown race side by side, the compact line and its size. */
export function SelectionSummary({ races, selections, onOpen }: { races: RaceView[]; selections: Selections; onOpen: (id: string) => void }) {
  return (
    <section className="a-card" aria-labelledby="r-summary-title">
      <h2 className="a-h2" id="r-summary-title">
        Seçim Özeti
      </h2>
      <SummaryGrid races={races} selections={selections} onOpen={onOpen} />
      <SummaryList races={races} selections={selections} onOpen={onOpen} />
      <p className="r-compact" data-testid="selection-string">
        {compactSelection(races, selections)}
      </p>
      <p className="a-muted">
        Toplam {totalSelected(races, selections)} at · kupon {couponSize(races, selections)} kombinasyon
      </p>
    </section>
  );
}

const horseName = (race: RaceView, n: number) => race.entries.find((e) => e.number === n)?.name ?? '';

/** A phone's summary: one line per race with its picks, nothing to scroll sideways. */
function SummaryList({ races, selections, onOpen }: { races: RaceView[]; selections: Selections; onOpen: (id: string) => void }) {
  return (
    <ul className="r-summary-list">
      {races.map((r) => (
        <li key={r.id}>
          <button type="button" className="a-link" onClick={() => onOpen(r.id)}>
            {r.number}. Koşu
          </button>
          <span>{selections[r.id]?.length ? selections[r.id]!.map((n) => `${n} ${horseName(r, n)}`).join(', ') : '—'}</span>
        </li>
      ))}
    </ul>
  );
}

/** All shown races side by side, horses by rank (smallest number first), like the coupon itself. */
function SummaryGrid({ races, selections, onOpen }: { races: RaceView[]; selections: Selections; onOpen: (id: string) => void }) {
  const rows = Math.max(0, ...races.map((r) => selections[r.id]?.length ?? 0));
  return (
    <div className="r-summary-scroll">
      <table className="a-table r-summary">
        <thead>
          <tr>
            <th>Sıra</th>
            {races.map((r) => (
              <th key={r.id}>
                <button type="button" className="a-link" onClick={() => onOpen(r.id)}>
                  {r.number}. Koşu
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows === 0 && (
            <tr>
              <td colSpan={races.length + 1} className="a-empty">
                Henüz at seçilmedi.
              </td>
            </tr>
          )}
          {Array.from({ length: rows }, (_, i) => (
            <tr key={i}>
              <td className="a-muted">{i + 1}</td>
              {races.map((r) => {
                const n = selections[r.id]?.[i];
                return (
                  <td key={r.id}>
                    {n !== undefined && (
                      <>
                        <span className="r-no">{n}</span> {horseName(r, n)}
                      </>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
