import { z } from 'zod';
import { isHttpUrl, maxLengthText } from '../text/index.js';
import { AUTHOR_FORM_SPECIALIZATIONS, PROFILE_SPECIALIZATIONS } from '../identity/specializations.js';
import { EMAIL_PATTERN, emailField, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, noBidi, normalizeEmail, personName, usernameField } from '../identity/auth-schemas.js';
import { NAME_MESSAGES } from '../identity/name-rules.js';

/**
 * Author management and the author's own profile (spec 002 §5, §7 Authors). Shared by the panel
 * forms (zodResolver) and the API; browser-safe (zod only).
 */
export const AUTHOR_MESSAGES = {
  required: 'Ad, soyad, kullanıcı adı ve e-posta alanları zorunludur.',
  invalidEmail: 'Geçerli bir e-posta adresi girin.',
  invalidUsername: 'Kullanıcı adı 3-30 karakter olmalı; yalnızca harf, rakam, nokta, tire ve alt çizgi içerebilir.',
  passwordRequired: 'Şifre boş olamaz',
  passwordTooShort: 'Şifre en az 6 karakter olmalıdır.',
  passwordFallback: 'Geçersiz şifre.',
  passwordMismatch: 'Yeni şifreler eşleşmiyor.',
  emailTaken: 'Bu e-posta adresi başka bir hesapta kullanılıyor.',
  usernameTaken: 'Bu kullanıcı adı başka bir hesapta kullanılıyor.',
  notFound: 'Yazar bulunamadı',
  created: 'Yazar başarıyla oluşturuldu.',
  updated: 'Yazar başarıyla güncellendi.',
  deleted: 'Yazar başarıyla silindi.',
  statusChanged: 'Yazar durumu güncellendi.',
  passwordSet: 'Yazarın şifresi güncellendi.',
  cannotChangeSelf: 'Kendi hesabınızın durumunu buradan değiştiremezsiniz.',
  profileSaved: 'Profil başarıyla güncellendi.',
  profileRequired: 'Ad ve soyad alanları zorunludur.',
  invalidUrl: 'Geçerli bir URL girin (https:// ile başlamalı).',
  passwordChanged: 'Şifre başarıyla güncellendi!',
  // Spec 002 §8 lists 'Geçersiz şifre.' among the author profile's errors; it is what a wrong current password shows.
  currentPasswordWrong: 'Geçersiz şifre.',
  emailChanged: 'E-posta adresi başarıyla güncellendi! Lütfen yeni e-postanızı doğrulayın.',
  emailInvalid: 'Geçerli bir e-posta adresi girin.',
  emailSame: 'Yeni e-posta adresi mevcut adresinizle aynı.',
  emailVerified: 'E-posta adresiniz doğrulandı.',
  emailTokenInvalid: 'Doğrulama bağlantısı geçersiz veya süresi dolmuş.',
} as const;

/** The six options of the author form (spec 002 §5), stored as their labels. */
/** The areas each screen offers; stored as codes, labels in identity/specializations.ts. */
export { AUTHOR_FORM_SPECIALIZATIONS, PROFILE_SPECIALIZATIONS } from '../identity/specializations.js';

export const AUTHOR_STATUS_LABELS = { active: 'Aktif', inactive: 'Pasif', suspended: 'Askıya Alınmış', pending: 'Beklemede' } as const;

const newPassword = z
  .string(AUTHOR_MESSAGES.passwordRequired)
  .min(1, AUTHOR_MESSAGES.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, AUTHOR_MESSAGES.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, AUTHOR_MESSAGES.passwordFallback);
const handle = z.string().trim().max(100, 'En fazla 100 karakter girilebilir.');

const optionalUrl = z
  .string()
  .trim()
  .max(300, AUTHOR_MESSAGES.invalidUrl)
  .refine((v) => v === '' || isHttpUrl(v), AUTHOR_MESSAGES.invalidUrl);

