import { z } from 'zod';
import { imageCopySchema } from '../uploads/upload.js';

/** Categories and their Turkish labels (spec 000 §3.1). */
export const CATEGORIES = ['estimation', 'news', 'analysis', 'tips', 'interviews', 'events', 'general'] as const;
export type Category = (typeof CATEGORIES)[number];
export const CATEGORY_LABELS: Record<Category, string> = {
  estimation: 'Tahmin',
  news: 'Haber',
  analysis: 'Analiz',
  tips: 'İpuçları',
  interviews: 'Röportaj',
  events: 'Etkinlik',
  general: 'Genel',
};

export const STATUSES = ['draft', 'published', 'archived', 'scheduled'] as const;
export type ArticleStatus = (typeof STATUSES)[number];

/** Who the article is written for; 'vip' and 'premium' show the VIP badge. */
export const AUDIENCES = ['everyone', 'vip', 'premium'] as const;
export const AUDIENCE_LABELS = { everyone: 'Herkes', vip: 'VIP', premium: 'Premium' } as const;

/** Who may read the body: premium/private need an active VIP, members-only needs login. */
export const VISIBILITIES = ['public', 'premium', 'private', 'members-only'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const RACE_RESULTS = ['won', 'lost', 'pending'] as const;

export const tagSchema = z.object({
  name: z.string().trim().min(1, 'Etiket adı zorunludur.').max(40),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Geçerli bir renk kodu girin.')
    .default('#3b82f6'),
});

export const featuredImageSchema = z.object({
  url: z.string(),
  alt: z.string().default(''),
  filename: z.string().optional(),
  width: z.number().int().default(1200),
  height: z.number().int().default(800),
  /** Narrower copies made at upload, narrowest first; none for images attached before they were made. */
  copies: z.array(imageCopySchema).default([]),
});

export const videoSchema = z.object({
  url: z.string(),
  title: z.string().default(''),
  platform: z.enum(['youtube', 'vimeo', 'other']).default('other'),
  videoId: z.string().nullable().default(null),
  embedUrl: z.string().nullable().default(null),
  thumbnail: z.string().nullable().default(null),
});

export const audioSchema = z.object({
  url: z.string(),
  title: z.string().default(''),
  artist: z.string().default(''),
  mimeType: z.string(),
  duration: z.number().nullable().default(null),
  originalName: z.string().default(''),
  size: z.number().int(),
});

export const articleStatsSchema = z.object({
  views: z.number().int().default(0),
  likes: z.number().int().default(0),
  /** Approved comments only. */
  comments: z.number().int().default(0),
  shares: z.number().int().default(0),
});

/**
 * Search-engine fields of an article (spec 000 §3.1 seo). The lengths are what search engines
 * show before they cut the text; the form warns past them, the hard limits only stop abuse.
 */
export const SEO_LIMITS = { metaTitle: 60, metaDescription: 160, metaTitleMax: 120, metaDescriptionMax: 320, keywords: 10, keywordMax: 40 } as const;
export const articleSeoSchema = z.object({
  metaTitle: z.string().default(''),
  metaDescription: z.string().default(''),
  keywords: z.array(z.string()).default([]),
  canonicalUrl: z.string().default(''),
});
export type ArticleSeo = z.infer<typeof articleSeoSchema>;

/** An article document as stored in `articles`. */
export const articleRecordSchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string().nullable().default(null),
  slug: z.string(),
  authorId: z.string(),
  category: z.enum(CATEGORIES),
  status: z.enum(STATUSES),
  excerpt: z.string(),
  /** Sanitized HTML: only ever written through the sanitizer. */
  content: z.string(),
  audience: z.enum(AUDIENCES).default('everyone'),
  visibility: z.enum(VISIBILITIES).default('public'),
  tags: z.array(tagSchema).default([]),
  /** Folded tag names and title/excerpt words, for Turkish-aware search with array-contains. */
  searchTokens: z.array(z.string()).default([]),
  media: z
    .object({
      featuredImage: featuredImageSchema.nullable().default(null),
      videos: z.array(videoSchema).default([]),
      audio: z.array(audioSchema).default([]),
    })
    .default({ featuredImage: null, videos: [], audio: [] }),
  stats: articleStatsSchema.default({ views: 0, likes: 0, comments: 0, shares: 0 }),
  readTime: z.number().int().default(1),
  isFeatured: z.boolean().default(false),
  isPinned: z.boolean().default(false),
  allowComments: z.boolean().default(true),
  raceResult: z.enum(RACE_RESULTS).nullable().default(null),
  /** 'manual' when staff set the result; settlement never overrides a manual result. */
  raceResultSource: z.enum(['manual', 'settlement']).nullable().default(null),
  hasRaceEstimate: z.boolean().default(false),
  /** When a 'scheduled' article goes live (the publish job reads it); null for any other status. */
  scheduledAt: z.date().nullable().default(null),
  /** Staff-written search-engine fields; empty ones fall back to title, excerpt and the article's own URL. */
  seo: articleSeoSchema.default({ metaTitle: '', metaDescription: '', keywords: [], canonicalUrl: '' }),
  publishedAt: z.date().nullable().default(null),
  createdAt: z.date(),
  updatedAt: z.date(),
  isDeleted: z.boolean().default(false),
  deletedAt: z.date().nullable().default(null),
});
export type ArticleRecord = z.infer<typeof articleRecordSchema>;

export function parseArticle(raw: unknown): ArticleRecord {
  return articleRecordSchema.parse(raw);
}

/** What readers may see: published and not soft-deleted. */
export function isPubliclyListed(article: Pick<ArticleRecord, 'status' | 'isDeleted'>): boolean {
  return article.status === 'published' && !article.isDeleted;
}
