import type { ReactNode } from 'react';
import type { FieldValues, UseFormRegisterReturn } from 'react-hook-form';
import { FormDialog, LoadError, useListQuery, useRowAction, type FormDialogProps } from '../ui';

/** Settings texts of spec 002 §8. */
export const M = {
  failed: 'İşlem başarısız!',
  deleteFailed: 'Silme işlemi başarısız!',
  updateFailed: 'Güncelleme başarısız!',
  generic: 'Bir hata oluştu!',
};
const loadError = (e: Error) => e.message || M.generic;
/** One settings resource (not paged): loaded on open, again after each change. */
export function useSettings<T>(load: () => Promise<{ data: T | null }>) {
  const query = useListQuery(async () => ({ value: (await load()).data ?? null }), { filters: {}, errorText: loadError });
  // undefined until the first answer; null when the resource does not exist.
  return { value: query.data ? query.data.value : undefined, error: query.error, reload: query.reload };
}
export const errorText = (e: unknown, fallback: string) => ((e as { status?: number }).status && (e as { status: number }).status < 500 && (e as Error).message) || fallback;

/** The frame of a settings list: intro and add button, load error, loading and empty states. */
export function SettingsSection({ intro, addLabel, onAdd, error, onRetry, rows, emptyText, children }: { intro: string; addLabel: string; onAdd: () => void; error: string | null; onRetry: () => void; rows: unknown[] | null; emptyText: string; children: ReactNode }) {
  return (
    <div className="a-page">
      <div className="o-toolbar">
        <p className="a-muted">{intro}</p>
        <button type="button" className="a-btn a-btn-primary" onClick={onAdd}>
          {addLabel}
        </button>
      </div>
      {error && <LoadError message={error} onRetry={onRetry} />}
      {rows === null && !error && <div className="a-card a-muted">Yükleniyor…</div>}
      {rows?.length === 0 && <div className="a-card a-empty">{emptyText}</div>}
      {children}
    </div>
  );
}

/** The 'Aktif' box of both settings dialogs. */
export function ActiveCheck({ field }: { field: UseFormRegisterReturn }) {
  return (
    <label className="a-check">
      <input type="checkbox" {...field} /> Aktif
    </label>
  );
}

/** Row actions of a settings list: one at a time, the success toast and a reload, or the spec's failure text (§8). */
export function useSettingsActions(reload: () => Promise<void>) {
  const { busy, run } = useRowAction(reload);
  const act = (id: string, call: () => Promise<unknown>, success: string, failure: string) =>
    void run(
      id,
      async () => {
        await call();
        return success;
      },
      (e) => errorText(e, failure),
    );
  /** Deletes after the person confirmed `question`. */
  const remove = (id: string, question: string, send: () => Promise<unknown>, success: string) => {
    if (window.confirm(question)) act(id, send, success, M.deleteFailed);
  };
  return { busy, act, remove };
}

/** A settings record's own words: the dialog's title for a new and an existing one, and the success toasts. */
export interface SettingsDialogTexts {
  create: string;
  edit: string;
  created: string;
  updated: string;
}

/**
 * Create or edit one settings record: the settings screens' own texts (spec 002 §8), failures as a
 * toast, 'Kaydet' for a new record and 'Güncelle' for an existing one.
 */
export function SettingsFormDialog<In extends FieldValues, Out>({ editing, texts, ...props }: Omit<FormDialogProps<In, Out>, 'label' | 'success' | 'failureAs' | 'failure' | 'submitLabel' | 'wide'> & { editing: boolean; texts: SettingsDialogTexts }) {
  return (
    <FormDialog
      {...props}
      label={editing ? texts.edit : texts.create}
      wide
      success={editing ? texts.updated : texts.created}
      failureAs="toast"
      failure={(e) => errorText(e, editing ? M.updateFailed : M.failed)}
      submitLabel={editing ? 'Güncelle' : 'Kaydet'}
    />
  );
}
