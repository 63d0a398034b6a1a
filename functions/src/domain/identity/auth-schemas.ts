import { z } from 'zod';
import { hasBidiControls, NAME_MESSAGES } from './name-rules.js';
import { requiredText } from '../text/fields.js';

/** Names others see carry no invisible direction controls (name-rules.ts). */
export const noBidi = (value: string) => !hasBidiControls(value);

/**
 * Request bodies of the account endpoints. The member forms (react-hook-form + zodResolver) and the
 * API validate with these same schemas, so every rule and Turkish text lives here once.
 */
export const AUTH_MESSAGES = {
  fillRequired: 'Lütfen tüm gerekli alanları doldurun',
  invalidEmail: 'Geçerli bir e-posta adresi girin',
  invalidPhone: 'Geçerli bir telefon numarası girin',
  invalidBirthDate: 'Lütfen geçerli bir doğum tarihi seçin',
  invalidUsername: 'Kullanıcı adı 3-30 karakter olmalı; yalnızca harf, rakam, nokta, tire ve alt çizgi içerebilir',
  passwordTooShort: 'Şifre en az 6 karakter olmalıdır',
  passwordMismatch: 'Şifreler eşleşmiyor',
  termsRequired: 'Kullanıcı sözleşmesini kabul etmelisiniz',
  loginEmailRequired: 'Lütfen e-posta adresinizi girin',
  loginPasswordRequired: 'Lütfen şifrenizi girin',
  badCredentials: 'Kullanıcı adı veya şifre hatalı. Lütfen tekrar deneyiniz.',
  staffBadCredentials: 'Geçersiz email veya şifre',
  registerUnavailable: 'Bu e-posta adresi veya kullanıcı adı ile üyelik oluşturulamıyor. Lütfen farklı bilgilerle tekrar deneyin ya da giriş yapın.',
  registered: 'Üyeliğiniz başarıyla oluşturuldu! Giriş yapabilirsiniz.',
  loggedIn: 'Başarıyla giriş yaptınız!',
  loggedOut: 'Başarıyla çıkış yaptınız',
  resetEmailInvalid: 'Lütfen geçerli bir e-posta adresi girin',
  resetSent: 'Bu e-posta adresi kayıtlıysa şifre sıfırlama bağlantısı gönderildi. Bağlantı 24 saat geçerlidir; e-posta 5-10 dakika içinde ulaşır.',
  resetInvalid: 'Şifre sıfırlama bağlantısı geçersiz veya süresi dolmuş. Lütfen yeni bir bağlantı isteyin.',
  resetDone: 'Şifreniz güncellendi. Yeni şifrenizle giriş yapabilirsiniz.',
  newPasswordMismatch: 'Yeni şifreler eşleşmiyor!',
  currentPasswordWrong: 'Mevcut şifreniz hatalı.',
  currentPasswordRequired: 'Lütfen mevcut şifrenizi girin',
  passwordChanged: 'Şifreniz başarıyla değiştirildi.',
  profileRequired: 'Lütfen ad, soyad ve e-posta alanlarını doldurun!',
  profileEmailTaken: 'Bu e-posta adresi kullanılamıyor.',
  profileSaved: 'Profil bilgileriniz kaydedildi.',
  invalidAvatar: 'Profil fotoğrafı yükleme işlemiyle alınmış bir adres olmalıdır.',
  tooManyResets: 'Çok fazla şifre sıfırlama isteği gönderdiniz. Lütfen daha sonra tekrar deneyin.',
  tooManyRegistrations: 'Çok fazla kayıt denemesi yapıldı. Lütfen daha sonra tekrar deneyin.',
} as const;

/** The e-mail change of an account (domain/identity/email-change.ts). */
export const EMAIL_CHANGE_MESSAGES = {
  pending: 'Yeni e-posta adresinize bir onay bağlantısı gönderdik. Bağlantıyı açtığınızda adresiniz değişecek.',
  confirmed: 'E-posta adresiniz değiştirildi.',
  invalid: 'E-posta onay bağlantısı geçersiz veya süresi dolmuş.',
  cancelled: 'E-posta değişikliği iptal edildi ve tüm oturumlar kapatıldı. Güvenliğiniz için şifrenizi de değiştirin.',
  cancelInvalid: 'İptal bağlantısı geçersiz veya süresi dolmuş.',
  passwordRequired: 'E-posta adresinizi değiştirmek için mevcut şifrenizi girin.',
} as const;

export const MIN_PASSWORD_LENGTH = 6;
/** Upper bound keeps hashing cost bounded; far above anything a person types. */
export const MAX_PASSWORD_LENGTH = 128;

/** A simple address shape (spec: "a simple pattern"); the mail itself proves ownership. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLocaleLowerCase('en-US');
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
