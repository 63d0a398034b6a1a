import { useCallback, useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { ESTIMATE_MESSAGES } from '../../../functions/src/domain/estimates/estimate';
import { ApiError } from '../../lib/api-client';
import { api, type StaffUser } from '../session';
import {
  agfText,
  buildExportPayload,
  compactSelection,
  couponSize,
  isLockedAt,
  istanbulToday,
  oddsText,
  racesInRange,
  RANGE_LABELS,
  totalSelected,
  type CardView,
  type PickerArticle,
  type RaceRange,
  type RaceView,
  type Selections,
  type Venue,
} from './model';
import { TurkishDateInput } from '../../islands/TurkishDateInput';
import { Options } from '../../lib/options';

const ARTICLE_PICKER_LIMIT = 50;
const ADD_FAILED = 'Tahmin eklenirken hata oluştu. Lütfen tekrar deneyin.';

/** Errors of 'add estimate to article' by status (spec 002 §8 'Adding an estimate'). */
function addErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return ADD_FAILED;
  if (error.status === 401) return 'Bu işlem için yetkiniz bulunmuyor.';
  if (error.status === 0) return error.message;
  if (error.status === 404) return error.message || 'Makale bulunamadı.';
  if ([400, 403, 409, 422].includes(error.status) && error.message) return error.message;
  return ADD_FAILED;
}

