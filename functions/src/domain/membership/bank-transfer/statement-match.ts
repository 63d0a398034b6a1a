import { createHash } from 'node:crypto';
import { z } from 'zod';
import { FieldValue, type Transaction, type WriteBatch } from '../../../ports/document-store.js';
import type { AppDeps } from '../../../platform/deps.js';
import type { Actor } from '../../../platform/actor.js';
import { AppError } from '../../../platform/errors.js';
import { foldTurkish } from '../../text/index.js';
import { writeAudit } from '../../audit/index.js';
import { approveVipRequest } from '../manage-vip.js';
import { parseVipRequest, VIP_MESSAGES, type VipRequest } from '../vip.js';
import { findReferenceCodes } from './reference-code.js';
import { LINE_STATUSES, statementLineSchema, type LineStatus, type StatementLine } from './statement-types.js';
import { parseStatement, STATEMENT_LIMITS, STATEMENT_MESSAGES, StatementError, type ParsedStatement, type StatementRow } from './statement-parse.js';
import { formatAmountTL } from '../../../shared/text/money.js';

/**
 * Bank statement matching (issue 18). Each incoming line is matched to a request by the reference
 * code in its description and the amount frozen on the request. A line is identified by its date,
 * amount and description (`lineKey`), and a line that paid a request is recorded in
 * `vipStatementLines` (id = lineKey) in the approval's own transaction: the same line, in this
 * upload or any later one, never approves twice.
 */
export const vipStatementSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  encoding: z.string(),
  columns: z.record(z.string(), z.string().nullable()),
  uploadedBy: z.string(),
  uploadedAt: z.date(),
  lines: z.array(statementLineSchema),
  approvedAt: z.date().nullable().default(null),
});
export type VipStatement = z.infer<typeof vipStatementSchema>;

/**
 * A statement's lines are kept in pages of their own (`vipStatementPages/{statementId}-{n}`): a
 * 2,000-line statement is over 1 MiB, which no Firestore document may be. The statement document
 * keeps how many pages it has; one written before pages held its lines itself and still reads.
 */
const LINES_PER_PAGE = 250;
const pageId = (statementId: string, page: number) => `${statementId}-${page}`;
const statementPageSchema = z.object({ lines: z.array(statementLineSchema) });

function writeStatementLines(writer: Transaction | WriteBatch, statementId: string, lines: StatementLine[]): number {
  const pages = Math.ceil(lines.length / LINES_PER_PAGE);
  for (let page = 0; page < pages; page += 1) {
    writer.set('vipStatementPages', pageId(statementId, page), { statementId, lines: lines.slice(page * LINES_PER_PAGE, (page + 1) * LINES_PER_PAGE) });
  }
  return pages;
}

/** Base64 of the largest file docs/bank-statements.md allows (2 MB). */
const BASE64_MAX_CHARS = Math.ceil(STATEMENT_LIMITS.maxBytes / 3) * 4;
/** The upload route's body: the base64 file plus its name and the JSON around them. */
export const STATEMENT_BODY_LIMIT = { maxBytes: BASE64_MAX_CHARS + 4096, message: STATEMENT_MESSAGES.tooLarge } as const;

export const statementUploadSchema = z.strictObject({
  fileName: z.string().trim().min(1, 'Dosya adı gerekli').max(255),
  /** The file's bytes, base64: the browser must not decode a Windows-1254 file as UTF-8 on the way. */
  contentBase64: z.string().max(BASE64_MAX_CHARS, STATEMENT_MESSAGES.tooLarge).optional(),
  /** Or the CSV as text (already decoded; its UTF-8 bytes are measured by the parser). */
  csv: z.string().max(STATEMENT_LIMITS.maxBytes, STATEMENT_MESSAGES.tooLarge).optional(),
}).refine((v) => (v.contentBase64 === undefined) !== (v.csv === undefined), { message: 'Ekstre dosyası gerekli.', path: ['contentBase64'] });

