import { z } from 'zod';
import { isHttpUrl, parseHttpUrl, maxLengthText, requiredText } from '../text/index.js';
import { AUDIENCES, CATEGORIES, RACE_RESULTS, SEO_LIMITS, STATUSES, VISIBILITIES, tagSchema } from './article.js';

/**
 * What staff send when they write an article (spec 002 §5). The admin form (react-hook-form +
 * zodResolver) and the API validate with these same schemas, so a rule lives here once.
 * Browser-safe on purpose: only zod, no HTML parser (the server sanitizes on save).
 */
export const ARTICLE_WRITE_MESSAGES = {
  required: 'Başlık, içerik, özet ve yazar alanları zorunludur.',
  contentTooShort: 'İçerik alanı en az 10 karakter olmalıdır.',
  notFound: 'Makale bulunamadı.',
  forbiddenEdit: 'Bu makaleyi düzenleme yetkiniz bulunmamaktadır.',
  forbiddenDelete: 'Bu makaleyi silme yetkiniz bulunmamaktadır.',
  forbiddenPublish: 'Bu makaleyi yayınlama yetkiniz bulunmamaktadır.',
  forbiddenArchive: 'Bu makaleyi arşivleme yetkiniz bulunmamaktadır.',
  forbiddenRaceResult: 'Bu makalenin yarış sonucunu güncelleme yetkiniz bulunmamaktadır.',
  forbiddenRestore: 'Bu makaleyi geri yükleme yetkiniz bulunmamaktadır.',
  forbiddenFeature: 'Makaleyi öne çıkarma yetkiniz bulunmamaktadır.',
  authorSelfOnly: 'Yazar olarak yalnızca kendinizi seçebilirsiniz.',
  authorUnknown: 'Seçilen yazar bulunamadı.',
  created: 'Makale başarıyla oluşturuldu.',
  updated: 'Makale başarıyla güncellendi.',
  deleted: 'Makale silindi.',
  permanentlyDeleted: 'Makale kalıcı olarak silindi.',
  restored: 'Makale geri yüklendi.',
  published: 'Makale yayınlandı.',
  unpublished: 'Makale yayından kaldırıldı.',
  archived: 'Makale arşivlendi.',
  featured: 'Makale öne çıkarıldı.',
  unfeatured: 'Makale öne çıkarılanlardan kaldırıldı.',
  notDeleted: 'Makale silinmiş değil.',
  invalidYoutube: 'Geçerli bir YouTube bağlantısı girin.',
  scheduleRequired: 'Zamanlanmış makale için yayın zamanı seçin.',
  scheduleInPast: 'Yayın zamanı gelecekte olmalıdır.',
  scheduleInvalid: 'Geçerli bir yayın zamanı girin (GG.AA.YYYY SS:DD).',
  alreadyFeatured: 'Makale zaten öne çıkarılmış.',
  notFeatured: 'Makale zaten öne çıkarılmış değil.',
  invalidCanonical: 'Kanonik adres http:// veya https:// ile başlayan geçerli bir adres olmalıdır.',
} as const;

/** Visible text of an HTML fragment, good enough for the length rule in the browser and the API alike. */
export function visibleText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, 'x')
    .replace(/\s+/g, ' ')
    .trim();
}

const required = (max: number) => requiredText(max, ARTICLE_WRITE_MESSAGES.required, maxLengthText(max, '.'));

/** Race result as the panel sets it; 'cleared' removes the result (spec 002: Temizlendi). */
export const RACE_RESULT_CHOICES = [...RACE_RESULTS, 'cleared'] as const;
export type RaceResultChoice = (typeof RACE_RESULT_CHOICES)[number];
export const RACE_RESULT_LABELS: Record<RaceResultChoice, string> = {
  won: 'Kazanan',
  lost: 'Kaybeden',
  pending: 'Bekliyor',
  cleared: 'Temizlendi',
};

export const STATUS_LABELS: Record<(typeof STATUSES)[number], string> = {
  draft: 'Taslak',
  published: 'Yayında',
  archived: 'Arşivlendi',
  scheduled: 'Zamanlanmış',
};

export const VISIBILITY_LABELS: Record<(typeof VISIBILITIES)[number], string> = {
  public: 'Herkese açık',
  premium: 'Premium (VIP)',
  private: 'Özel (VIP)',
  'members-only': 'Yalnızca üyeler',
};

/** The panel writes the two categories of spec 002; older categories stay readable. */
export const WRITABLE_CATEGORIES = ['estimation', 'news'] as const;

