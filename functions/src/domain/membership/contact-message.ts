import { z } from 'zod';
import { storedRecord } from '../stored-record.js';
import { EMAIL_PATTERN, noBidi } from '../identity/auth-schemas.js';
import { NAME_MESSAGES } from '../identity/name-rules.js';
import { maxLengthText, requiredText } from '../text/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { consume, RATE_RULES } from '../../platform/rate-limit.js';

/** Contact messages (spec 001 §2, spec 002 §3). */
export const CONTACT_TYPES = ['general', 'support', 'business', 'technical', 'complaint', 'suggestion'] as const;
export const CONTACT_TYPE_LABELS: Record<(typeof CONTACT_TYPES)[number], string> = {
  general: 'Genel',
  support: 'Destek',
  business: 'İş Teklifi',
  technical: 'Teknik Sorun',
  complaint: 'Şikayet',
  suggestion: 'Öneri',
};
export const CONTACT_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const CONTACT_STATUSES = ['new', 'in_progress', 'responded', 'closed'] as const;

export const CONTACT_MESSAGES = {
  required: 'Lütfen tüm gerekli alanları doldurunuz',
  invalidEmail: 'Lütfen geçerli bir e-posta adresi giriniz',
  sent: 'Mesajınız başarıyla gönderildi! En kısa sürede size dönüş yapacağız.',
  failed: 'Mesaj gönderilirken bir hata oluştu. Lütfen tekrar deneyiniz.',
  tooMany: 'Çok fazla mesaj gönderdiniz. Lütfen bir süre sonra tekrar deneyin.',
} as const;

const required = (max: number) => requiredText(max, CONTACT_MESSAGES.required, maxLengthText(max));

export const contactMessageInputSchema = z.strictObject({
  name: required(100).refine(noBidi, NAME_MESSAGES.bidi),
  email: requiredText(254, CONTACT_MESSAGES.required, CONTACT_MESSAGES.invalidEmail).regex(EMAIL_PATTERN, CONTACT_MESSAGES.invalidEmail),
  phone: z.string().trim().max(30, maxLengthText(30)).optional(),
  subject: required(200),
  message: required(5000),
  type: z.enum(CONTACT_TYPES, 'Geçersiz mesaj türü').default('general'),
});
export type ContactMessageInput = z.output<typeof contactMessageInputSchema>;

export const contactMessageSchema = storedRecord({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable().default(null),
  subject: z.string(),
  message: z.string(),
  type: z.enum(CONTACT_TYPES),
  priority: z.enum(CONTACT_PRIORITIES),
  status: z.enum(CONTACT_STATUSES),
  userId: z.string().nullable().default(null),
  assignedTo: z.string().nullable().default(null),
  responseMessage: z.string().nullable().default(null),
  respondedAt: z.date().nullable().default(null),
  adminNotes: z.string().nullable().default(null),
  /** Written by the admin side (contact-admin) when a staff member answers. */
  respondedBy: z.string().nullable().default(null),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export const parseContactMessage = (raw: unknown): ContactMessage => contactMessageSchema.parse(raw);

/** Stores a message from the contact form as new, medium priority. The sender's IP is only counted, never kept. */
export async function submitContactMessage(deps: AppDeps, input: ContactMessageInput & { ip: string; userId: string | null }): Promise<string> {
  await consume(deps, [{ rule: RATE_RULES.contactIp, key: input.ip }], CONTACT_MESSAGES.tooMany);
  const now = deps.now();
  const id = deps.store.newId();
  await deps.store.create('contactMessages', id, {
    name: input.name,
    email: input.email.toLocaleLowerCase('en-US'),
    phone: input.phone ? input.phone : null,
    subject: input.subject,
    message: input.message,
    type: input.type,
    priority: 'medium',
    status: 'new',
    userId: input.userId,
    assignedTo: null,
    responseMessage: null,
    respondedAt: null,
    adminNotes: null,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}
