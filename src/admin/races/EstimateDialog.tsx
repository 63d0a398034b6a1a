import { useEffect, useRef, useState } from 'react';
import { ESTIMATE_MESSAGES } from '../../../functions/src/domain/estimates/estimate';
import { ApiError } from '../../lib/api-client';
import { api } from '../session';
import { FilePicker, LoadError, Tabs, useDialogFocus } from '../ui';
import { AUDIO_ACCEPT, checkAudioFile, checkVideoUrl, MEDIA_MESSAGES, SUPPORTED_PLATFORMS, uploadEstimateAudio, type EstimateParam } from './media';
import { isLockedAt, lockTimeText, shortHash, type RaceView, type StaffEstimate } from './model';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toLocaleString('tr-TR', { maximumFractionDigits: 1 })} MB` : `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('tr-TR')} KB`;

type Tab = 'details' | 'horses' | 'media';
const TABS: readonly (readonly [Tab, string])[] = [
  ['details', 'Detaylar'],
  ['horses', 'At Yönetimi'],
  ['media', 'Medya'],
];
type Notice = { kind: 'success' | 'error'; text: string } | null;

/** Spec 002 §4: messages stay 3 s (success) and 5 s (error). */
function useNotice(): [Notice, (kind: 'success' | 'error', text: string) => void] {
  const [notice, setNotice] = useState<Notice>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const show = (kind: 'success' | 'error', text: string) => {
    if (timer.current) clearTimeout(timer.current);
    setNotice({ kind, text });
    timer.current = setTimeout(() => setNotice(null), kind === 'success' ? 3000 : 5000);
  };
  return [notice, show];
}

/** Update failures by status (spec 002 §8 'Estimates'). */
function updateErrorText(error: unknown, horses: boolean): string {
  if (!(error instanceof ApiError)) return 'Tahmin güncellenirken hata oluştu.';
  if (error.status === 404) return ESTIMATE_MESSAGES.notFound;
  if (error.status === 401) return 'Bu işlem için yetkiniz bulunmuyor.';
  if (error.status === 403) return horses ? ESTIMATE_MESSAGES.forbiddenHorses : ESTIMATE_MESSAGES.forbiddenUpdate;
  if (error.status === 409) return error.message || ESTIMATE_MESSAGES.locked;
  if (error.status >= 500) return 'Sunucu hatası. Lütfen daha sonra tekrar deneyin';
  if (error.status === 0) return error.message;
  if (error.status === 400 && error.message) return error.message;
  return 'Tahmin güncellenirken hata oluştu.';
}

export function EstimateDialog({ estimate, onClose, onChanged }: { estimate: StaffEstimate; onClose: () => void; onChanged: (e: StaffEstimate) => void }) {
  const [tab, setTab] = useState<Tab>('details');
  const [notice, show] = useNotice();
  const param = { articleId: estimate.articleId, estimateId: estimate.id };

  const box = useRef<HTMLDivElement>(null);
  useDialogFocus(box, onClose);

  return (
    <div className="a-modal-back" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={box} className="a-modal a-modal-wide r-dialog" role="dialog" aria-modal="true" aria-labelledby="r-dialog-title">
        <div className="r-dialog-head">
          <div>
            <h2 className="a-h2" id="r-dialog-title">
              Tahmini Düzenle
            </h2>
            <p className="a-muted">
              {estimate.title} · {estimate.article?.title ?? ''}
            </p>
          </div>
          <button type="button" className="o-close" aria-label="Kapat" onClick={onClose}>
            ×
          </button>
        </div>
        <Tabs tabs={TABS} value={tab} onChange={setTab} />
        {notice && (
          <p className={`a-alert ${notice.kind === 'success' ? 'a-alert-success' : 'a-alert-error'}`} role={notice.kind === 'error' ? 'alert' : 'status'} data-testid="dialog-notice">
            {notice.text}
          </p>
        )}
        {tab === 'details' && <DetailsTab estimate={estimate} param={param} show={show} onChanged={onChanged} />}
        {tab === 'horses' && <HorsesTab estimate={estimate} param={param} show={show} onChanged={onChanged} />}
        {tab === 'media' && <MediaTab estimate={estimate} param={param} show={show} onChanged={onChanged} />}
      </div>
    </div>
  );
}

interface TabProps {
  estimate: StaffEstimate;
  /** The estimate's route parameters for the typed client. */
  param: EstimateParam;
  show: (kind: 'success' | 'error', text: string) => void;
  onChanged: (e: StaffEstimate) => void;
}

function DetailsTab({ estimate, param, show, onChanged }: TabProps) {
  const [title, setTitle] = useState(estimate.title);
  const [description, setDescription] = useState(estimate.description);
  const [isActive, setIsActive] = useState(estimate.isActive);
  const [saving, setSaving] = useState(false);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (!title.trim()) return show('error', 'Başlık boş olamaz.');
    setSaving(true);
    try {
      const answer = await api.call((r) => r.articles[':articleId']['race-estimates'][':estimateId'].$put({ param }), { body: { title: title.trim(), description: description.trim(), isActive } });
      onChanged(answer.data.raceEstimate);
      show('success', answer.message ?? ESTIMATE_MESSAGES.updated);
    } catch (error) {
      show('error', updateErrorText(error, false));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="a-form" onSubmit={(e) => void save(e)}>
      <label className="a-field">
        <span>Başlık</span>
        <input value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <label className="a-field">
        <span>Açıklama</span>
        <textarea rows={4} maxLength={5000} value={description} onChange={(e) => setDescription(e.target.value)} />
      </label>
      <label className="a-check">
        <input type="checkbox" checked={isActive} onChange={(e) => setIsActive(e.target.checked)} /> Aktif (makalede gösterilir)
      </label>
      <div className="a-modal-actions">
        <button type="submit" className="a-btn a-btn-primary" disabled={saving}>
          {saving ? 'Kaydediliyor…' : 'Kaydet'}
        </button>
      </div>
    </form>
  );
}

function HorsesTab({ estimate, param, show, onChanged }: TabProps) {
  const locked = isLockedAt(estimate.lockAt);
  const [races, setRaces] = useState<RaceView[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [picked, setPicked] = useState<Record<string, number[]>>(() => Object.fromEntries(estimate.races.map((r) => [r.id, r.selectedHorses.map((h) => h.number)])));
  const [saving, setSaving] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    Promise.all(estimate.races.map((r) => api.call((routes) => routes.races[':id'].$get({ param: { id: r.id } })).then((a) => a.data)))
      .then((list) => live && setRaces(list))
      .catch((e: Error) => live && setLoadError(e.message || 'Koşu bilgileri yüklenemedi'));
    return () => {
      live = false;
    };
  }, [estimate.races, attempt]);

  function toggle(raceId: string, n: number) {
    setPicked((p) => {
      const set = new Set(p[raceId] ?? []);
      if (set.has(n)) set.delete(n);
      else set.add(n);
      return { ...p, [raceId]: [...set].sort((a, b) => a - b) };
    });
  }

  async function save() {
    const total = Object.values(picked).reduce((n, l) => n + l.length, 0);
    if (total === 0) return show('error', ESTIMATE_MESSAGES.needHorse);
    setSaving(true);
    try {
      const body = { races: estimate.races.map((r) => ({ id: r.id, selectedHorses: (picked[r.id] ?? []).map((number) => ({ number })) })) };
      const answer = await api.call((r) => r.articles[':articleId']['race-estimates'][':estimateId'].$put({ param }), { body });
      onChanged(answer.data.raceEstimate);
      show('success', 'At seçimleri güncellendi.');
    } catch (error) {
      show('error', updateErrorText(error, true));
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
      {loadError && <LoadError message={loadError} onRetry={() => (setLoadError(null), setAttempt((n) => n + 1))} />}
      {!races && !loadError && <p className="a-muted">Koşular yükleniyor…</p>}
      {races && (
        <fieldset className="r-legs" disabled={locked}>
          <legend className="r-visually-hidden">At seçimleri</legend>
          {races.map((race) => (
            <div key={race.id} className="r-leg">
              <h3>
                {race.number}. Koşu <span className="a-muted">{race.time}</span>
              </h3>
              <div className="r-leg-horses">
                {race.entries.map((e) => (
                  <label key={e.number} className={`r-chip ${picked[race.id]?.includes(e.number) ? 'is-on' : ''}`}>
                    <input type="checkbox" checked={picked[race.id]?.includes(e.number) ?? false} onChange={() => toggle(race.id, e.number)} aria-label={`${race.number}. Koşu ${e.number} ${e.name}`} />
                    <span className="r-no">{e.number}</span> {e.name}
                  </label>
                ))}
              </div>
            </div>
          ))}
        </fieldset>
      )}
      <div className="a-modal-actions">
        <button type="button" className="a-btn a-btn-primary" disabled={locked || saving || !races} onClick={() => void save()}>
          {saving ? 'Kaydediliyor…' : 'Seçimleri Kaydet'}
        </button>
      </div>
    </div>
  );
}

function MediaTab({ estimate, param, show, onChanged }: TabProps) {
  const [file, setFile] = useState<File | null>(null);
  const [audioTitle, setAudioTitle] = useState('');
  const [uploading, setUploading] = useState(false);
  const [videoUrl, setVideoUrl] = useState('');
  const [videoTitle, setVideoTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  async function upload(e: React.FormEvent) {
    e.preventDefault();
    const problem = checkAudioFile(file);
    if (problem) return show('error', problem);
    setUploading(true);
    try {
      onChanged(await uploadEstimateAudio(param, file!, audioTitle));
      setFile(null);
      setAudioTitle('');
      if (fileInput.current) fileInput.current.value = '';
      show('success', ESTIMATE_MESSAGES.audioAdded);
    } catch (error) {
      show('error', (error as Error).message);
    } finally {
      setUploading(false);
    }
  }

  /** Takes the sound or the video off the estimate, once the person confirmed `question`. */
  async function removeMedia(kind: 'audio' | 'video', question: string, removed: string, failed: string) {
    if (!window.confirm(question)) return;
    setBusy(true);
    try {
      const answer = await api.call((r) => r.articles[':articleId']['race-estimates'][':estimateId'][kind].$delete({ param }));
      onChanged(answer.data.raceEstimate);
      show('success', answer.message ?? removed);
    } catch {
      show('error', failed);
    } finally {
      setBusy(false);
    }
  }
  const removeAudio = () => removeMedia('audio', 'Ses kaydı kaldırılsın mı?', ESTIMATE_MESSAGES.audioRemoved, MEDIA_MESSAGES.audioRemoveFailed);
  const removeVideo = () => removeMedia('video', 'Video kaldırılsın mı?', ESTIMATE_MESSAGES.videoRemoved, MEDIA_MESSAGES.videoRemoveFailed);

  async function addVideo(e: React.FormEvent) {
    e.preventDefault();
    const problem = checkVideoUrl(videoUrl);
    if (problem) return show('error', problem);
    setBusy(true);
    try {
      const answer = await api.call((r) => r.articles[':articleId']['race-estimates'][':estimateId'].video.$post({ param }), { body: { url: videoUrl.trim(), ...(videoTitle.trim() ? { title: videoTitle.trim() } : {}) } });
      onChanged(answer.data.raceEstimate);
      setVideoUrl('');
      setVideoTitle('');
      show('success', answer.message ?? ESTIMATE_MESSAGES.videoAdded);
    } catch (error) {
      const api4xx = error instanceof ApiError && error.status >= 400 && error.status < 500;
      show('error', api4xx ? `${MEDIA_MESSAGES.videoAddFailed}: ${(error as Error).message}` : MEDIA_MESSAGES.videoAddError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="r-media">
      <section className="a-fieldset">
        <h3 className="r-h3">Ses kaydı</h3>
        {estimate.audio ? (
          <div className="r-media-current">
            <audio controls preload="none" src={estimate.audio.url} aria-label={`Ses: ${estimate.audio.title}`} />
            <p className="a-muted">
              {estimate.audio.title} · {sizeText(estimate.audio.size)}
            </p>
            <button type="button" className="a-btn a-btn-ghost a-danger" onClick={() => void removeAudio()} disabled={busy}>
              Sesi kaldır
            </button>
          </div>
        ) : (
          <form className="a-form" onSubmit={(e) => void upload(e)}>
            <FilePicker label="Ses dosyası" accept={AUDIO_ACCEPT} file={file} onFile={setFile} inputRef={fileInput} />
            <p className="a-muted">MP3, WAV, M4A, AAC, OGG veya FLAC; en fazla 50 MB.</p>
            <label className="a-field">
              <span>Başlık (isteğe bağlı)</span>
              <input value={audioTitle} maxLength={200} onChange={(e) => setAudioTitle(e.target.value)} />
            </label>
            <div className="a-modal-actions">
              <button type="submit" className="a-btn a-btn-primary" disabled={uploading}>
                {uploading ? 'Yükleniyor…' : 'Sesi yükle'}
              </button>
            </div>
          </form>
        )}
      </section>
      <section className="a-fieldset">
        <h3 className="r-h3">Video</h3>
        {estimate.video ? (
          <div className="r-media-current">
            <a href={estimate.video.url} target="_blank" rel="noopener noreferrer">
              ▶ {estimate.video.title || estimate.video.url}
            </a>
            <p className="a-muted">Platform: {{ youtube: 'YouTube', vimeo: 'Vimeo', dailymotion: 'Dailymotion', other: 'Diğer bağlantı' }[estimate.video.platform]}</p>
            <button type="button" className="a-btn a-btn-ghost a-danger" onClick={() => void removeVideo()} disabled={busy}>
              Videoyu kaldır
            </button>
          </div>
        ) : (
          <form className="a-form" onSubmit={(e) => void addVideo(e)} noValidate>
            <label className="a-field">
              <span>Video URL</span>
              <input type="url" value={videoUrl} placeholder="https://www.youtube.com/watch?v=…" onChange={(e) => setVideoUrl(e.target.value)} />
            </label>
            <p className="a-muted">{SUPPORTED_PLATFORMS}</p>
            <label className="a-field">
              <span>Video başlığı (isteğe bağlı)</span>
              <input value={videoTitle} maxLength={200} onChange={(e) => setVideoTitle(e.target.value)} />
            </label>
            <div className="a-modal-actions">
              <button type="submit" className="a-btn a-btn-primary" disabled={busy}>
                Video ekle
              </button>
            </div>
          </form>
        )}
      </section>
    </div>
  );
}
