import type { FormEvent, InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { numberFormat } from './format';
import { Options, type Choice } from '../../lib/options';

/** A failure is shown, never swallowed (architecture §7), with a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <p className="a-alert a-alert-error o-load-error" role="alert">
      <span>{message}</span>
      {onRetry && (
        <button type="button" className="a-btn a-btn-ghost" onClick={onRetry}>
          Tekrar Dene
        </button>
      )}
    </p>
  );
}

/** One line of a details list (`<dl className="o-details">`); an empty value shows '—'. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="o-detail">
      <dt>{label}</dt>
      <dd>{children === null || children === undefined || children === '' ? '—' : children}</dd>
    </div>
  );
}

export interface StatItem {
  label: string;
  /** undefined while loading ('…'). */
  value: number | undefined;
  /** Colour of the card: total, published, review, draft. */
  tone: string;
  testId?: string;
}

/** The counter cards above a list. */
export function StatCards({ items }: { items: StatItem[] }) {
  return (
    <div className="a-stats">
      {items.map((s) => (
        <div key={s.label} className={`a-stat a-stat-${s.tone}`}>
          <span>{s.label}</span>
          <strong data-testid={s.testId}>{s.value === undefined ? '…' : numberFormat.format(s.value)}</strong>
        </div>
      ))}
    </div>
  );
}

/** A row of tabs; the panel below is the caller's. */
export function Tabs<K extends string>({ tabs, value, onChange, label }: { tabs: readonly (readonly [K, string])[]; value: K; onChange: (key: K) => void; label?: string }) {
  return (
    <div className="a-tabs" role="tablist" aria-label={label}>
      {tabs.map(([key, text]) => (
        <button key={key} type="button" role="tab" aria-selected={value === key} className={value === key ? 'is-active' : ''} onClick={() => onChange(key)}>
          {text}
        </button>
      ))}
    </div>
  );
}

/** The filter card above a list; with `onSearch` it is a form, so Enter in a field searches. */
export function FilterBar({ onSearch, children }: { onSearch?: () => void; children: ReactNode }) {
  if (!onSearch) return <div className="a-card a-filters">{children}</div>;
  return (
    <form
      className="a-card a-filters"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSearch();
      }}
    >
      {children}
      <button type="submit" className="a-btn a-btn-primary">
        Ara
      </button>
    </form>
  );
}

/** A labelled select (filter bars, dialogs); `all` adds the empty choice first ('Tümü'). */
export function SelectFilter<V extends string>({
  label,
  value,
  onChange,
  options,
  all,
  grow,
  id,
  disabled,
}: {
  label: string;
  value: V | '';
  onChange: (value: V) => void;
  options: readonly (readonly [V, string])[];
  all?: string;
  grow?: boolean;
  id?: string;
  disabled?: boolean;
}) {
  return (
    <label className={grow ? 'a-field a-grow' : 'a-field'}>
      <span>{label}</span>
      <select id={id} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as V)}>
        {all !== undefined && <option value="">{all}</option>}
        <Options of={options} />
      </select>
    </label>
  );
}

/** The free-text field of a filter bar. */
export function SearchFilter({ label, placeholder, value, onChange }: { label: string; placeholder: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="a-field a-grow">
      <span>{label}</span>
      <input type="search" placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}


/** A labelled form field with its validation message under it. */
export function Field({ label, error, children }: { label: ReactNode; error?: string; children: ReactNode }) {
  return (
    <label className="a-field">
      <span>{label}</span>
      {children}
      {error && <span className="a-error">{error}</span>}
    </label>
  );
}

/** A labelled select bound to a form value (`register(name)`). */
export function SelectField({ label, field, options }: { label: string; field: UseFormRegisterReturn; options: readonly Choice[] }) {
  return (
    <Field label={label}>
      <select {...field}>
        <Options of={options} />
      </select>
    </Field>
  );
}

/**
 * A labelled text input bound to a form value, or a text area with `rows`. `error` marks it invalid
 * and shows its message under it; `invalid` only marks it, for forms that show one message at the top.
 */
export function TextField({ label, field, error, invalid, rows, ...input }: { label: ReactNode; field: UseFormRegisterReturn; error?: { message?: string }; invalid?: boolean; rows?: number } & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'placeholder' | 'autoComplete' | 'maxLength'>) {
  const marked = !!(invalid || error);
  return (
    <Field label={label} error={error?.message}>
      {rows ? <textarea rows={rows} {...field} aria-invalid={marked} /> : <input {...input} {...field} aria-invalid={marked} />}
    </Field>
  );
}

/** One checkbox bound to a yes/no form value, its text beside it. */
export function CheckField({ label, field }: { label: ReactNode; field: UseFormRegisterReturn }) {
  return (
    <label className="a-check">
      <input type="checkbox" {...field} /> {label}
    </label>
  );
}

/** A group of checkboxes for one multi-choice form value. */
export function CheckGroup({ legend, options, field }: { legend: string; options: readonly (readonly [string, string])[]; field: UseFormRegisterReturn }) {
  return (
    <fieldset className="a-fieldset">
      <legend>{legend}</legend>
      <div className="a-checks">
        {options.map(([value, label]) => (
          <label key={value} className="a-check">
            <input type="checkbox" value={value} {...field} /> {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