export const STATEMENT_TEXT = {
  matched: (code: string) => `${code} ile eşleşti; tutar doğru.`,
  approved: (code: string) => `${code} onaylandı.`,
  wrongAmount: (code: string, expected: string, got: string) => `${code} talebinin beklenen tutarı ${expected}; bu satırda ${got}.`,
  noExpected: (code: string) => `${code} talebinde beklenen tutar yok (paketsiz talep); lütfen elle kontrol edin.`,
  noCode: 'Açıklamada referans kodu yok.',
  unknownCode: (code: string) => `${code} koduyla bir talep bulunamadı.`,
  severalCodes: (codes: string[]) => `Açıklamada birden fazla referans kodu var (${codes.join(', ')}); lütfen elle kontrol edin.`,
  duplicate: (code: string, lineNo: number) => `${code} bu ekstrede ${lineNo}. satırda zaten eşleşti; ikinci ödeme olabilir, elle kontrol edin.`,
  alreadyUsed: 'Bu satır daha önce bir talebi ödemek için kullanıldı.',
  notOpen: (code: string, status: string) => `${code} talebi açık değil (${status}).`,
  expired: (code: string) => `${code} talebinin ödeme süresi dolmuş (7 gün); onaylanmaz, lütfen elle kontrol edin.`,
  outgoing: 'Giden ya da sıfır tutarlı işlem; eşleştirilmez.',
  notFound: 'Ekstre bulunamadı.',
} as const;

const STATUS_TR: Record<VipRequest['status'], string> = {
  pending: 'bekliyor',
  approved: 'onaylandı',
  rejected: 'reddedildi',
  cancelled: 'üye iptal etti',
  expired: 'süresi doldu',
};

export const formatKurus = (kurus: number): string => formatAmountTL(kurus / 100);

export function lineKeyOf(row: StatementRow): string {
  const description = foldTurkish(row.description).replace(/\s+/g, ' ').trim();
  return createHash('sha256').update(`${row.date}\n${row.amountKurus}\n${description}`).digest('hex').slice(0, 40);
}

async function requestByCode(deps: AppDeps, code: string): Promise<VipRequest | null> {
  const ref = await deps.store.get('vipReferenceCodes', code);
  if (!ref || typeof ref.requestId !== 'string') return null;
  const raw = await deps.store.get('vipRequests', ref.requestId);
  return raw ? parseVipRequest(raw) : null;
}

async function classify(deps: AppDeps, parsed: ParsedStatement): Promise<StatementLine[]> {
  const lines: StatementLine[] = [];
  const matchedCodes = new Map<string, number>();
  for (const row of parsed.rows) {
    const base = { lineNo: row.lineNo, date: row.date, description: row.description, amountKurus: row.amountKurus, referenceCode: null, requestId: null, expectedKurus: null, member: null };
    if (row.error) {
      lines.push({ ...base, lineKey: null, status: 'error', message: row.error });
      continue;
    }
    const lineKey = lineKeyOf(row);
    const push = (status: LineStatus, message: string, extra: Partial<StatementLine> = {}) => lines.push({ ...base, lineKey, status, message, ...extra });
    if (row.amountKurus! <= 0) {
      push('outgoing', STATEMENT_TEXT.outgoing);
      continue;
    }
    const codes = findReferenceCodes(row.description);
    if (codes.length === 0) {
      push('no-code', STATEMENT_TEXT.noCode);
      continue;
    }
    if (codes.length > 1) {
      push('several-codes', STATEMENT_TEXT.severalCodes(codes));
      continue;
    }
    const code = codes[0]!;
    const request = await requestByCode(deps, code);
    if (!request) {
      push('unknown-code', STATEMENT_TEXT.unknownCode(code), { referenceCode: code });
      continue;
    }
    const expectedKurus = request.amount === null ? null : Math.round(request.amount * 100);
    const about = { referenceCode: code, requestId: request.id, expectedKurus, member: `${request.user.firstName} ${request.user.lastName}`.trim() };
    if (await deps.store.get('vipStatementLines', lineKey)) {
      push('already-used', STATEMENT_TEXT.alreadyUsed, about);
      continue;
    }
    if (request.status !== 'pending') {
      push('not-open', STATEMENT_TEXT.notOpen(code, STATUS_TR[request.status]), about);
      continue;
    }
    if (request.expiresAt && request.expiresAt.getTime() <= deps.now().getTime()) {
      push('not-open', STATEMENT_TEXT.expired(code), about);
      continue;
    }
    if (expectedKurus === null) {
      push('wrong-amount', STATEMENT_TEXT.noExpected(code), about);
      continue;
    }
    if (expectedKurus !== row.amountKurus) {
      push('wrong-amount', STATEMENT_TEXT.wrongAmount(code, formatKurus(expectedKurus), formatKurus(row.amountKurus!)), about);
      continue;
    }
    const earlier = matchedCodes.get(code);
    if (earlier !== undefined) {
      push('duplicate', STATEMENT_TEXT.duplicate(code, earlier), about);
      continue;
    }
    matchedCodes.set(code, row.lineNo);
    push('matched', STATEMENT_TEXT.matched(code), about);
  }
  return lines;
}

