import { z } from 'zod';
import { hasBidiControls, NAME_MESSAGES } from './name-rules.js';
import { requiredText } from '../text/index.js';
import { AUTH_MESSAGES, EMAIL_CHANGE_MESSAGES } from './auth-messages.js';

/** Names others see carry no invisible direction controls (name-rules.ts). */
export const noBidi = (value: string) => !hasBidiControls(value);

/**
 * Request bodies of the account endpoints. The API and the member forms validate with these same
 * schemas (the forms through zodResolver; the sign-in form shows the API's answer, so its page ships
 * no zod), so every rule lives here once; the Turkish texts are in auth-messages.ts.
 */
export { AUTH_MESSAGES, EMAIL_CHANGE_MESSAGES };

export const MIN_PASSWORD_LENGTH = 6;
/** Upper bound keeps hashing cost bounded; far above anything a person types. */
export const MAX_PASSWORD_LENGTH = 128;

/** A simple address shape (spec: "a simple pattern"); the mail itself proves ownership. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Trimmed and lower-cased. A Turkish keyboard's capital 'İ' lower-cases to 'i' + U+0307 (a combining
 * dot) in every locale but Turkish, a look-alike of 'i' no mail server delivers to: it becomes plain 'i'.
 */
export function normalizeEmail(email: string): string {
  return email.trim().replace(/İ/g, 'I').toLocaleLowerCase('en-US').replace(/i\u0307/g, 'i');
}

/** An e-mail address, trimmed, checked and lower-cased: `required` when blank, `invalid` otherwise. */
export function emailField(required: string, invalid: string) {
  return requiredText(254, required, invalid).regex(EMAIL_PATTERN, invalid).transform(normalizeEmail);
}

/** A first or last name others see: 50 characters at most, no invisible direction controls. */
export function personName(required: string, tooLong?: string) {
  return requiredText(50, required, tooLong).refine(noBidi, NAME_MESSAGES.bidi);
}

/** A username as every account form takes it (letters in any script, digits, `._-`). */
export function usernameField(required: string, invalid: string) {
  return z.string(required).trim().min(1, required).regex(/^[\p{L}\p{N}._-]{3,30}$/u, invalid);
}

/** A new password as every form that sets one takes it. */
export const passwordField = z
  .string(AUTH_MESSAGES.fillRequired)
  .min(1, AUTH_MESSAGES.fillRequired)
  .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, `Şifre en fazla ${MAX_PASSWORD_LENGTH} karakter olabilir`);

/** Birth date from the three selects; a real calendar day within the last 100 years, not in the future. */
export function birthDateFrom(day: string, month: string, year: string, now: Date): Date | null {
  const d = Number(day);
  const m = Number(month);
  const y = Number(year);
  if (!Number.isInteger(d) || !Number.isInteger(m) || !Number.isInteger(y)) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  const thisYear = now.getUTCFullYear();
  if (y < thisYear - 100 || date.getTime() > now.getTime()) return null;
  return date;
}

/** The membership agreement admits members from 18 on (kullanıcı sözleşmesi, madde 2). */
export const MIN_MEMBER_AGE = 18;

/** The youngest birth year that can be 18 by the end of `now`'s year: the first choice of the year list. */
export function latestBirthYear(now: Date): number {
  return now.getUTCFullYear() - MIN_MEMBER_AGE;
}

/** Whether someone born on `birthDate` has had their 18th birthday by `now` (29 February counts from 1 March). */
export function isAdult(birthDate: Date, now: Date): boolean {
  const eighteenth = new Date(Date.UTC(birthDate.getUTCFullYear() + MIN_MEMBER_AGE, birthDate.getUTCMonth(), birthDate.getUTCDate()));
  return eighteenth.getTime() <= now.getTime();
}

export const loginSchema = z.strictObject({
  email: z.string(AUTH_MESSAGES.loginEmailRequired).trim().min(1, AUTH_MESSAGES.loginEmailRequired).max(254, AUTH_MESSAGES.invalidEmail).transform(normalizeEmail),
  password: z.string(AUTH_MESSAGES.loginPasswordRequired).min(1, AUTH_MESSAGES.loginPasswordRequired).max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.badCredentials),
  rememberMe: z.boolean().default(false),
});
export type LoginInput = z.output<typeof loginSchema>;

export const refreshSchema = z.strictObject({
  refreshToken: z.string('Oturum bilgisi eksik.').min(16, 'Oturum bilgisi geçersiz.').max(200, 'Oturum bilgisi geçersiz.'),
});

export const logoutSchema = z.strictObject({
  refreshToken: z.string().max(200).optional(),
});

export const passwordResetRequestSchema = z.strictObject({
  email: z
    .string(AUTH_MESSAGES.resetEmailInvalid)
    .trim()
    .max(254, AUTH_MESSAGES.resetEmailInvalid)
    .refine((v) => v.includes('@'), AUTH_MESSAGES.resetEmailInvalid)
    .transform(normalizeEmail),
});

export const passwordResetConfirmSchema = z
  .strictObject({
    token: z.string(AUTH_MESSAGES.resetInvalid).min(16, AUTH_MESSAGES.resetInvalid).max(200, AUTH_MESSAGES.resetInvalid),
    newPassword: passwordField,
    confirmPassword: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword !== undefined && value.confirmPassword !== value.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: AUTH_MESSAGES.newPasswordMismatch });
    }
  });

export const changePasswordSchema = z
  .strictObject({
    currentPassword: z.string(AUTH_MESSAGES.currentPasswordRequired).min(1, AUTH_MESSAGES.currentPasswordRequired).max(MAX_PASSWORD_LENGTH),
    newPassword: passwordField,
    confirmPassword: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword !== undefined && value.confirmPassword !== value.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: AUTH_MESSAGES.newPasswordMismatch });
    }
  });

/** The token of an e-mail change link (confirm or "this was not me"). */
export const emailChangeTokenSchema = z.strictObject({
  token: z.string(EMAIL_CHANGE_MESSAGES.invalid).min(16, EMAIL_CHANGE_MESSAGES.invalid).max(200, EMAIL_CHANGE_MESSAGES.invalid),
});
