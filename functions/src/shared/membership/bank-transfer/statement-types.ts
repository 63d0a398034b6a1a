import { z } from 'zod';

/** One line of a matched bank statement, as stored and as sent (browser-safe: the staff screen imports it). */
export const LINE_STATUSES = ['matched', 'approved', 'wrong-amount', 'no-code', 'unknown-code', 'several-codes', 'duplicate', 'already-used', 'not-open', 'outgoing', 'error'] as const;
export type LineStatus = (typeof LINE_STATUSES)[number];

export const statementLineSchema = z.object({
  lineNo: z.number().int(),
  date: z.string().nullable(),
  description: z.string(),
  amountKurus: z.number().int().nullable(),
  lineKey: z.string().nullable(),
  status: z.enum(LINE_STATUSES),
  message: z.string(),
  referenceCode: z.string().nullable(),
  requestId: z.string().nullable(),
  expectedKurus: z.number().int().nullable(),
  member: z.string().nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

