import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A short-lived read link for a receipt, so the staff dialog can show it in an <img> or <object>
 * (which cannot send the bearer token). The HMAC covers the request id and the expiry; the link
 * works for 5 minutes and for that receipt only.
 */
export const RECEIPT_LINK_SECONDS = 5 * 60;

function sign(secret: string, requestId: string, expires: number): string {
  return createHmac('sha256', `${secret}:vip-receipt`).update(`${requestId}\n${expires}`).digest('base64url');
}

export function receiptLink(secret: string, requestId: string, now: Date): { url: string; expiresAt: Date } {
  const expires = Math.floor(now.getTime() / 1000) + RECEIPT_LINK_SECONDS;
  const query = new URLSearchParams({ exp: String(expires), sig: sign(secret, requestId, expires) });
  return { url: `/api/users/admin/vip-requests/${encodeURIComponent(requestId)}/receipt?${query.toString()}`, expiresAt: new Date(expires * 1000) };
}

export function verifyReceiptLink(secret: string, requestId: string, exp: string | undefined, sig: string | undefined, now: Date): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
  const expires = Number(exp);
  if (expires * 1000 < now.getTime()) return false;
  const expected = Buffer.from(sign(secret, requestId, expires));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