export function statementView(statement: VipStatement) {
  const counts: Record<LineStatus, number> = Object.fromEntries(LINE_STATUSES.map((s) => [s, 0])) as Record<LineStatus, number>;
  for (const line of statement.lines) counts[line.status] += 1;
  return {
    id: statement.id,
    fileName: statement.fileName,
    encoding: statement.encoding,
    columns: statement.columns,
    uploadedAt: statement.uploadedAt,
    approvedAt: statement.approvedAt,
    counts,
    lines: statement.lines,
  };
}
export type StatementView = ReturnType<typeof statementView>;

/** Reads, matches and records an uploaded statement; nothing is approved here. */
export async function matchStatement(deps: AppDeps, actor: Actor, input: { fileName: string; bytes: Uint8Array }) {
  let parsed: ParsedStatement;
  try {
    parsed = parseStatement(input.bytes);
  } catch (error) {
    if (error instanceof StatementError) throw new AppError('VALIDATION', error.message);
    throw error;
  }
  const lines = await classify(deps, parsed);
  const id = deps.store.newId();
  const now = deps.now();
  const record = { fileName: input.fileName, encoding: parsed.encoding, columns: parsed.columns, uploadedBy: actor.user.id, uploadedAt: now, approvedAt: null };
  await deps.store.runTransaction(async (tx) => {
    const pageCount = writeStatementLines(tx, id, lines);
    tx.create('vipStatements', id, { ...record, pageCount });
    writeAudit(tx, deps.store.newId(), {
      action: 'vip.statement.upload',
      by: actor.user,
      entity: { collection: 'vipStatements', id },
      before: null,
      after: { fileName: input.fileName, encoding: parsed.encoding, lines: lines.length, matched: lines.filter((l) => l.status === 'matched').length },
      at: now,
    });
  });
  return statementView(vipStatementSchema.parse({ id, ...record, lines }));
}

async function loadStatement(deps: AppDeps, id: string): Promise<VipStatement> {
  const raw = await deps.store.get('vipStatements', id);
  if (!raw) throw new AppError('NOT_FOUND', STATEMENT_TEXT.notFound);
  if (Array.isArray(raw.lines)) return vipStatementSchema.parse(raw);
  const pageCount = Number(raw.pageCount ?? 0);
  const pages = await deps.store.getAll('vipStatementPages', Array.from({ length: pageCount }, (_, page) => pageId(id, page)));
  return vipStatementSchema.parse({ ...raw, lines: pages.flatMap((page) => statementPageSchema.parse(page).lines) });
}

/**
 * "Approve all matched": each matched line approves its request in its own transaction, which
 * also claims the line (`vipStatementLines/{lineKey}`) and re-checks that the request is still
 * open and its amount still equal. A repeat, a second upload of the same file, or two staff
 * pressing the button at once approve nothing twice.
 */
export async function approveMatchedLines(deps: AppDeps, actor: Actor, statementId: string) {
  const statement = await loadStatement(deps, statementId);
  const results: { lineNo: number; requestId: string; approved: boolean; message: string }[] = [];
  const lines = [...statement.lines];
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (line.status !== 'matched' || !line.requestId || !line.lineKey || line.amountKurus === null) continue;
    try {
      await approveVipRequest(deps, actor, line.requestId, {
        adminNotes: `Banka ekstresi ${statement.fileName}, satır ${line.lineNo} (${line.date}, ${formatKurus(line.amountKurus)})`,
        statementLine: { statementId, lineNo: line.lineNo, lineKey: line.lineKey, amountKurus: line.amountKurus },
      });
      lines[i] = { ...line, status: 'approved', message: STATEMENT_TEXT.approved(line.referenceCode ?? '') };
      results.push({ lineNo: line.lineNo, requestId: line.requestId, approved: true, message: lines[i]!.message });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const message = error.message === VIP_MESSAGES.statementLineUsed ? STATEMENT_TEXT.alreadyUsed : error.message === VIP_MESSAGES.requestExpired ? STATEMENT_TEXT.expired(line.referenceCode ?? '') : error.message;
      lines[i] = { ...line, status: error.message === VIP_MESSAGES.statementLineUsed ? 'already-used' : 'not-open', message };
      results.push({ lineNo: line.lineNo, requestId: line.requestId, approved: false, message });
    }
  }
  const approvedAt = deps.now();
  const batch = deps.store.batch();
  const pageCount = writeStatementLines(batch, statementId, lines);
  batch.update('vipStatements', statementId, { pageCount, approvedAt, lines: FieldValue.delete() });
  await batch.commit();
  return { approved: results.filter((r) => r.approved).length, results, statement: statementView({ ...statement, lines, approvedAt }) };
}

export async function getStatement(deps: AppDeps, statementId: string) {
  return statementView(await loadStatement(deps, statementId));
}
