import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { AD_MESSAGES, AD_PLACEMENT_LABELS, AD_PLACEMENTS, AD_SIZES, AD_STATE_LABELS, houseAdInputSchema, type AdminAdView } from '@shared/ads/house-ad';
import type { Wire } from '@shared/wire';
import { formatIsoDay, istanbulDate } from '@shared/text/dates';
import { TurkishDateInput } from '../../islands/TurkishDateInput';
import { api, uploadFile } from '../session';
import { DataTable, Field, FilePicker, LoadError, numberFormat, RowActions, useDialogFor, useListQuery, useRowAction, type Column } from '../ui';
import { ActiveCheck, SettingsFormDialog } from './shared';
import './ads-tab.css';

/**
 * The 'Reklamlar' settings tab (issue 15): the house ads shown to everyone who is not an active
 * VIP. Image through the signed upload flow, link, alt text, placement, Istanbul days, on/off, and
 * the clicks counted on the public pages.
 */

type Ad = Wire<AdminAdView>;
type AdIn = z.input<typeof houseAdInputSchema>;

const failure = (fallback: string) => (e: Error) => ((e as { status?: number }).status ?? 500) < 500 && e.message ? e.message : fallback;
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
        const toggle = async () => (await api.call((r) => r.admin.settings.ads[':id'].$put({ param: { id: ad.id } }), { body: bodyOf(ad, { isActive: !ad.isActive }) })).message;
        const remove = async () => (await api.call((r) => r.admin.settings.ads[':id'].$delete({ param: { id: ad.id } }))).message;
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

/** The ad's own schema plus its image: required for a new ad, optional when editing (the current one stays). */
function adFormSchema(editing: boolean) {
  return houseAdInputSchema.extend({ image: z.custom<File | null>((v) => (v === null ? editing : v instanceof File), AD_MESSAGES.imageRequired) });
}
type AdFormIn = AdIn & { image: File | null };

function AdDialog({ ad, onClose, onSaved }: { ad: Ad | null; onClose: () => void; onSaved: () => void }) {
  const defaults: AdFormIn = { ...(ad ? bodyOf(ad) : { linkUrl: '', altText: '', placement: 'header', activeFrom: istanbulDate(), activeTo: null, isActive: true }), image: null };
  return (
    <SettingsFormDialog
      editing={!!ad}
      texts={{ create: 'Yeni Reklam', edit: 'Reklamı Düzenle', created: AD_MESSAGES.created, updated: AD_MESSAGES.updated }}
      schema={adFormSchema(!!ad)}
      defaultValues={defaults}
      send={async ({ image, ...values }) => {
        const uploadId = image ? await uploadFile(image, 'image') : undefined;
        const body = { ...values, uploadId };
        return ad ? api.call((r) => r.admin.settings.ads[':id'].$put({ param: { id: ad.id } }), { body }) : api.call((r) => r.admin.settings.ads.$post(), { body });
      }}
      onClose={onClose}
      onDone={onSaved}
    >
      {({ register, control, watch, formState: { errors: e } }) => {
        const size = AD_SIZES[watch('placement') ?? 'header'];
        return (
          <>
            <Controller
              control={control}
              name="image"
              render={({ field }) => (
                <FilePicker label={ad ? 'Yeni görsel (boş bırakılırsa mevcut görsel kalır)' : 'Görsel *'} accept="image/jpeg,image/png,image/webp" file={field.value} onFile={field.onChange} testId="ad-image" />
              )}
            />
            <p className="a-muted o-ad-hint">
              Önerilen boyut: {size.width}×{size.height} piksel. Görsel bu orana göre kırpılır.
            </p>
            {e.image?.message && <span className="a-error">{e.image.message}</span>}
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
            <ActiveCheck field={register('isActive')} />
          </>
        );
      }}
    </SettingsFormDialog>
  );
}