const articleFields = {
  title: required(200),
  subtitle: z.string().trim().max(300, 'En fazla 300 karakter girilebilir.').nullable().optional(),
  authorId: required(200),
  excerpt: required(500),
  content: required(200_000).refine((html) => visibleText(html).length >= 10, ARTICLE_WRITE_MESSAGES.contentTooShort),
  category: z.enum(CATEGORIES, 'Geçersiz kategori.'),
  status: z.enum(STATUSES, 'Geçersiz durum.'),
  audience: z.enum(AUDIENCES, 'Geçersiz hitap değeri.'),
  visibility: z.enum(VISIBILITIES, 'Geçersiz görünürlük.'),
  allowComments: z.boolean(),
  isPinned: z.boolean(),
  isFeatured: z.boolean(),
  tags: z.array(tagSchema).max(20, 'En fazla 20 etiket eklenebilir.'),
  /** ISO date-time with its offset (the form sends Europe/Istanbul, +03:00); null clears it. */
  scheduledAt: z.iso
    .datetime({ offset: true, error: ARTICLE_WRITE_MESSAGES.scheduleInvalid })
    .transform((iso) => new Date(iso))
    .nullable(),
  seo: z.strictObject({
    metaTitle: z.string().trim().max(SEO_LIMITS.metaTitleMax, `Meta başlık en fazla ${SEO_LIMITS.metaTitleMax} karakter olabilir.`).default(''),
    metaDescription: z.string().trim().max(SEO_LIMITS.metaDescriptionMax, `Meta açıklama en fazla ${SEO_LIMITS.metaDescriptionMax} karakter olabilir.`).default(''),
    keywords: z
      .array(z.string().trim().min(1, 'Boş anahtar kelime eklenemez.').max(SEO_LIMITS.keywordMax, `Bir anahtar kelime en fazla ${SEO_LIMITS.keywordMax} karakter olabilir.`))
      .max(SEO_LIMITS.keywords, `En fazla ${SEO_LIMITS.keywords} anahtar kelime eklenebilir.`)
      .default([]),
    canonicalUrl: z.string().trim().max(500, ARTICLE_WRITE_MESSAGES.invalidCanonical).refine((v) => v === '' || isHttpUrl(v), ARTICLE_WRITE_MESSAGES.invalidCanonical).default(''),
  }),
};


/** A scheduled article needs its time; whether the time is still ahead is the server's call (its clock). */
const scheduleGiven = (v: { status?: string; scheduledAt?: Date | null }) => v.status !== 'scheduled' || v.scheduledAt instanceof Date;

/** POST /api/articles and the "new article" form. */
export const articleCreateSchema = z.strictObject({
  ...articleFields,
  category: articleFields.category.default('estimation'),
  status: articleFields.status.default('draft'),
  audience: articleFields.audience.default('everyone'),
  visibility: articleFields.visibility.default('public'),
  allowComments: articleFields.allowComments.default(true),
  isPinned: articleFields.isPinned.default(false),
  isFeatured: articleFields.isFeatured.default(false),
  tags: articleFields.tags.default([]),
  scheduledAt: articleFields.scheduledAt.default(null),
  seo: articleFields.seo.default({ metaTitle: '', metaDescription: '', keywords: [], canonicalUrl: '' }),
}).refine(scheduleGiven, { message: ARTICLE_WRITE_MESSAGES.scheduleRequired, path: ['scheduledAt'] });
export type ArticleCreateInput = z.output<typeof articleCreateSchema>;
export type ArticleFormValues = z.input<typeof articleCreateSchema>;

/** PUT /api/articles/{id}: any subset, e.g. {status} to publish or archive, {isFeatured} to feature. */
export const articleUpdateSchema = z
  .strictObject(articleFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Güncellenecek alan bulunamadı.');
export type ArticleUpdateInput = z.output<typeof articleUpdateSchema>;

export const raceResultSchema = z.strictObject({
  raceResult: z.enum(RACE_RESULT_CHOICES, 'Geçersiz yarış sonucu.'),
});

/** Media attachments: files arrive through the signed upload flow, the API receives the upload id. */
export const imageAttachSchema = z.strictObject({
  uploadId: z.string('Yüklenen dosya bulunamadı.').min(1).max(128),
  alt: z.string().trim().max(200).default(''),
});
export const audioAttachSchema = z.strictObject({
  uploadId: z.string('Yüklenen dosya bulunamadı.').min(1).max(128),
  title: z.string().trim().max(200).default(''),
  artist: z.string().trim().max(200).default(''),
});

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
/** The video id of a YouTube link in its usual spellings, or null. */
export function youtubeId(url: string): string | null {
  const parsed = parseHttpUrl(url.trim());
  if (!parsed) return null;
  const host = parsed.hostname.replace(/^www\.|^m\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = parsed.pathname.slice(1).split('/')[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (parsed.pathname === '/watch') id = parsed.searchParams.get('v');
    else {
      const match = parsed.pathname.match(/^\/(?:embed|shorts|live|v)\/([^/]+)/);
      id = match?.[1] ?? null;
    }
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

export const youtubeAttachSchema = z.strictObject({
  url: z.string(ARTICLE_WRITE_MESSAGES.invalidYoutube).trim().max(500).refine((u) => youtubeId(u) !== null, ARTICLE_WRITE_MESSAGES.invalidYoutube),
  title: z.string().trim().max(200).default(''),
});

/** Form-side limits of spec 002 §5 (the upload service enforces them again). */
export const ARTICLE_MEDIA_LIMIT_BYTES = 50 * 1024 * 1024;
export const ARTICLE_AUDIO_EXTENSIONS = ['mp3', 'wav', 'm4a', 'aac', 'ogg', 'flac'] as const;
