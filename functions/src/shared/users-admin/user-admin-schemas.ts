import { z } from 'zod';

/** User management's texts and request schemas (spec 002 'User management'): the staff form checks what the API checks. */
export const USERS_ADMIN_MESSAGES = {
  notFound: 'Kullanıcı bulunamadı',
  restored: 'Kullanıcı başarıyla geri yüklendi',
  deleted: 'Kullanıcı başarıyla silindi',
  notDeleted: 'Kullanıcı silinmiş değil.',
  alreadyDeleted: 'Kullanıcı zaten silinmiş.',
  adminProtected: 'Yönetici hesapları silinemez.',
  reason: 'Lütfen bir sebep giriniz',
} as const;

export const softDeleteSchema = z.strictObject({
  reason: z.string(USERS_ADMIN_MESSAGES.reason).trim().min(1, USERS_ADMIN_MESSAGES.reason).max(500),
});
