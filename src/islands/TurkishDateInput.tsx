import { useEffect, useId, useState, type InputHTMLAttributes } from 'react';
import { formatIsoDay, parseTurkishDay } from '@shared/text/dates';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  /** ISO day ('2026-11-24') or ''. */
  value: string;
  /** Called with an ISO day once the text is a real date (and with '' when the field is cleared, if `allowEmpty`). */
  onChange: (isoDay: string) => void;
  allowEmpty?: boolean;
};

export const DATE_FORMAT_HINT = 'Tarihi GG.AA.YYYY biçiminde girin (ör. 24.11.2026).';

/**
 * A date field that reads and shows 24.11.2026 in every browser (the native date input follows
 * the browser's language). It commits as soon as the text is a real day, so typing never waits
 * for a blur; an unfinished or impossible date is marked and explained instead of being dropped.
 */
export function TurkishDateInput({ value, onChange, allowEmpty = false, className, ...rest }: Props) {
  const [text, setText] = useState(() => formatIsoDay(value));
  const [invalid, setInvalid] = useState(false);
  const hintId = useId();

  // A value set from outside (the 'Bugün' button, a reset) replaces what is typed.
  useEffect(() => {
    if (parseTurkishDay(text) !== value) setText(formatIsoDay(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only outside changes of value matter here
  }, [value]);

  const commit = (next: string, final: boolean) => {
    const iso = parseTurkishDay(next);
    if (iso) {
      setInvalid(false);
      if (iso !== value) onChange(iso);
    } else if (next.trim() === '' && allowEmpty) {
      setInvalid(false);
      if (value !== '') onChange('');
    } else if (final) setInvalid(true);
  };

  return (
    <>
      <input
        {...rest}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={rest.placeholder ?? 'GG.AA.YYYY'}
        className={className}
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? hintId : rest['aria-describedby']}
        onChange={(e) => {
          setText(e.target.value);
          commit(e.target.value, false);
        }}
        onBlur={(e) => commit(e.target.value, true)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(e.currentTarget.value, true);
          rest.onKeyDown?.(e);
        }}
      />
      {invalid && (
        <small id={hintId} className="date-hint" role="alert">
          {DATE_FORMAT_HINT}
        </small>
      )}
    </>
  );
}
