import { useState } from 'react';
import toast from 'react-hot-toast';
import { ESTIMATE_MESSAGES } from '@shared/estimates/estimate';
import { api } from '../session';
import { LoadError, useListQuery } from '../ui';
import { updateErrorText, type EstimatePanelProps } from './estimate-errors';
import { isLockedAt, lockTimeText, shortHash, type Selections } from './model';

/** The estimate's races with every runner: the horses can change until the first race starts. */
export function EstimateHorses({ estimate, param, onChanged }: EstimatePanelProps) {
  const locked = isLockedAt(estimate.lockAt);
  const races = useListQuery(async () => Promise.all(estimate.races.map(async (r) => (await api.call((routes) => routes.races[':id'].$get({ param: { id: r.id } }))).data)), {
    filters: {},
    errorText: (e) => e.message || 'Koşu bilgileri yüklenemedi',
  });
  const [picked, setPicked] = useState<Selections>(() => Object.fromEntries(estimate.races.map((r) => [r.id, r.selectedHorses.map((h) => h.number)])));
  const [saving, setSaving] = useState(false);

  function toggle(raceId: string, n: number) {
    setPicked((p) => {
      const set = new Set(p[raceId] ?? []);
      if (set.has(n)) set.delete(n);
      else set.add(n);
      return { ...p, [raceId]: [...set].sort((a, b) => a - b) };
    });
  }

  async function save() {
    if (Object.values(picked).every((list) => list.length === 0)) return void toast.error(ESTIMATE_MESSAGES.needHorse);
    setSaving(true);
    try {
      const body = { races: estimate.races.map((r) => ({ id: r.id, selectedHorses: (picked[r.id] ?? []).map((number) => ({ number })) })) };
      const answer = await api.call((r) => r.articles[':articleId']['race-estimates'][':estimateId'].$put({ param }), { body });
      onChanged(answer.data.raceEstimate);
      toast.success('At seçimleri güncellendi.');
    } catch (error) {
      toast.error(updateErrorText(error, true));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="a-form">
      {locked ? (
        <p className="a-alert a-alert-info r-lock" role="status" data-testid="lock-message">
          <strong>Tahmin kilitlendi: {lockTimeText(estimate.lockAt)}</strong>
          <br />
          İlk koşu başladığı için at seçimleri artık değiştirilemez. Başlık, açıklama ve medya değiştirilebilir.
          <br />
          <span className="r-mono" title={estimate.selectionsHash}>
            Seçim özeti: {shortHash(estimate.selectionsHash)}
          </span>
        </p>
      ) : (
        <p className="a-muted">Seçimler ilk koşunun başladığı anda kilitlenir: {lockTimeText(estimate.lockAt)}.</p>
      )}
      {races.error && <LoadError message={races.error} onRetry={() => void races.reload()} />}
      {!races.data && !races.error && <p className="a-muted">Koşular yükleniyor…</p>}
      {races.data && (
        <fieldset className="r-legs" disabled={locked}>
          <legend className="r-visually-hidden">At seçimleri</legend>
          {races.data.map((race) => (
            <div key={race.id} className="r-leg">
              <h3>
                {race.number}. Koşu <span className="a-muted">{race.time}</span>
              </h3>
              <div className="r-leg-horses">
                {race.entries.map((e) => {
                  const on = picked[race.id]?.includes(e.number) ?? false;
                  return (
                    <label key={e.number} className={`r-chip ${on ? 'is-on' : ''}`}>
                      <input type="checkbox" checked={on} onChange={() => toggle(race.id, e.number)} aria-label={`${race.number}. Koşu ${e.number} ${e.name}`} />
                      <span className="r-no">{e.number}</span> {e.name}
                    </label>
                  );
                })}
              </div>
            </div>
          ))}
        </fieldset>
      )}
      <div className="a-modal-actions">
        <button type="button" className="a-btn a-btn-primary" disabled={locked || saving || !races.data} onClick={() => void save()}>
          {saving ? 'Kaydediliyor…' : 'Seçimleri Kaydet'}
        </button>
      </div>
    </div>
  );
}
