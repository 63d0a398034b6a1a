import { z } from 'zod';
import { CONTACT_PRIORITIES, CONTACT_STATUSES } from '../membership/contact-message.js';

/** Texts, labels and request bodies of the contact-message admin API; browser-safe (the staff panel's forms import it). */

export const CONTACT_ADMIN_MESSAGES = {
  notFound: 'Mesaj bulunamadı',
  loadFailed: 'İletişim mesajları yüklenemedi',
  updated: 'Mesaj güncellendi',
  updateFailed: 'Durum güncellenemedi',
  deleted: 'Mesaj silindi',
  deleteFailed: 'Mesaj silinemedi',
  assigned: 'Mesaj atandı',
  responded: 'Yanıt gönderildi',
  respondedMailFailed: 'Yanıt kaydedildi ancak e-posta kuyruğa alınamadı.',
  responseRequired: 'Lütfen bir yanıt yazınız',
  closedNoReply: 'Kapatılmış bir mesaja yanıt verilemez.',
  nothingToUpdate: 'Güncellenecek alan yok.',
  adminNotFound: 'Atanacak yönetici bulunamadı.',
} as const;
const M = CONTACT_ADMIN_MESSAGES;

export const CONTACT_STATUS_LABELS: Record<(typeof CONTACT_STATUSES)[number], string> = {
  new: 'Yeni',
  in_progress: 'İşlemde',
  responded: 'Yanıtlandı',
  closed: 'Kapatıldı',
};
export const CONTACT_PRIORITY_LABELS: Record<(typeof CONTACT_PRIORITIES)[number], string> = {
  low: 'Düşük',
  medium: 'Orta',
  high: 'Yüksek',
  urgent: 'Acil',
};
export const CONTACT_PAGE_SIZE = 10;

export const contactUpdateSchema = z
  .strictObject({
    status: z.enum(CONTACT_STATUSES, 'Geçersiz durum').optional(),
    priority: z.enum(CONTACT_PRIORITIES, 'Geçersiz öncelik').optional(),
    adminNotes: z.string().trim().max(2000, 'En fazla 2000 karakter girilebilir').nullable().optional(),
  })
  .refine((v) => v.status !== undefined || v.priority !== undefined || v.adminNotes !== undefined, M.nothingToUpdate);
export type ContactUpdate = z.output<typeof contactUpdateSchema>;

export const contactAssignSchema = z.strictObject({ adminId: z.string().trim().min(1).max(128).optional() });

export const contactRespondSchema = z.strictObject({
  responseMessage: z.string(M.responseRequired).trim().min(1, M.responseRequired).max(5000, 'En fazla 5000 karakter girilebilir'),
});
export type ContactRespondInput = z.output<typeof contactRespondSchema>;

