import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { formatIsoDay, istanbulParts, shiftIsoDay } from '@shared/text/dates';
import { formatAmount, formatAmountTL } from '@shared/text/money';
import { formatAgf } from '../../islands/races/race-format';
import { formatDateTime } from '../../lib/format';
import { api, type StaffUser } from '../session';
import { Field, FormDialog, LoadError, refreshBadges, type FormDialogProps } from '../ui';
import { numberList, type DeskRaceView, type DeskView } from './desk-view';
import { PublishTipDialog } from './PublishTipDialog';
import './desk.css';

const clock = (iso: string) => istanbulParts(iso).clock;
const stamp = (iso: string | null) => (iso ? formatDateTime(iso) : 'henüz yok');

const RESULT_TEXT = { won: 'Kazandı', lost: 'Kaybetti', void: 'İade' } as const;

/**
 * The race-day desk (issue 49): the staff panel's first screen on a race day. Today's meetings race
 * by race (tips, locks, results, non-runners), the race source's import status with "Şimdi içe
 * aktar", the work waiting for an admin, and one dialog that publishes a tip with its coupon.
 */
export function DeskScreen({ user }: { user: StaffUser }) {
  const isAdmin = user.role === 'admin';
  const [date, setDate] = useState('');
  const [desk, setDesk] = useState<DeskView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ kind: 'result' | 'nonRunners'; race: DeskRaceView } | { kind: 'publish' } | null>(null);
  const [importing, setImporting] = useState(false);

  const load = useCallback(() => {
    setError(null);
    api
      .call((r) => r.admin['race-desk'].$get(), { query: { date: date || undefined } })
      .then((r) => setDesk(r.data))
      .catch((e: Error) => setError(e.message));
  }, [date]);
  useEffect(load, [load]);

  async function importNow() {
    setImporting(true);
    try {
      const answer = await api.call((r) => r.admin['race-import'].$post());
      toast.success(answer.message ?? 'İçe aktarma bitti.');
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setImporting(false);
      load();
    }
  }

  const done = () => {
    setDialog(null);
    load();
    refreshBadges();
  };

  if (error && !desk) return <LoadError message={error} onRetry={load} />;
  if (!desk) return <div className="a-card a-muted" role="status">Yükleniyor…</div>;
  const races = desk.meetings.flatMap((m) => m.races);
  return (
    <div className="d-desk">
      <div className="d-head">
        <h1 className="a-h1">Yarış Günü · {formatIsoDay(desk.date)}</h1>
        {/* Day steps rather than a native date box: Chromium draws that in the system's locale (12/03/2026). */}
        <nav className="d-days" aria-label="Gün">
          <button type="button" className="a-btn a-btn-ghost" onClick={() => setDate(shiftIsoDay(desk.date, -1))}>
            ‹ Önceki gün
          </button>
          {date && (
            <button type="button" className="a-btn a-btn-ghost" onClick={() => setDate('')}>
              Bugün
            </button>
          )}
          <button type="button" className="a-btn a-btn-ghost" onClick={() => setDate(shiftIsoDay(desk.date, 1))}>
            Sonraki gün ›
          </button>
        </nav>
        <button type="button" className="a-btn a-btn-primary" onClick={() => setDialog({ kind: 'publish' })} disabled={races.length === 0}>
          Tahmin yayımla
        </button>
      </div>

      <div className="d-cards">
        <section className="a-card d-card" aria-label="Sıradaki kilit">
          <h2 className="a-h2">Sıradaki kilit</h2>
          {desk.nextLock ? (
            <p data-testid="next-lock">
              <strong>{clock(desk.nextLock.at)}</strong> · {desk.nextLock.location} {desk.nextLock.raceNumber}. koşu ({desk.nextLock.tips} tahmin)
            </p>
          ) : (
            <p className="a-muted">Bugün kilitlenecek tahmin kalmadı.</p>
          )}
        </section>
        {desk.waiting && (
          <section className="a-card d-card" aria-label="Bekleyen işler">
            <h2 className="a-h2">Bekleyen işler</h2>
            <ul className="d-waiting">
              <li>
                <Link to="/admin/orders">Onay bekleyen ödeme</Link> <strong data-testid="waiting-payments">{desk.waiting.vipRequests}</strong>
              </li>
              <li>
                <Link to="/admin/comments">Onay bekleyen yorum</Link> <strong data-testid="waiting-comments">{desk.waiting.comments}</strong>
              </li>
              <li>
                <Link to="/admin/messages">Yanıt bekleyen mesaj</Link> <strong>{desk.waiting.messages}</strong>
              </li>
            </ul>
          </section>
        )}
        <section className="a-card d-card" aria-label="Veri içe aktarma">
          <h2 className="a-h2">Veri içe aktarma</h2>
          <dl className="d-import" data-testid="import-status">
            <dt>Son program</dt>
            <dd>{stamp(desk.importStatus?.lastProgrammeAt ?? null)}</dd>
            <dt>Son sonuç</dt>
            <dd>{stamp(desk.importStatus?.lastResultsAt ?? null)}</dd>
            <dt>Son çalışma</dt>
            <dd>{desk.importStatus ? `${stamp(desk.importStatus.lastRunAt)} · ${desk.importStatus.trigger === 'schedule' ? 'zamanlanmış' : 'elle'} · ${desk.importStatus.written} belge` : 'henüz çalışmadı'}</dd>
          </dl>
          {desk.importStatus && desk.importStatus.errors.length > 0 && (
            <ul className="d-errors" aria-label="İçe aktarma hataları">
              {desk.importStatus.errors.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
          {isAdmin && (
            <button type="button" className="a-btn" onClick={importNow} disabled={importing}>
              {importing ? 'İçe aktarılıyor…' : 'Şimdi içe aktar'}
            </button>
          )}
        </section>
      </div>

      {desk.meetings.length === 0 && <p className="a-card a-muted">{formatIsoDay(desk.date)} için yarış programı yok.</p>}
      {desk.meetings.map((meeting) => (
        <section key={meeting.id} className="a-card d-meeting" aria-label={meeting.hippodrome}>
          <h2 className="a-h2">
            {meeting.hippodrome} <span className="a-muted">· {meeting.races.length} koşu</span>
          </h2>
          <LateNote races={meeting.races} />
          <ol className="d-races">
            {meeting.races.map((race) => (
              <RaceRow key={race.id} race={race} isAdmin={isAdmin} onEdit={(kind) => setDialog({ kind, race })} />
            ))}
          </ol>
        </section>
      ))}

      {dialog?.kind === 'result' && <ResultDialog race={dialog.race} onClose={() => setDialog(null)} onDone={done} />}
      {dialog?.kind === 'nonRunners' && <NonRunnersDialog race={dialog.race} onClose={() => setDialog(null)} onDone={done} />}
      {dialog?.kind === 'publish' && <PublishTipDialog meetings={desk.meetings} now={desk.now} onClose={() => setDialog(null)} onDone={done} />}
    </div>
  );
}

/** Once per meeting, not on every race: why races sit at "Sonuç bekleniyor" and what to do. */
function LateNote({ races }: { races: DeskRaceView[] }) {
  const late = races.filter((r) => r.status === 'Sonuç bekleniyor');
  if (late.length === 0) return null;
  return (
    <p className="a-alert d-late" data-testid="late-note">
      {late.length === 1 ? `${late[0]!.number}. koşu` : `${late.length} koşu (${late.map((r) => r.number).join(', ')})`} başladı ama sonucu kaynaktan henüz gelmedi. Kaynak dosyası
      yayımlandıysa "Şimdi içe aktar"a basın; gecikirse resmî sonucu "Sonuç gir" ile elle girin.
    </p>
  );
}

function RaceRow({ race, isAdmin, onEdit }: { race: DeskRaceView; isAdmin: boolean; onEdit: (kind: 'result' | 'nonRunners') => void }) {
  const waiting = race.status === 'Sonuç bekleniyor';
  return (
    <li className="d-race" data-testid="desk-race" data-race={race.number}>
      <div className="d-race-head">
        <strong>
          {race.number}. koşu · {race.time}
        </strong>
        <span className="a-muted">
          {[race.category, `${race.distance} m`, race.surface].filter(Boolean).join(' · ')} · {race.entries.length - race.nonRunners.length} at
        </span>
        <span className={`a-pill d-status ${waiting ? 'is-late' : race.status === 'Tamamlandı' ? 'is-done' : ''}`}>{race.status}</span>
        {isAdmin && (
          <span className="d-actions">
            {/* A result can be entered once the race has started (the server says so too). */}
            {race.status !== 'Beklemede' && (
              <button type="button" className="a-btn" onClick={() => onEdit('result')}>
                {race.order.length > 0 ? 'Sonucu düzelt' : 'Sonuç gir'}
              </button>
            )}
            <button type="button" className="a-btn a-btn-ghost" onClick={() => onEdit('nonRunners')}>
              Koşmayanlar
            </button>
          </span>
        )}
      </div>
      {race.nonRunners.length > 0 && <p className="d-note">Koşmayan: {race.nonRunners.join(', ')}</p>}
      {race.order.length > 0 && (
        <p className="d-note" data-testid="race-result">
          Sonuç: {race.order.slice(0, 4).map((n, i) => `${i + 1}. ${n}`).join(' · ')}
          {race.ganyanDividend !== null && ` · Ganyan ${formatAmountTL(race.ganyanDividend)}`}
          {race.disqualified.length > 0 && ` · Distanse: ${race.disqualified.join(', ')}`}
          {race.resultBy === 'staff' && <span className="a-pill"> elle girildi</span>}
        </p>
      )}
      <div className="d-tips">
        {race.tips.length === 0 ? (
          <span className="a-muted">Bu koşuda tahmin yok</span>
        ) : (
          race.tips.map((tip) => (
            <span key={tip.estimateId} className="d-tip" data-testid="desk-tip">
              <span className={`a-pill ${tip.vip ? 'a-pill-vip' : ''}`}>{tip.vip ? 'VIP' : 'Herkese açık'}</span> {tip.pick} ·{' '}
              {tip.result ? <strong>{RESULT_TEXT[tip.result]}</strong> : tip.locked ? 'kilitli' : `kilit ${clock(tip.lockAt)}`}
              <span className="d-tip-title">{tip.title}</span>
            </span>
          ))
        )}
      </div>
    </li>
  );
}

/** '5-2-7', '5, 2, 7' or '5 2 7' → [5, 2, 7]; the server checks the numbers against the runners. */
const listField = (message?: string) => (message ? z.string().trim().min(1, message) : z.string().trim());

/** Both corrections settle the race's tips again, so each is audited with the staff member's reason. */
const reasonField = z.string().trim().min(3, 'Lütfen değişikliğin sebebini yazın (en az 3 karakter).');

const resultFormSchema = z.object({
  order: listField('Sonuç için en az birinci gelen atı yazın.'),
  disqualified: listField(),
  ganyan: z.string().trim().regex(/^$|^\d{1,5}([.,]\d{1,2})?$/, 'Ganyan ikramiyesini 4,50 biçiminde yazın.'),
  reason: reasonField,
});

type SettleProps<In extends { reason: string }, Out> = Omit<FormDialogProps<In, Out>, 'submitLabel' | 'busyLabel' | 'children'> & {
  /** What the correction does, above its fields. */
  note: ReactNode;
  children: (form: UseFormReturn<In, unknown, Out>) => ReactNode;
};

/** The frame of both corrections: the note, the fields, the audited reason and "Kaydet ve sonuçlandır". */
function SettleDialog<In extends { reason: string }, Out>({ note, children, ...props }: SettleProps<In, Out>) {
  return (
    <FormDialog {...props} submitLabel="Kaydet ve sonuçlandır" busyLabel="Kaydediliyor…">
      {(form) => {
        // Every form here has `reason` (the type's bound); react-hook-form's paths cannot see that through a generic.
        const reason = form as unknown as UseFormReturn<{ reason: string }>;
        return (
          <>
            <p className="a-muted">{note}</p>
            {children(form)}
            <Field label="Sebep (denetim kaydına yazılır)" error={reason.formState.errors.reason?.message}>
              <textarea rows={2} {...reason.register('reason')} />
            </Field>
          </>
        );
      }}
    </FormDialog>
  );
}

function ResultDialog({ race, onClose, onDone }: { race: DeskRaceView; onClose: () => void; onDone: () => void }) {
  return (
    <SettleDialog
      label={`${race.number}. koşu sonucu`}
      schema={resultFormSchema}
      defaultValues={{ order: race.order.join('-'), disqualified: race.disqualified.join('-'), ganyan: race.ganyanDividend === null ? '' : formatAmount(race.ganyanDividend), reason: '' }}
      send={(v) =>
        api.call((r) => r.admin.races[':raceId'].result.$put({ param: { raceId: race.id } }), {
          body: {
            order: numberList(v.order),
            disqualified: numberList(v.disqualified),
            ...(v.ganyan ? { ganyanDividend: Number(v.ganyan.replace(',', '.')) } : {}),
            reason: v.reason,
          },
        })
      }
      success="Sonuç kaydedildi."
      onClose={onClose}
      onDone={onDone}
      note={`Atlar: ${race.entries.map((e) => `${e.number} ${e.name}`).join(', ')}`}
    >
      {({ register, formState }) => (
        <>
          <Field label="Resmî sıralama (at numaraları, birinciden başlayarak: 5-2-7)" error={formState.errors.order?.message}>
            <input {...register('order')} inputMode="numeric" />
          </Field>
          <Field label="Distanse edilen atlar (varsa)" error={formState.errors.disqualified?.message}>
            <input {...register('disqualified')} inputMode="numeric" />
          </Field>
          <Field label="Ganyan ikramiyesi (TL, 1 birim için)" error={formState.errors.ganyan?.message}>
            <input {...register('ganyan')} inputMode="decimal" />
          </Field>
        </>
      )}
    </SettleDialog>
  );
}

const nonRunnerFormSchema = z.object({ numbers: z.array(z.string()), reason: reasonField });

function NonRunnersDialog({ race, onClose, onDone }: { race: DeskRaceView; onClose: () => void; onDone: () => void }) {
  return (
    <SettleDialog
      label={`${race.number}. koşu: koşmayan atlar`}
      schema={nonRunnerFormSchema}
      defaultValues={{ numbers: race.nonRunners.map(String), reason: '' }}
      send={(v) => api.call((r) => r.admin.races[':raceId']['non-runners'].$put({ param: { raceId: race.id } }), { body: { numbers: v.numbers.map(Number), reason: v.reason } })}
      success="Koşmayan atlar kaydedildi."
      onClose={onClose}
      onDone={onDone}
      note="Altılıda koşmayan atın yerine ayağın AGF favorisi sayılır; tek koşu bahislerinde o atı içeren kombinasyonlar iade edilir."
    >
      {({ register }) => (
        <fieldset className="d-checks">
          <legend>Koşmayan atlar</legend>
          {race.entries.map((e) => (
            <label key={e.number}>
              <input type="checkbox" value={String(e.number)} {...register('numbers')} /> {e.number} {e.name}
              {e.agf !== null && <span className="a-muted"> · AGF {formatAgf(e.agf)}</span>}
            </label>
          ))}
        </fieldset>
      )}
    </SettleDialog>
  );
}