/** Tab 'Yarış Seçimi': pick horses from a day's card and attach them to an estimation article. */
export function RaceSelection({ user, onAdded }: { user: StaffUser; onAdded: () => void }) {
  const [venues, setVenues] = useState<Venue[] | null>(null);
  const [venueId, setVenueId] = useState('');
  const [date, setDate] = useState(() => istanbulToday());
  const [cards, setCards] = useState<CardView[] | null>(null);
  const [cardId, setCardId] = useState('');
  const [range, setRange] = useState<RaceRange>('first6');
  const [activeRaceId, setActiveRaceId] = useState('');
  const [selections, setSelections] = useState<Selections>({});
  const [loadError, setLoadError] = useState<string | null>(null);
  const [articles, setArticles] = useState<PickerArticle[] | null>(null);
  const [articlesError, setArticlesError] = useState<string | null>(null);
  const [articleId, setArticleId] = useState('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const loadVenues = useCallback(async () => {
    const answer = await api.call((r) => r.races.locations.$get());
    setVenues(answer.data);
    // Spec 002 §9: the default track is İstanbul.
    setVenueId((current) => current || answer.data.find((v) => v.name.toLocaleLowerCase('tr-TR').includes('istanbul') || v.name.includes('İstanbul'))?.id || answer.data[0]?.id || '');
  }, []);

  const programmeKey = `${venueId}|${date}`;
  const [loadedKey, setLoadedKey] = useState('');
  const loading = loadedKey !== programmeKey;

  const loadProgramme = useCallback(async () => {
    if (!venueId) return;
    try {
      const answer = await api.call((r) => r.races.date[':date'].$get({ param: { date } }), { query: { location: venueId } });
      setCards(answer.data.cards);
      setCardId(answer.data.cards[0]?.id ?? '');
      setLoadError(null);
    } catch (e) {
      setLoadError((e as Error).message || 'Yarış verileri yüklenemedi');
      setCards(null);
    } finally {
      setLoadedKey(`${venueId}|${date}`);
    }
  }, [venueId, date]);

  const loadArticles = useCallback(async () => {
    try {
      const answer = await api.call((r) => r['race-estimate'].articles.$get(), { query: { category: 'estimation', status: 'published', limit: ARTICLE_PICKER_LIMIT } });
      setArticles(answer.data);
      setArticlesError(null);
    } catch (e) {
      setArticlesError((e as Error).message || 'Makaleler yüklenemedi');
      setArticles([]);
    }
  }, []);

  useEffect(() => {
    loadVenues().catch((e: Error) => setLoadError(e.message || 'Yarış verileri yüklenemedi'));
    void loadArticles();
  }, [loadVenues, loadArticles]);

  useEffect(() => {
    void loadProgramme();
  }, [loadProgramme]);

  const card = cards?.find((c) => c.id === cardId) ?? null;
  const shown = useMemo(() => (card ? racesInRange(card.races, range) : []), [card, range]);
  const activeRace: RaceView | null = shown.find((r) => r.id === activeRaceId) ?? shown[0] ?? null;
  const total = totalSelected(shown, selections);
  const firstStartLocked = shown.length > 0 && isLockedAt(shown.reduce((a, r) => (r.startsAt < a ? r.startsAt : a), shown[0]!.startsAt));

  function changeRange(next: RaceRange) {
    setRange(next);
    // A coupon covers the shown races only: picks in races the new range hides would vanish silently.
    if (card) {
      const keep = new Set(racesInRange(card.races, next).map((r) => r.id));
      setSelections((s) => Object.fromEntries(Object.entries(s).filter(([id]) => keep.has(id))));
    }
  }

  function toggle(raceId: string, number: number) {
    setFormError(null);
    setSelections((s) => {
      const current = new Set(s[raceId] ?? []);
      if (current.has(number)) current.delete(number);
      else current.add(number);
      return { ...s, [raceId]: [...current].sort((a, b) => a - b) };
    });
  }

  function selectAllInRace() {
    if (!activeRace) return;
    setFormError(null);
    setSelections((s) => ({ ...s, [activeRace.id]: activeRace.entries.map((e) => e.number).sort((a, b) => a - b) }));
  }

  async function addToArticle() {
    setFormError(null);
    if (!card || total === 0) return setFormError(ESTIMATE_MESSAGES.needHorse);
    if (!articleId) return setFormError(ESTIMATE_MESSAGES.needArticle);
    setSaving(true);
    try {
      const payload = buildExportPayload({ card, races: shown, range, selections, title, description, now: new Date() });
      const answer = await api.call((r) => r.articles[':articleId']['race-estimates'].$post({ param: { articleId: encodeURIComponent(articleId) } }), { body: payload });
      toast.success(answer.message ?? ESTIMATE_MESSAGES.created);
      setTitle('');
      setDescription('');
      onAdded();
    } catch (e) {
      const text = addErrorText(e);
      setFormError(text);
      toast.error(text);
    } finally {
      setSaving(false);
    }
  }

  if (loadError) {
    return (
      <div className="a-alert a-alert-error o-load-error" role="alert">
        <span>
          <strong>Yarış verileri yüklenemedi.</strong> {loadError}
        </span>
        <button type="button" className="a-btn a-btn-ghost" onClick={() => (venues ? void loadProgramme() : loadVenues().then(loadProgramme, (e: Error) => setLoadError(e.message)))}>
          Tekrar Dene
        </button>
      </div>
    );
  }

  return (
    <div className="r-selection">
      <div className="a-card a-filters">
        <label className="a-field">
          <span>Hipodrom</span>
          <select value={venueId} onChange={(e) => (setVenueId(e.target.value), setSelections({}))} disabled={!venues}>
            {!venues && <option>Yükleniyor…</option>}
            {venues && <Options of={venues.map((v) => [v.id, v.name] as const)} />}
          </select>
        </label>
        <label className="a-field">
          <span>Tarih</span>
          <TurkishDateInput value={date} onChange={(next) => (setDate(next), setSelections({}))} />
        </label>
        {cards && cards.length > 1 && (
          <label className="a-field">
            <span>Program</span>
            <select value={cardId} onChange={(e) => (setCardId(e.target.value), setSelections({}))}>
              <Options of={cards.map((c) => [c.id, `${c.hippodrome} · ${c.opening}`] as const)} />
            </select>
          </label>
        )}
        <div className="a-field">
          <span id="r-range-label">Koşu aralığı</span>
          <div className="r-segment" role="group" aria-labelledby="r-range-label">
            {(Object.keys(RANGE_LABELS) as RaceRange[]).map((r) => (
              <button key={r} type="button" className={range === r ? 'is-active' : ''} aria-pressed={range === r} onClick={() => changeRange(r)}>
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

      {loading && <div className="a-card a-empty" aria-busy="true">Yarış programı yükleniyor…</div>}
      {!loading && cards && cards.length === 0 && <div className="a-card a-empty">Bu tarihte seçilen hipodromda koşu bulunmuyor.</div>}

      {!loading && card && activeRace && (
        <>
          {firstStartLocked && (
            <p className="a-alert a-alert-info" role="status">
              {ESTIMATE_MESSAGES.lockedCreate} Başka bir tarih veya koşu aralığı seçin.
            </p>
          )}
          <div className="r-race-tabs" role="tablist" aria-label="Koşular">
            {shown.map((race) => {
              const picked = selections[race.id]?.length ?? 0;
              return (
                <button
                  key={race.id}
                  type="button"
                  role="tab"
                  aria-selected={race.id === activeRace.id}
                  className={race.id === activeRace.id ? 'is-active' : ''}
                  onClick={() => setActiveRaceId(race.id)}
                >
                  <strong>{race.number}. Koşu</strong>
                  <span>{race.time}</span>
                  {picked > 0 && <span className="r-count">{picked}</span>}
                </button>
              );
            })}
          </div>

          <section className="a-card a-table-wrap" aria-label={`${activeRace.number}. Koşu atları`}>
            <div className="r-race-head">
              <div>
                <h2 className="a-h2">
                  {activeRace.number}. Koşu · {activeRace.time}
                </h2>
                <p className="a-muted">
                  {activeRace.distance} m {activeRace.surface}
                  {activeRace.category ? ` · ${activeRace.category}` : ''}
                  {activeRace.trackCondition ? ` · Pist: ${activeRace.trackCondition}` : ''} · {activeRace.entries.length} at · {activeRace.status}
                </p>
              </div>
              <div className="a-head-actions">
                <button type="button" className="a-btn a-btn-ghost" onClick={selectAllInRace}>
                  Bu koşudaki tümünü seç
                </button>
                <button type="button" className="a-btn a-btn-ghost" onClick={() => (setSelections({}), setFormError(null))} disabled={total === 0}>
                  Tümünü temizle
                </button>
              </div>
            </div>
            <table className="a-table r-horses">
              <thead>
                <tr>
                  <th>Seç</th>
                  <th>No</th>
                  <th>At</th>
                  <th>Jokey</th>
                  <th>Kilo</th>
                  <th>Ganyan</th>
                  <th>Antrenör</th>
                  <th>Sahip</th>
                  <th>Yaş</th>
                  <th>Baba</th>
                  <th>Anne</th>
                  <th>Son 6</th>
                  <th>AGF</th>
                </tr>
              </thead>
              <tbody>
                {activeRace.entries.map((entry) => {
                  const checked = selections[activeRace.id]?.includes(entry.number) ?? false;
                  return (
                    <tr key={entry.number} className={checked ? 'r-picked' : ''} onClick={(e) => (e.target as HTMLElement).tagName !== 'INPUT' && toggle(activeRace.id, entry.number)}>
                      <td>
                        <input type="checkbox" checked={checked} onChange={() => toggle(activeRace.id, entry.number)} aria-label={`${entry.number} ${entry.name}`} />
                      </td>
                      <td>
                        <span className="r-no">{entry.number}</span>
                      </td>
                      <td className="r-name">{entry.name}</td>
                      <td>{entry.jockey ?? '—'}</td>
                      <td>{entry.weight.toLocaleString('tr-TR')}</td>
                      <td className="a-nowrap">{oddsText(entry.odds)}</td>
                      <td>{entry.trainer ?? '—'}</td>
                      <td>{entry.owner ?? '—'}</td>
                      <td>{entry.age}</td>
                      <td>{entry.father ?? '—'}</td>
                      <td>{entry.mother ?? '—'}</td>
                      <td className="r-mono a-nowrap">{entry.lastSix ?? '—'}</td>
                      <td className="a-nowrap">{agfText(entry.agf)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>

          <section className="a-card" aria-labelledby="r-summary-title">
            <h2 className="a-h2" id="r-summary-title">
              Seçim Özeti
            </h2>
            <SummaryGrid races={shown} selections={selections} onOpen={setActiveRaceId} />
            <p className="r-compact" data-testid="selection-string">
              {compactSelection(shown, selections)}
            </p>
            <p className="a-muted">
              Toplam {total} at · kupon {couponSize(shown, selections)} kombinasyon
            </p>
          </section>

          <section className="a-card r-add" aria-labelledby="r-add-title">
            <h2 className="a-h2" id="r-add-title">
              Tahmini Makaleye Ekle
            </h2>
            {articlesError && (
              <p className="a-alert a-alert-error" role="alert">
                {articlesError}{' '}
                <button type="button" className="a-link" onClick={() => void loadArticles()}>
                  Tekrar Dene
                </button>
              </p>
            )}
            {articles && articles.length === 0 && !articlesError && (
              <p className="a-alert a-alert-info" role="alert">
                Tahmin eklenebilecek yayımlanmış bir tahmin makalesi bulunamadı.{' '}
                {user.role === 'admin' ? 'Önce "Tahmin" kategorisinde bir makale yayımlayın.' : 'Önce "Tahmin" kategorisinde kendi makalenizi yayımlayın.'}
              </p>
            )}
            <div className="a-row-2">
              <label className="a-field">
                <span>Makale</span>
                <select id="r-article-picker" value={articleId} onChange={(e) => (setArticleId(e.target.value), setFormError(null))} disabled={!articles?.length}>
                  <option value="">Makale seçin…</option>
                  {articles?.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.title}
                      {a.hasRaceEstimate ? ' (tahmini var)' : ''}
                    </option>
                  ))}
                </select>
              </label>
              <label className="a-field">
                <span>Tahmin başlığı (isteğe bağlı)</span>
                <input value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} placeholder={`${card.location} ${card.date.split('-').reverse().join('.')} Yarış Tahmini`} />
              </label>
            </div>
            <label className="a-field">
              <span>Açıklama (isteğe bağlı)</span>
              <textarea rows={2} maxLength={5000} value={description} onChange={(e) => setDescription(e.target.value)} />
            </label>
            {formError && (
              <p className="a-alert a-alert-error" role="alert" data-testid="add-error">
                {formError}
              </p>
            )}
            <div className="a-modal-actions">
              <button type="button" className="a-btn a-btn-primary" onClick={() => void addToArticle()} disabled={saving}>
                {saving ? 'Ekleniyor…' : 'Tahmini makaleye ekle'}
              </button>
            </div>
          </section>
        </>
      )}
    </div>
  );
}

/** All shown races side by side, horses by rank (smallest number first), like the coupon itself. */
function SummaryGrid({ races, selections, onOpen }: { races: RaceView[]; selections: Selections; onOpen: (id: string) => void }) {
  const rows = Math.max(0, ...races.map((r) => selections[r.id]?.length ?? 0));
  const name = (race: RaceView, n: number) => race.entries.find((e) => e.number === n)?.name ?? '';
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
                        <span className="r-no">{n}</span> {name(r, n)}
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
