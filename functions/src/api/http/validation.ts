import type { Context } from 'hono';
import { z } from 'zod';
import { AppError, MESSAGES, type FieldError } from '../../platform/errors.js';

// Zod's own messages in Turkish for any rule without a spec text of its own.
z.config(z.locales.tr());

/** Largest JSON body accepted; files never travel through the API (signed uploads). */
export const MAX_JSON_BYTES = 256 * 1024;

type Issue = z.core.$ZodIssue;

/**
 * A union of strict objects (a toggle `{ isActive }` or the whole form) fails as one opaque issue;
 * the caller meant the option that knows every field it sent, and the closest of those (fewest
 * issues) says what to fix.
 */
function meantOption(issue: Extract<Issue, { code: 'invalid_union' }>): Issue[] {
  const rejectsKeys = (issues: Issue[]) => issues.some((i) => i.code === 'unrecognized_keys' && i.path.length === 0);
  const candidates = issue.errors.filter((issues) => !rejectsKeys(issues));
  const [closest] = (candidates.length ? candidates : issue.errors).toSorted((a, b) => a.length - b.length);
  return (closest ?? []).map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }));
}

function flatten(issues: Issue[]): Issue[] {
  return issues.flatMap((issue) => (issue.code === 'invalid_union' && issue.errors.length ? flatten(meantOption(issue)) : [issue]));
}

function fieldErrors(error: z.ZodError): FieldError[] {
  return flatten(error.issues).map((issue) => ({
    path: issue.path.join('.'),
    message: issue.code === 'unrecognized_keys' ? `Bilinmeyen alan: ${issue.keys.join(', ')}` : issue.message,
  }));
}

export function validationError(error: z.ZodError): AppError {
  const errors = fieldErrors(error);
  return new AppError('VALIDATION', errors[0]?.message ?? MESSAGES.invalidRequest, { errors });
}

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/**
 * Parses the JSON body with a strict schema: unknown fields, wrong types and oversize bodies answer
 * 400/413. A route that takes a file as base64 (a bank statement) passes its own limit and message.
 */
export async function parseBody<S extends z.ZodType>(c: Context, schema: S, limit: { maxBytes: number; message: string } = { maxBytes: MAX_JSON_BYTES, message: 'İstek gövdesi çok büyük.' }): Promise<z.output<S>> {
  const length = Number(c.req.header('content-length') ?? 0);
  if (length > limit.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', limit.message);
  let raw: unknown;
  try {
    const text = await c.req.text();
    if (text.length > limit.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', limit.message);
    raw = text.trim() === '' ? {} : JSON.parse(text);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('VALIDATION', 'İstek gövdesi geçerli bir JSON değil.');
  }
  return parseWith(schema, raw);
}

/** Parses the query string (single values) with a strict schema. */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parseWith(schema, c.req.query());
}

/** Query-string helpers: numbers and booleans arrive as text. */
export const queryBool = z.enum(['true', 'false']).transform((v) => v === 'true');

const queryNumber = z.string().regex(/^\d{1,6}$/, 'Geçerli bir sayı giriniz.').transform(Number);

/**
 * The `page` and `limit` fields of every paged list, to spread into its query schema (or to take
 * `limit` alone). A page past the last one is an empty page, not an error.
 */
export function pageQuery(defaultLimit: number, max: number) {
  const range = `Sayfa boyutu 1 ile ${max} arasında olmalıdır.`;
  return {
    page: queryNumber.pipe(z.number().min(1, 'Sayfa numarası 1 veya daha büyük olmalıdır.')).default(1),
    limit: queryNumber.pipe(z.number().min(1, range).max(max, range)).default(defaultLimit),
  };
}
