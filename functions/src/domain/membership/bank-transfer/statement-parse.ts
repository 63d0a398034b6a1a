import { parse } from 'csv-parse/sync';
import { foldTurkish } from '../../text/index.js';

/**
 * Reads a bank statement export (CSV) into dated, signed amounts in kuruş. Accepted columns and
 * formats are documented in docs/bank-statements.md. Every line is read on its own (csv-parse per
 * line), so one broken row is refused with its line number and a Turkish message while the others
 * are still read; only a file whose header cannot be found is refused whole.
 */
export const STATEMENT_LIMITS = { maxBytes: 2 * 1024 * 1024, maxLines: 2000, headerSearchLines: 40 } as const;

export type StatementEncoding = 'UTF-8' | 'UTF-16' | 'Windows-1254';

export interface StatementRow {
  lineNo: number;
  /** yyyy-mm-dd, or null when the row was refused. */
  date: string | null;
  description: string;
  /** Signed: incoming transfers are positive. */
  amountKurus: number | null;
  error: string | null;
}

export interface ParsedStatement {
  encoding: StatementEncoding;
  delimiter: string;
  columns: { date: string; description: string; amount: string } | { date: string; description: string; credit: string; debit: string | null };
  rows: StatementRow[];
}

export class StatementError extends Error {}

/** Column names as folded by `foldTurkish` (case and Turkish letters ignored). */
export const COLUMN_ALIASES = {
  date: ['tarih', 'islem tarihi', 'tarih/saat', 'islem tarihi/saati', 'tarih saat', 'valor', 'valor tarihi', 'date'],
  description: ['aciklama', 'aciklamalar', 'islem aciklamasi', 'aciklama/referans', 'islem detayi', 'detay', 'description'],
  amount: ['tutar', 'tutar (tl)', 'tutar(tl)', 'islem tutari', 'islem tutari (tl)', 'miktar', 'amount'],
  credit: ['alacak', 'alacak (tl)', 'gelen', 'yatan'],
  debit: ['borc', 'borc (tl)', 'giden', 'cekilen'],
} as const;

const DELIMITERS = [';', ',', '\t', '|'] as const;

/** UTF-8 when the bytes are valid UTF-8, UTF-16 with its BOM, otherwise Windows-1254 (Turkish Excel/bank default). */
export function decodeStatement(bytes: Uint8Array): { text: string; encoding: StatementEncoding } {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    return { text: new TextDecoder(bytes[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(bytes), encoding: 'UTF-16' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'UTF-8' };
  } catch {
    // Node's TextDecoder carries the WHATWG windows-1254 table (full ICU is the default build).
    return { text: new TextDecoder('windows-1254').decode(bytes), encoding: 'Windows-1254' };
  }
}

/**
 * An amount as Turkish banks and Excel write it: '1.250,00', '1250,00', '-750,00 TL', '750',
 * also '1,250.00' and '1250.00'. Answers kuruş, or null when the text is not an amount or is
 * ambiguous ('1,250' might be 1,25 or 1250: refused rather than guessed).
 */
export function parseTurkishAmount(input: string): number | null {
  let text = input.replace(/\s|\u00a0/g, '').replace(/(TL|TRY|₺)$/i, '').replace(/^(TL|TRY|₺)/i, '');
  let sign = 1;
  if (/^\(.*\)$/.test(text)) {
    sign = -1;
    text = text.slice(1, -1);
  }
  if (text.startsWith('-') || text.startsWith('+')) {
    if (text[0] === '-') sign = -sign;
    text = text.slice(1);
  } else if (text.endsWith('-')) {
    sign = -sign;
    text = text.slice(0, -1);
  }
  if (!/^\d[\d.,]*$/.test(text)) return null;
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  let integer: string;
  let fraction = '';
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? ',' : '.';
    const group = decimal === ',' ? '.' : ',';
    const [int, frac, ...rest] = text.split(decimal);
    if (rest.length || !frac || frac.length > 2 || frac.includes(group)) return null;
    if (!new RegExp(`^\\d{1,3}(\\${group}\\d{3})*$`).test(int!)) return null;
    integer = int!.split(group).join('');
    fraction = frac;
  } else if (lastComma >= 0 || lastDot >= 0) {
    const sep = lastComma >= 0 ? ',' : '.';
    const parts = text.split(sep);
    if (parts.length === 2 && parts[1]!.length >= 1 && parts[1]!.length <= 2) {
      integer = parts[0]!;
      fraction = parts[1]!;
    } else if (sep === '.' && /^\d{1,3}(\.\d{3})+$/.test(text)) {
      // '1.250' is the Turkish way of writing one thousand two hundred fifty.
      integer = parts.join('');
    } else {
      return null;
    }
    if (integer === '') return null;
  } else {
    integer = text;
  }
  const kurus = Number(integer) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(kurus) ? sign * kurus : null;
}

/** dd.mm.yyyy, dd/mm/yyyy, dd-mm-yyyy or yyyy-mm-dd, with an optional time after it. */
export function parseStatementDate(input: string): string | null {
  const text = input.trim();
  let y: number;
  let m: number;
  let d: number;
  const tr = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})(?:[\sT,-]+\d{1,2}:\d{2}(?::\d{2})?)?$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[\sT]+\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  if (tr) [d, m, y] = [Number(tr[1]), Number(tr[2]), Number(tr[3])];
  else if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

function splitLine(line: string, delimiter: string): string[] | null {
  try {
    const records = parse(line, { delimiter, relax_column_count: true, relax_quotes: false, trim: true, bom: true }) as string[][];
    return records[0] ?? [];
  } catch {
    return null;
  }
}

