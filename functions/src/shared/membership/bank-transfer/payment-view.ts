/**
 * The bank-transfer fields of a VIP request as the API sends them (JSON: dates are ISO strings).
 * Browser-safe (no Node imports): the member and staff screens import these types.
 */
export type TimelineKind = 'filed' | 'receipt' | 'reminder' | 'approved' | 'rejected' | 'cancelled' | 'expired';

export interface VipPaymentFieldsJson {
  referenceCode: string | null;
  amount: number | null;
  expiresAt: string | null;
  closedAt: string | null;
  reminderSentAt: string | null;
  receipt: { name: string; contentType: string; size: number; addedAt: string } | null;
  paymentMatch: { lineNo: number; statementId: string } | null;
  timeline: { kind: TimelineKind; at: string }[];
}

export const TIMELINE_TEXT: Record<TimelineKind, string> = {
  filed: 'Talep oluşturuldu',
  receipt: 'Dekont eklendi',
  reminder: 'Ödeme hatırlatması gönderildi',
  approved: 'Onaylandı, VIP üyelik başladı',
  rejected: 'Reddedildi',
  cancelled: 'İptal edildi',
  expired: 'Süresi doldu (7 gün içinde ödeme alınamadı)',
};

export const RECEIPT_ACCEPT = 'application/pdf,image/jpeg,image/png';
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
