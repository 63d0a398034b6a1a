import { z } from 'zod';
import { storedRecord } from '../stored-record.js';
import { DEFAULT_VIP_DAYS, DEFAULT_VIP_REASON, VIP_MESSAGES } from './vip-messages.js';

/** VIP requests and subscriptions (spec 001 §3-4, spec 002 §3-4), as stored and as sent. */
export const VIP_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'cancelled', 'expired'] as const;
export const VIP_SUBSCRIPTION_STATUSES = ['active', 'expired', 'cancelled'] as const;
export const MEMBER_VIP_STATUSES = ['none', 'pending', 'rejected', 'expired', 'active'] as const;
export type MemberVipStatus = (typeof MEMBER_VIP_STATUSES)[number];

export const MAX_VIP_DAYS = 365;
export const DAY_MS = 86_400_000;

export { DEFAULT_VIP_DAYS, DEFAULT_VIP_REASON, VIP_MESSAGES };

const userSnapshotSchema = z.object({ firstName: z.string(), lastName: z.string(), email: z.string() });

/** The member's transfer receipt (dekont): a private file, read by staff only through the API. */
export const vipReceiptSchema = z.object({
  uploadId: z.string(),
  key: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  name: z.string(),
  addedAt: z.date(),
});
export type VipReceipt = z.infer<typeof vipReceiptSchema>;

export const vipRequestSchema = storedRecord({
  userId: z.string(),
  user: userSnapshotSchema,
  requestDate: z.date(),
  status: z.enum(VIP_REQUEST_STATUSES),
  requestedDays: z.number().int(),
  reason: z.string(),
  otherName: z.string(),
  packageId: z.string().nullable().default(null),
  packageName: z.string().nullable().default(null),
  price: z.number().nullable().default(null),
  adminNotes: z.string().nullable().default(null),
  rejectionReason: z.string().nullable().default(null),
  reviewedBy: z.string().nullable().default(null),
  reviewedAt: z.date().nullable().default(null),
  subscriptionId: z.string().nullable().default(null),
  /** Bank-transfer fields (issue 18); requests filed before them have none. */
  referenceCode: z.string().nullable().default(null),
  /** The package price at filing, in TL: what the transfer must equal, whatever the package costs later. */
  amount: z.number().nullable().default(null),
  receipt: vipReceiptSchema.nullable().default(null),
  reminderSentAt: z.date().nullable().default(null),
  expiresAt: z.date().nullable().default(null),
  closedAt: z.date().nullable().default(null),
  /** The statement line that paid it, when approved from a bank statement. */
  paymentMatch: z.object({ statementId: z.string(), lineNo: z.number().int(), lineKey: z.string() }).nullable().default(null),
});
export type VipRequest = z.infer<typeof vipRequestSchema>;

export const vipSubscriptionSchema = storedRecord({
  userId: z.string(),
  user: userSnapshotSchema,
  startDate: z.date(),
  endDate: z.date(),
  durationDays: z.number().int(),
  status: z.enum(VIP_SUBSCRIPTION_STATUSES),
  source: z.enum(['request', 'grant']),
  requestId: z.string().nullable().default(null),
  adminNotes: z.string().nullable().default(null),
  reason: z.string().nullable().default(null),
  isAutoRenew: z.boolean().default(false),
  /** Reminder mails already queued, as `<kind>@<endDate ISO>` so an extension re-arms them. */
  remindersSent: z.array(z.string()).default([]),
  cancelledAt: z.date().nullable().default(null),
  cancelledBy: z.string().nullable().default(null),
});
export type VipSubscription = z.infer<typeof vipSubscriptionSchema>;

export const parseVipRequest = (raw: unknown): VipRequest => vipRequestSchema.parse(raw);
export const parseVipSubscription = (raw: unknown): VipSubscription => vipSubscriptionSchema.parse(raw);

const daysField = z
  .number(VIP_MESSAGES.daysInvalid)
  .int(VIP_MESSAGES.daysInvalid)
  .min(1, VIP_MESSAGES.daysInvalid)
  .max(MAX_VIP_DAYS, `En fazla ${MAX_VIP_DAYS} gün verilebilir`);
const notesField = z.string().trim().max(2000, 'En fazla 2000 karakter girilebilir');

/** Member's request (spec 001 §7): every field optional, with the spec's defaults. */
export const requestVipSchema = z.strictObject({
  reason: notesField.optional(),
  requestedDays: daysField.optional(),
  otherName: z.string().trim().max(120, 'En fazla 120 karakter girilebilir').optional(),
  packageId: z.string().trim().min(1, VIP_MESSAGES.packageRequired).max(100).optional(),
});
export type RequestVipInput = z.output<typeof requestVipSchema>;

/** Without a receipt or a matched statement line, the approver writes how the payment was checked (issue 49). */
export const APPROVAL_EVIDENCE_MESSAGE =
  'Bu talebin ne dekontu ne de eşleşen bir hesap hareketi var: onaylamak için ödemeyi nasıl doğruladığınızı yazın (en az 10 karakter).';

export const approveVipRequestSchema = z.strictObject({
  durationDays: daysField.optional(),
  adminNotes: notesField.optional(),
  evidenceReason: z.string().trim().max(1000, 'En fazla 1000 karakter girilebilir').optional(),
});

export const rejectVipRequestSchema = z.strictObject({
  rejectionReason: z.string(VIP_MESSAGES.rejectionReasonRequired).trim().min(1, VIP_MESSAGES.rejectionReasonRequired).max(2000),
  adminNotes: notesField.optional(),
});

export const grantVipSchema = z.strictObject({
  durationDays: daysField,
  adminNotes: notesField.optional(),
});

export const cancelVipSchema = z.strictObject({
  reason: z.string(VIP_MESSAGES.reasonRequired).trim().min(1, VIP_MESSAGES.reasonRequired).max(2000),
});

/** Whole days left, rounded up (an end later today is "1 gün kaldı"), never negative. */
export function remainingDays(endDate: Date, now: Date): number {
  return Math.max(0, Math.ceil((endDate.getTime() - now.getTime()) / DAY_MS));
}