function findColumn(cells: string[], aliases: readonly string[]): number {
  return cells.findIndex((cell) => (aliases as readonly string[]).includes(foldTurkish(cell).replace(/\s+/g, ' ').trim()));
}

interface Header {
  lineIndex: number;
  delimiter: string;
  cells: string[];
  date: number;
  description: number;
  amount: number;
  credit: number;
  debit: number;
}

function findHeader(lines: string[]): Header | null {
  for (let i = 0; i < Math.min(lines.length, STATEMENT_LIMITS.headerSearchLines); i += 1) {
    for (const delimiter of DELIMITERS) {
      if (!lines[i]!.includes(delimiter)) continue;
      const cells = splitLine(lines[i]!, delimiter);
      if (!cells) continue;
      const date = findColumn(cells, COLUMN_ALIASES.date);
      const description = findColumn(cells, COLUMN_ALIASES.description);
      const amount = findColumn(cells, COLUMN_ALIASES.amount);
      const credit = findColumn(cells, COLUMN_ALIASES.credit);
      const debit = findColumn(cells, COLUMN_ALIASES.debit);
      if (date >= 0 && description >= 0 && (amount >= 0 || credit >= 0)) return { lineIndex: i, delimiter, cells, date, description, amount, credit, debit };
    }
  }
  return null;
}

export const STATEMENT_MESSAGES = {
  empty: 'Ekstre dosyası boş.',
  tooLarge: "Ekstre dosyası 2 MB'dan büyük olamaz.",
  tooManyLines: `Ekstre en fazla ${STATEMENT_LIMITS.maxLines} satır olabilir; lütfen daha kısa bir tarih aralığı seçin.`,
  noHeader:
    'Ekstrede tarih, açıklama ve tutar sütunları bulunamadı. Kabul edilen sütun adları: Tarih / İşlem Tarihi, Açıklama / İşlem Açıklaması, Tutar / İşlem Tutarı (ya da Alacak ve Borç). Ekstreyi CSV olarak dışa aktarıp tekrar deneyin.',
  notCsv: 'Dosya bir CSV ekstresi gibi görünmüyor. Lütfen bankanızın internet şubesinden CSV olarak dışa aktarın.',
} as const;

export function parseStatement(bytes: Uint8Array): ParsedStatement {
  if (bytes.length === 0) throw new StatementError(STATEMENT_MESSAGES.empty);
  if (bytes.length > STATEMENT_LIMITS.maxBytes) throw new StatementError(STATEMENT_MESSAGES.tooLarge);
  const { text, encoding } = decodeStatement(bytes);
  // A spreadsheet saved as .xlsx (a ZIP) or a PDF is binary: say so instead of "no columns".
  if (text.startsWith('PK') || text.startsWith('%PDF') || text.includes('\u0000')) throw new StatementError(STATEMENT_MESSAGES.notCsv);
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const header = findHeader(lines);
  if (!header) throw new StatementError(STATEMENT_MESSAGES.noHeader);
  const body = lines.slice(header.lineIndex + 1);
  if (body.filter((line) => line.trim() !== '').length > STATEMENT_LIMITS.maxLines) throw new StatementError(STATEMENT_MESSAGES.tooManyLines);
  const needed = Math.max(header.date, header.description, header.amount, header.credit) + 1;

  const rows: StatementRow[] = [];
  body.forEach((line, offset) => {
    const lineNo = header.lineIndex + offset + 2;
    if (line.trim() === '' || line.split(header.delimiter).every((cell) => cell.trim() === '')) return;
    const refuse = (error: string, description = '') => rows.push({ lineNo, date: null, description, amountKurus: null, error: `Satır ${lineNo}: ${error}` });
    const cells = splitLine(line, header.delimiter);
    if (!cells) return refuse('satır okunamadı (tırnak işaretleri hatalı).', line.slice(0, 200));
    if (cells.length < needed) return refuse(`eksik sütun var (en az ${needed} sütun bekleniyordu, ${cells.length} bulundu).`, line.slice(0, 200));
    const description = (cells[header.description] ?? '').replace(/\s+/g, ' ').trim().slice(0, 300);
    const date = parseStatementDate(cells[header.date] ?? '');
    if (!date) return refuse(`tarih okunamadı ("${(cells[header.date] ?? '').slice(0, 40)}"); beklenen biçim 24.11.2026.`, description);
    let amountKurus: number | null;
    let amountText: string;
    if (header.amount >= 0) {
      amountText = cells[header.amount] ?? '';
      amountKurus = parseTurkishAmount(amountText);
    } else {
      const credit = (cells[header.credit] ?? '').trim();
      const debit = header.debit >= 0 ? (cells[header.debit] ?? '').trim() : '';
      amountText = credit || debit;
      const value = parseTurkishAmount(amountText);
      amountKurus = value === null ? null : credit ? Math.abs(value) : -Math.abs(value);
    }
    if (amountKurus === null) return refuse(`tutar okunamadı ("${amountText.slice(0, 40)}"); beklenen biçim 1.250,00.`, description);
    rows.push({ lineNo, date, description, amountKurus, error: null });
  });

  const columns =
    header.amount >= 0
      ? { date: header.cells[header.date]!, description: header.cells[header.description]!, amount: header.cells[header.amount]! }
      : { date: header.cells[header.date]!, description: header.cells[header.description]!, credit: header.cells[header.credit]!, debit: header.debit >= 0 ? header.cells[header.debit]! : null };
  return { encoding, delimiter: header.delimiter, columns, rows };
}
