import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { AD_MESSAGES, AD_PLACEMENT_LABELS, AD_PLACEMENTS, AD_SIZES, AD_STATE_LABELS, houseAdInputSchema, type AdminAdView } from '../../../../functions/src/domain/ads/house-ad';
import type { Wire } from '../../../../functions/src/platform/wire';
import { formatIsoDay } from '../../../lib/turkish-date';
import { TurkishDateInput } from '../../../islands/TurkishDateInput';
import { api, uploadFile } from '../../session';
import { DataTable, Dialog, DialogActions, Field, FilePicker, LoadError, numberFormat, RowActions, useDialogFor, useListQuery, useRowAction, type Column } from '../../ui';
import './ads-tab.css';

/**
 * The 'Reklamlar' settings tab (issue 15): the house ads shown to everyone who is not an active
 * VIP. Image through the signed upload flow, link, alt text, placement, Istanbul days, on/off, and
 * the clicks counted on the public pages.
 */

type Ad = Wire<AdminAdView>;
type AdIn = z.input<typeof houseAdInputSchema>;
type AdOut = z.output<typeof houseAdInputSchema>;

const failure = (fallback: string) => (e: Error) => ((e as { status?: number }).status ?? 500) < 500 && e.message ? e.message : fallback;
const todayIso = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
const bodyOf = (ad: Ad, over: Partial<AdIn> = {}): AdIn => ({ linkUrl: ad.linkUrl, altText: ad.altText, placement: ad.placement, activeFrom: ad.activeFrom, activeTo: ad.activeTo, isActive: ad.isActive, ...over });

const PLACEMENT_OPTIONS = AD_PLACEMENTS.map((p) => <option key={p} value={p} label={AD_PLACEMENT_LABELS[p]} />);

export function AdsTab() {
  const query = useListQuery(async () => (await api.call((r) => r.admin.settings.ads.$get())).data, { filters: {}, errorText: failure('Reklamlar yüklenemedi') });
  const { busy, run } = useRowAction(query.reload);
  const { open: editing, setOpen: setEditing, close, done } = useDialogFor<Ad | 'new'>(query.reload);

  const columns: Column<Ad>[] = [
    { header: 'Görsel', cell: (ad) => <img className="o-ad-thumb" src={ad.imageUrl} alt={ad.altText} loading="lazy" /> },
    {
      header: 'Reklam',
      cell: (ad) => (
        <div className="o-ad-text">
          <strong>{ad.altText}</strong>
          <span className="a-muted o-mono">{ad.linkUrl}</span>
          <span className="a-muted">{AD_PLACEMENT_LABELS[ad.placement]}</span>
        </div>
      ),
    },
    { header: 'Tarihler', cell: (ad) => `${formatIsoDay(ad.activeFrom)} – ${ad.activeTo ? formatIsoDay(ad.activeTo) : 'süresiz'}` },
    { header: 'Durum', cell: (ad) => <span className={`a-status ${ad.state === 'active' ? 'a-status-active' : 'a-status-inactive'}`}>{AD_STATE_LABELS[ad.state]}</span> },
    { header: 'Tıklama', className: 'a-right', headerClassName: 'a-right', cell: (ad) => <span data-testid="ad-clicks">{numberFormat.format(ad.clicks)}</span> },
    {
      header: 'İşlemler',
      headerClassName: 'a-right',
      cell: (ad) => {
        const toggle = async () => (await api.put(`/admin/settings/ads/${ad.id}`, bodyOf(ad, { isActive: !ad.isActive }))).message;
        const remove = async () => (await api.del(`/admin/settings/ads/${ad.id}`)).message;
        const actions: { label: string; danger?: boolean; act: () => void }[] = [
          { label: 'Düzenle', act: () => setEditing(ad) },
          { label: ad.isActive ? 'Kapat' : 'Aç', act: () => void run(ad.id, toggle, failure('Güncelleme başarısız!')) },
          {
            label: 'Sil',
            danger: true,
            act: () => window.confirm(`"${ad.altText}" reklamı silinsin mi? Tıklama sayısı da silinir.`) && void run(ad.id, remove, failure('Silme işlemi başarısız!')),
          },
        ];
        return (
          <RowActions>
            {actions.map((a) => (
              <button key={a.label} type="button" className={a.danger ? 'a-icon-btn a-danger' : 'a-icon-btn'} disabled={busy === ad.id} onClick={a.act}>
                {a.label}
              </button>
            ))}
          </RowActions>
        );
      },
    },
  ];

  return (
    <div className="a-page">
      <div className="o-toolbar">
        <p className="a-muted">Aktif VIP üyeler dışında herkese gösterilen site içi reklamlar. Her reklam &quot;Reklam&quot; etiketiyle gösterilir.</p>
        <button type="button" className="a-btn a-btn-primary" onClick={() => setEditing('new')}>
          + Yeni Reklam
        </button>
      </div>
      {query.error && <LoadError message={query.error} onRetry={() => void query.reload()} />}
      <DataTable columns={columns} rows={query.data} rowKey={(ad) => ad.id} rowProps={() => ({ 'data-testid': 'ad-row' })} empty="Henüz reklam bulunmuyor" failed={!!query.error} className="o-ads" />
      {editing && <AdDialog ad={editing === 'new' ? null : editing} onClose={close} onSaved={done} />}
    </div>
  );
}

