import { z } from 'zod';

/**
 * zod field builders the request schemas share, so a rule (trim, then required, then the length)
 * is written once. The Turkish texts stay the callers': each form keeps the exact wording its spec
 * gives (some end with a full stop, some do not). Browser-safe (zod only).
 */

/** A trimmed text that must not be blank: `required` when missing or blank, `tooLong` past `max`. */
export function requiredText(max: number, required: string, tooLong?: string) {
  return z.string(required).trim().min(1, required).max(max, tooLong);
}

/** The usual "at most N characters" text; `stop` is the full stop some screens show after it. */
export function maxLengthText(max: number, stop: '' | '.' = ''): string {
  return `En fazla ${max} karakter girilebilir${stop}`;
}