const authorFields = {
  firstName: personName(AUTHOR_MESSAGES.required, maxLengthText(50, '.')),
  lastName: personName(AUTHOR_MESSAGES.required, maxLengthText(50, '.')),
  username: usernameField(AUTHOR_MESSAGES.required, AUTHOR_MESSAGES.invalidUsername),
  email: emailField(AUTHOR_MESSAGES.required, AUTHOR_MESSAGES.invalidEmail),
  displayName: z.string().trim().max(100, 'En fazla 100 karakter girilebilir.').refine(noBidi, NAME_MESSAGES.bidi).default(''),
  bio: z.string().trim().max(2000, 'En fazla 2000 karakter girilebilir.').default(''),
  specializations: z.array(z.enum(AUTHOR_FORM_SPECIALIZATIONS, 'Geçersiz uzmanlık alanı.')).max(6).default([]),
  socialMedia: z
    .strictObject({ twitter: handle.optional(), instagram: handle.optional(), linkedin: optionalUrl.optional() })
    .default({}),
  isActive: z.boolean().default(true),
};

/** POST /api/authors: a password is required. */
export const authorCreateSchema = z.strictObject({ ...authorFields, password: newPassword });
/** PUT /api/authors/{id}: a blank password keeps the current one. */
export const authorUpdateSchema = z.strictObject({
  ...authorFields,
  password: z.union([z.literal(''), newPassword]).optional(),
});
export type AuthorCreateInput = z.output<typeof authorCreateSchema>;
export type AuthorUpdateInput = z.output<typeof authorUpdateSchema>;
export type AuthorFormValues = z.input<typeof authorUpdateSchema>;

export const authorStatusSchema = z.strictObject({ status: z.enum(['active', 'inactive'], 'Durum aktif veya pasif olmalıdır.') });
export const authorPasswordSchema = z.strictObject({ password: newPassword });

/** PUT /api/authors/profile/me. */
export const ownProfileSchema = z.strictObject({
  firstName: personName(AUTHOR_MESSAGES.profileRequired),
  lastName: personName(AUTHOR_MESSAGES.profileRequired),
  displayName: z.string().trim().max(100).refine(noBidi, NAME_MESSAGES.bidi).default(''),
  bio: z.string().trim().max(2000, 'En fazla 2000 karakter girilebilir.').default(''),
  specializations: z.array(z.enum(PROFILE_SPECIALIZATIONS, 'Geçersiz uzmanlık alanı.')).max(6).default([]),
  socialMedia: z
    .strictObject({
      twitter: handle.regex(/^@?[A-Za-z0-9_]{0,15}$/, 'Twitter kullanıcı adı geçersiz.').optional(),
      instagram: handle.optional(),
      website: optionalUrl.optional(),
      youtube: optionalUrl.optional(),
    })
    .default({}),
});
export type OwnProfileInput = z.output<typeof ownProfileSchema>;

export const ownPasswordSchema = z
  .strictObject({
    currentPassword: z.string(AUTHOR_MESSAGES.passwordFallback).min(1, 'Mevcut şifrenizi girin.').max(MAX_PASSWORD_LENGTH),
    newPassword: z.string(AUTHOR_MESSAGES.passwordFallback).min(MIN_PASSWORD_LENGTH, AUTHOR_MESSAGES.passwordTooShort).max(MAX_PASSWORD_LENGTH, AUTHOR_MESSAGES.passwordFallback),
    // The VIP-area screen sends only the two passwords (spec 002 §7); the panel sends all three.
    confirmPassword: z.string().optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.newPassword, {
    path: ['confirmPassword'],
    message: AUTHOR_MESSAGES.passwordMismatch,
  });

export const ownEmailSchema = z.strictObject({
  email: z.string(AUTHOR_MESSAGES.emailInvalid).trim().max(254, AUTHOR_MESSAGES.emailInvalid).regex(EMAIL_PATTERN, AUTHOR_MESSAGES.emailInvalid).transform(normalizeEmail),
  password: z.string('Mevcut şifrenizi girin.').min(1, 'Mevcut şifrenizi girin.').max(MAX_PASSWORD_LENGTH),
});

export const emailConfirmSchema = z.strictObject({
  token: z.string(AUTHOR_MESSAGES.emailTokenInvalid).min(16, AUTHOR_MESSAGES.emailTokenInvalid).max(200, AUTHOR_MESSAGES.emailTokenInvalid),
});