function AdDialog({ ad, onClose, onSaved }: { ad: Ad | null; onClose: () => void; onSaved: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const { register, handleSubmit, control, watch, formState } = useForm<AdIn, unknown, AdOut>({
    resolver: zodResolver(houseAdInputSchema),
    defaultValues: ad ? bodyOf(ad) : { linkUrl: '', altText: '', placement: 'header', activeFrom: todayIso(), activeTo: null, isActive: true },
  });
  const e = formState.errors;
  const size = AD_SIZES[watch('placement') ?? 'header'];
  const submit = handleSubmit(async (values) => {
    if (!ad && !file) return;
    try {
      const uploadId = file ? await uploadFile(file, 'image') : undefined;
      const body = { ...values, uploadId };
      const answer = ad ? await api.put(`/admin/settings/ads/${ad.id}`, body) : await api.post('/admin/settings/ads', body);
      toast.success(answer.message ?? (ad ? AD_MESSAGES.updated : AD_MESSAGES.created));
      onSaved();
    } catch (err) {
      toast.error(failure(ad ? 'Güncelleme başarısız!' : 'İşlem başarısız!')(err as Error));
    }
  });
  return (
    <Dialog label={ad ? 'Reklamı Düzenle' : 'Yeni Reklam'} wide onClose={onClose} onSubmit={(ev) => {
        // The image is not a form field: its error shows beside the others'.
        if (!ad && !file) setFileError(AD_MESSAGES.imageRequired);
        void submit(ev);
      }}
    >
      <FilePicker
        label={ad ? 'Yeni görsel (boş bırakılırsa mevcut görsel kalır)' : 'Görsel *'}
        accept="image/jpeg,image/png,image/webp"
        file={file}
        onFile={(f) => {
          setFile(f);
          setFileError(null);
        }}
        testId="ad-image"
      />
      <p className="a-muted o-ad-hint">
        Önerilen boyut: {size.width}×{size.height} piksel. Görsel bu orana göre kırpılır.
      </p>
      {fileError && <span className="a-error">{fileError}</span>}
      <Field label="Bağlantı *" error={e.linkUrl?.message}>
        <input {...register('linkUrl')} placeholder="https://… veya /vip-uyelik" aria-invalid={!!e.linkUrl} />
      </Field>
      <Field label="Alternatif metin *" error={e.altText?.message}>
        <input {...register('altText')} placeholder="Görselde yazanı anlatan kısa metin" aria-invalid={!!e.altText} />
      </Field>
      <Field label="Yerleşim *" error={e.placement?.message}>
        <select {...register('placement')}>{PLACEMENT_OPTIONS}</select>
      </Field>
      <div className="a-row-2">
        <Field label="Başlangıç tarihi *" error={e.activeFrom?.message}>
          <Controller control={control} name="activeFrom" render={({ field }) => <TurkishDateInput value={field.value ?? ''} onChange={field.onChange} aria-invalid={!!e.activeFrom} />} />
        </Field>
        <Field label="Bitiş tarihi (boşsa süresiz)" error={e.activeTo?.message}>
          <Controller control={control} name="activeTo" render={({ field }) => <TurkishDateInput allowEmpty value={field.value ?? ''} onChange={(day) => field.onChange(day || null)} aria-invalid={!!e.activeTo} />} />
        </Field>
      </div>
      <label className="a-check">
        <input type="checkbox" {...register('isActive')} /> Aktif
      </label>
      <DialogActions onCancel={onClose}>
        <button type="submit" className="a-btn a-btn-primary" disabled={formState.isSubmitting}>
          {ad ? 'Güncelle' : 'Kaydet'}
        </button>
      </DialogActions>
    </Dialog>
  );
}
