import { z } from 'zod';
import { phoneProblem, toE164 } from './phone.js';
import { maxLengthText, requiredText } from '../text/index.js';
import { AUTH_MESSAGES, birthDateFrom, isAdult, emailField, MAX_PASSWORD_LENGTH, passwordField, personName, usernameField } from './auth-schemas.js';

/**
 * The two forms that take a phone number: registration and the member's profile. They live apart
 * from auth-schemas.ts because the phone rules bring libphonenumber's metadata (about 36 KB
 * gzipped) into the browser; the sign-in and password-reset pages need none of it.
 */

const phoneField = requiredText(25, AUTH_MESSAGES.fillRequired, AUTH_MESSAGES.invalidPhone)
  .refine((v) => toE164(v) !== null, AUTH_MESSAGES.invalidPhone)
  .transform((v) => toE164(v)!);

/**
 * Registration, checked in the order of spec 001 §5: first name, last name, phone, birth date,
 * e-mail, username, password (length), password repeat, match, terms. Cross-field rules run
 * in a superRefine so they come after the field rules, in that order.
 */
export const registerSchema = z
  .strictObject({
    firstName: personName(AUTH_MESSAGES.fillRequired, maxLengthText(50)),
    lastName: personName(AUTH_MESSAGES.fillRequired, maxLengthText(50)),
    phone: phoneField,
    birthDay: z.string(AUTH_MESSAGES.fillRequired).regex(/^\d{2}$/, AUTH_MESSAGES.invalidBirthDate),
    birthMonth: z.string(AUTH_MESSAGES.fillRequired).regex(/^(0[1-9]|1[0-2])$/, AUTH_MESSAGES.invalidBirthDate),
    birthYear: z.string(AUTH_MESSAGES.fillRequired).regex(/^\d{4}$/, AUTH_MESSAGES.invalidBirthDate),
    email: emailField(AUTH_MESSAGES.fillRequired, AUTH_MESSAGES.invalidEmail),
    username: usernameField(AUTH_MESSAGES.fillRequired, AUTH_MESSAGES.invalidUsername),
    password: passwordField,
    confirmPassword: z.string(AUTH_MESSAGES.fillRequired).min(1, AUTH_MESSAGES.fillRequired),
    agreeToTerms: z.boolean(AUTH_MESSAGES.termsRequired),
  })
  .superRefine((value, ctx) => {
    const birthDate = birthDateFrom(value.birthDay, value.birthMonth, value.birthYear, new Date());
    if (birthDate === null) {
      ctx.addIssue({ code: 'custom', path: ['birthDay'], message: AUTH_MESSAGES.invalidBirthDate });
      return;
    }
    if (!isAdult(birthDate, new Date())) {
      ctx.addIssue({ code: 'custom', path: ['birthDay'], message: AUTH_MESSAGES.underage });
      return;
    }
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: AUTH_MESSAGES.passwordMismatch });
      return;
    }
    if (value.agreeToTerms !== true) ctx.addIssue({ code: 'custom', path: ['agreeToTerms'], message: AUTH_MESSAGES.termsRequired });
  });
export type RegisterInput = z.output<typeof registerSchema>;

/**
 * What a member may change on their own profile. Role, VIP state, status and birth date are not
 * here at all, so sending them is an unknown field (400), never a silent change.
 */
export const profileUpdateSchema = z.strictObject({
  firstName: personName(AUTH_MESSAGES.profileRequired, maxLengthText(50)),
  lastName: personName(AUTH_MESSAGES.profileRequired, maxLengthText(50)),
  email: emailField(AUTH_MESSAGES.profileRequired, AUTH_MESSAGES.invalidEmail),
  phone: z
    .union([
      z.literal(''),
      z.null(),
      z
        .string()
        .trim()
        .max(25, AUTH_MESSAGES.invalidPhone)
        .superRefine((v, ctx) => {
          // The profile says what is wrong (a landline, a foreign landline, a digit missing), not just "invalid".
          const problem = v === '' ? null : phoneProblem(v, AUTH_MESSAGES.invalidPhone);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
    ])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : toE164(v)!)),
  avatar: z.string().trim().max(2048, AUTH_MESSAGES.invalidAvatar).nullable().optional(),
  /** Needed only when `email` differs from the account's address. */
  currentPassword: z.string().max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.currentPasswordWrong).optional(),
});
export type ProfileUpdateInput = z.output<typeof profileUpdateSchema>;
