import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, isHttpUrl, isSitePath } from '../text/index.js';
import { uploadImageSchema, type ImageCopy } from '../uploads/upload.js';

/**
 * House ads (issue 15, "Ad-free"): the site's own banners, shown to everyone who is not an active
 * VIP. Browser-safe (zod only): the staff form validates with `houseAdInputSchema`, the public
 * slot and the staff tab type their answers with the views below.
 */

export const AD_PLACEMENTS = ['header', 'article', 'sidebar'] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];

export const AD_PLACEMENT_LABELS: Record<AdPlacement, string> = {
  header: 'Başlığın altı',
  article: 'Makale içi (ilk paragraflardan sonra)',
  sidebar: 'Liste yan sütunu',
};

/**
 * The box each placement reserves on the page, whatever the image: the slot's aspect ratio is
 * fixed in the static HTML so an ad arriving (or none) never moves the text around it.
 */
export const AD_SIZES: Record<AdPlacement, { width: number; height: number }> = {
  header: { width: 1200, height: 150 },
  article: { width: 800, height: 250 },
  sidebar: { width: 300, height: 250 },
};

export const AD_MESSAGES = {
  notFound: 'Reklam bulunamadı',
  imageRequired: 'Reklam görseli gerekli',
  created: 'Reklam oluşturuldu!',
  updated: 'Reklam güncellendi!',
  deleted: 'Reklam silindi!',
} as const;

const isoDay = (message: string) =>
  z
    .string(message)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Tarihi GG.AA.YYYY biçiminde girin (ör. 24.11.2026).')
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), 'Geçerli bir tarih girin');

/** A site path ('/vip-uyelik') or an http(s) address; nothing a browser would run. */
const linkSchema = z
  .string('Bağlantı gerekli')
  .trim()
  .min(1, 'Bağlantı gerekli')
  .max(2048, 'Bağlantı en fazla 2048 karakter olabilir')
  .refine((link) => !hasControlCharacters(link), { message: CONTROL_CHARACTERS_MESSAGE, abort: true })
  .refine((link) => (link.startsWith('/') ? isSitePath(link) : isHttpUrl(link)), 'Bağlantı https:// ile başlayan bir adres ya da / ile başlayan bir site yolu olmalı');

/** Staff create/update body. Days are Istanbul calendar days, both inclusive; no end = open-ended. */
export const houseAdInputSchema = z
  .strictObject({
    /** A finalized image upload (POST /api/uploads, purpose image); optional on update (keeps the image). */
    uploadId: z.string().trim().min(1).max(128).optional(),
    linkUrl: linkSchema,
    altText: z.string('Alternatif metin gerekli').trim().min(3, 'Alternatif metin en az 3 karakter olmalı').max(160, 'Alternatif metin en fazla 160 karakter olabilir'),
    placement: z.enum(AD_PLACEMENTS, 'Yerleşim seçin'),
    activeFrom: isoDay('Başlangıç tarihi gerekli'),
    activeTo: isoDay('Bitiş tarihi geçersiz').nullable().default(null),
    isActive: z.boolean().default(true),
  })
  .refine((ad) => ad.activeTo === null || ad.activeTo >= ad.activeFrom, { message: 'Bitiş tarihi başlangıç tarihinden önce olamaz', path: ['activeTo'] });
export type HouseAdInput = z.output<typeof houseAdInputSchema>;

/** `houseAds/{id}`: `startsAt` inclusive, `endsAt` exclusive (the instant after the last day). */
export const houseAdSchema = z.object({
  id: z.string(),
  placement: z.enum(AD_PLACEMENTS),
  imageUrl: z.string(),
  /** The uploaded image's size and narrower copies (for srcset); none for the demo ads and older ones. */
  image: uploadImageSchema.nullable().default(null),
  linkUrl: z.string(),
  altText: z.string(),
  startsAt: z.date(),
  endsAt: z.date().nullable(),
  isActive: z.boolean(),
  clicks: z.number().int().nonnegative().default(0),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type HouseAd = z.infer<typeof houseAdSchema>;
export const parseHouseAd = (raw: unknown): HouseAd => houseAdSchema.parse(raw);

export type AdState = 'active' | 'scheduled' | 'ended' | 'off';
export const AD_STATE_LABELS: Record<AdState, string> = { active: 'Yayında', scheduled: 'Başlamadı', ended: 'Süresi doldu', off: 'Kapalı' };

export function adState(ad: HouseAd, now: Date): AdState {
  if (!ad.isActive) return 'off';
  if (ad.startsAt.getTime() > now.getTime()) return 'scheduled';
  if (ad.endsAt && ad.endsAt.getTime() <= now.getTime()) return 'ended';
  return 'active';
}

/** What a page's slot receives: no counters, no dates, nothing about anyone. */
export interface PublicAdView {
  id: string;
  imageUrl: string;
  /** The header ad is on every page: its slot picks the copy its box needs. */
  image?: { width: number; copies: ImageCopy[] };
  linkUrl: string;
  altText: string;
}
export const publicAdView = (ad: HouseAd): PublicAdView => ({
  id: ad.id,
  imageUrl: ad.imageUrl,
  ...(ad.image?.copies.length ? { image: { width: ad.image.width, copies: ad.image.copies } } : {}),
  linkUrl: ad.linkUrl,
  altText: ad.altText,
});

/** What staff see and edit: the Istanbul days back as typed, the state now and the click count. */
export interface AdminAdView extends PublicAdView {
  placement: AdPlacement;
  activeFrom: string;
  activeTo: string | null;
  isActive: boolean;
  state: AdState;
  clicks: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A click marker's body: one random id per ad shown, made by the page (not a person's identifier). */
export const adClickSchema = z.strictObject({
  impression: z.string('Gösterim kimliği gerekli').regex(/^[A-Za-z0-9_-]{16,64}$/, 'Gösterim kimliği geçersiz'),
});
