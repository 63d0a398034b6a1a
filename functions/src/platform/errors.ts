/** The one error type services throw; `api/app.ts` turns it into a response in one place. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  LOCKED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface FieldError {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: { errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** Turkish texts shared across areas (spec 000 §6, §8). */
export const MESSAGES = {
  forbidden: 'Bu işlem için yetkiniz bulunmuyor',
  noPageAccess: 'Bu sayfaya erişim izniniz yok',
  unauthorized: 'Bu işlem için giriş yapmalısınız.',
  sessionExpired: 'Oturumunuzun süresi doldu. Lütfen tekrar giriş yapın.',
  generic: 'Bir hata oluştu',
  server: 'Sunucu hatası. Lütfen daha sonra tekrar deneyin',
  invalidRequest: 'Geçersiz istek.',
  notFound: 'Aradığınız kayıt bulunamadı.',
  tooManyLogins: 'Çok fazla giriş denemesi yaptınız. Lütfen birkaç dakika bekleyip tekrar deneyin.',
} as const;
