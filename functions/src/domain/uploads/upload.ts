import { z } from 'zod';
import type { Role } from '../../platform/roles.js';

/**
 * What may be uploaded, by whom, and how big (spec 001 profile photo, 002 article form and
 * estimate audio). The limits are checked three times: when the URL is signed (declared size),
 * by the upload endpoint itself (bytes streamed) and at finalize (real size and signature bytes).
 */
export const UPLOAD_PURPOSES = ['image', 'audio', 'avatar', 'receipt'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const MB = 1024 * 1024;

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
export const AUDIO_TYPES = ['audio/mpeg', 'audio/wav', 'audio/mp4', 'audio/aac', 'audio/ogg', 'audio/flac'] as const;
export const DOCUMENT_TYPES = ['application/pdf'] as const;
export const RECEIPT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type MediaType = (typeof IMAGE_TYPES)[number] | (typeof AUDIO_TYPES)[number] | (typeof DOCUMENT_TYPES)[number];

/**
 * Keys under this folder are never public: /files and storage.rules refuse them, and staff read
 * them through the API (bank receipts carry names, IBANs and balances).
 */
export const PRIVATE_FOLDER = 'private/';
export const isPrivateKey = (key: string): boolean => key.startsWith(PRIVATE_FOLDER);

/** Names browsers and operating systems give the same formats, mapped to the one type we store and serve. */
const TYPE_ALIASES: Record<string, MediaType> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'audio/mp3': 'audio/mpeg',
  'audio/mpeg3': 'audio/mpeg',
  'audio/x-mpeg': 'audio/mpeg',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/x-m4a': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
  'audio/aacp': 'audio/aac',
  'audio/x-aac': 'audio/aac',
  'audio/x-flac': 'audio/flac',
  'application/ogg': 'audio/ogg',
  'audio/vorbis': 'audio/ogg',
  'audio/opus': 'audio/ogg',
  'application/x-pdf': 'application/pdf',
};

export const EXTENSIONS: Record<MediaType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/ogg': 'ogg',
  'audio/flac': 'flac',
  'application/pdf': 'pdf',
};

export const UPLOAD_MESSAGES = {
  tooLarge: 'Dosya boyutu çok büyük. Maksimum 50MB dosya yükleyebilirsiniz.',
  avatarTooLarge: "Dosya boyutu 5MB'dan büyük olamaz!",
  unsupported: 'Desteklenmeyen dosya biçimi.',
  unsupportedImage: 'Desteklenmeyen dosya biçimi. Görsel JPEG, PNG, WebP, GIF veya AVIF olmalıdır.',
  unsupportedAudio: 'Desteklenmeyen dosya biçimi. Ses dosyası MP3, WAV, M4A, AAC, OGG veya FLAC olmalıdır.',
  avatarNotImage: 'Lütfen geçerli bir resim dosyası seçin!',
  sizeMismatch: 'Yüklenen dosyanın boyutu bildirilen boyutla eşleşmiyor.',
  emptyFile: 'Boş dosya yüklenemez.',
  notUploaded: 'Dosya henüz yüklenmedi. Lütfen dosyayı yükleyip tekrar deneyin.',
  notFound: 'Yükleme bulunamadı.',
  expired: 'Yükleme süresi doldu. Lütfen dosyayı yeniden yükleyin.',
  rejected: 'Bu yükleme reddedildi. Lütfen dosyayı yeniden yükleyin.',
  notReady: 'Yüklenen dosya bulunamadı veya yüklemesi tamamlanmadı.',
  wrongPurpose: 'Yüklenen dosya bu alan için kullanılamaz.',
  staffOnly: 'Görsel ve ses dosyalarını yalnızca yazarlar ve yöneticiler yükleyebilir.',
  tooMany: 'Çok fazla yükleme isteği gönderdiniz. Lütfen bir süre sonra tekrar deneyin.',
  receiptTooLarge: "Dekont 10 MB'dan büyük olamaz.",
  receiptUnsupported: 'Dekont PDF, JPEG veya PNG olmalıdır.',
  imageUnreadable: 'Görsel okunamadı. Dosya bozuk olabilir; lütfen başka bir görsel seçin.',
  imageTooManyPixels: 'Görselin çözünürlüğü çok yüksek. En fazla 40 megapiksel (ör. 7750 × 5160) yükleyebilirsiniz.',
} as const;

export interface PurposeRule {
  types: readonly MediaType[];
  maxBytes: number;
  /** Roles allowed to upload for this purpose (any signed-in user for avatars). */
  roles: readonly Role[];
  folder: string;
  tooLarge: string;
  unsupported: string;
}

export const PURPOSE_RULES: Record<UploadPurpose, PurposeRule> = {
  image: {
    types: IMAGE_TYPES,
    maxBytes: 50 * MB,
    roles: ['author', 'admin'],
    folder: 'media/images',
    tooLarge: UPLOAD_MESSAGES.tooLarge,
    unsupported: UPLOAD_MESSAGES.unsupportedImage,
  },
  audio: {
    types: AUDIO_TYPES,
    maxBytes: 50 * MB,
    roles: ['author', 'admin'],
    folder: 'media/audio',
    tooLarge: UPLOAD_MESSAGES.tooLarge,
    unsupported: UPLOAD_MESSAGES.unsupportedAudio,
  },
  avatar: {
    types: IMAGE_TYPES,
    maxBytes: 5 * MB,
    roles: ['user', 'author', 'admin'],
    folder: 'media/avatars',
    tooLarge: UPLOAD_MESSAGES.avatarTooLarge,
    unsupported: UPLOAD_MESSAGES.avatarNotImage,
  },
  receipt: {
    types: RECEIPT_TYPES,
    maxBytes: 10 * MB,
    roles: ['user'],
    folder: `${PRIVATE_FOLDER}receipts`,
    tooLarge: UPLOAD_MESSAGES.receiptTooLarge,
    unsupported: UPLOAD_MESSAGES.receiptUnsupported,
  },
};

/** Purposes any signed-in member may upload for (the rest need a staff session). */
export const MEMBER_UPLOAD_PURPOSES: readonly UploadPurpose[] = ['avatar', 'receipt'];

/** The canonical type for a declared Content-Type (parameters and case ignored), or null. */
export function canonicalType(declared: string): MediaType | null {
  const bare = declared.split(';')[0]!.trim().toLowerCase();
  if ([...IMAGE_TYPES, ...AUDIO_TYPES, ...DOCUMENT_TYPES].includes(bare as MediaType)) return bare as MediaType;
  return TYPE_ALIASES[bare] ?? null;
}

/** Body of POST /api/uploads; the browser form validates with the same schema. */
/** `POST /uploads`: where and how the browser PUTs the file (exactly these headers, before `expiresAt`). */
export interface UploadGrant {
  uploadId: string;
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  expiresAt: Date;
  maxBytes: number;
}

/** `POST /uploads/{id}/finalize`: the kept file; `url` is what other records store. */
export interface ReadyUpload {
  uploadId: string;
  url: string;
  contentType: string;
  size: number;
  name: string;
  /** An article image's or a photo's real size and its smaller copies (image-copies.ts); null for other files. */
  image: UploadImage | null;
}

export const createUploadSchema = z.strictObject({
  purpose: z.enum(UPLOAD_PURPOSES, 'Geçersiz yükleme türü.'),
  contentType: z.string().trim().min(1, 'Dosya türü belirtilmelidir.').max(100),
  size: z.number('Dosya boyutu belirtilmelidir.').int().min(1, UPLOAD_MESSAGES.emptyFile),
  name: z.string().trim().min(1, 'Dosya adı belirtilmelidir.').max(255, 'Dosya adı en fazla 255 karakter olabilir.'),
});
export type CreateUploadInput = z.infer<typeof createUploadSchema>;

/**
 * A smaller copy of an uploaded image (image-copies.ts), as uploads, articles and ads store it: WebP,
 * or AVIF when `format` says so. WebP has no marker because copies travel in every card's island
 * props, in the page's HTML, and every copy made before AVIF ones were is WebP.
 */
export const imageCopySchema = z.object({ width: z.number().int().positive(), url: z.string(), format: z.literal('avif').optional() });
export type ImageCopy = z.infer<typeof imageCopySchema>;

export const uploadImageSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  copies: z.array(imageCopySchema),
});
export type UploadImage = z.infer<typeof uploadImageSchema>;

/** pending -> ready | rejected; pending and rejected end as expired once the purge job swept their key. */
export const UPLOAD_STATUSES = ['pending', 'ready', 'rejected', 'expired'] as const;

/** A document in `uploads`: one signed upload, from grant to a kept (or refused) file. */
export const uploadRecordSchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  purpose: z.enum(UPLOAD_PURPOSES),
  key: z.string(),
  contentType: z.string(),
  declaredSize: z.number().int(),
  /** Real size once finalized. */
  size: z.number().int().nullable().default(null),
  name: z.string(),
  status: z.enum(UPLOAD_STATUSES),
  url: z.string().nullable().default(null),
  rejectedReason: z.string().nullable().default(null),
  /** The signed URL stops working at this time; a pending upload past it is abandoned. */
  expiresAt: z.date(),
  createdAt: z.date(),
  finalizedAt: z.date().nullable().default(null),
  /** Set at finalize for an article image or a photo; uploads kept before copies were made have none. */
  image: uploadImageSchema.nullable().default(null),
});
export type UploadRecord = z.infer<typeof uploadRecordSchema>;

export function parseUpload(raw: unknown): UploadRecord {
  return uploadRecordSchema.parse(raw);
}

/** Keeps the visible file name harmless (no paths, no control characters) without losing Turkish letters. */
export function cleanFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = name.replace(/[\u0000-\u001f\u007f]/g, '').split(/[\\/]/).pop()!.trim();
  return base.slice(0, 255) || 'dosya';
}
