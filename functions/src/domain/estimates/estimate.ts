import { createHash } from 'node:crypto';
import { z } from 'zod';
import { storedRecord } from '../stored-record.js';
import { parseHttpUrl } from '../text/index.js';
import { betInputSchema, storedBetSchema } from './bet.js';
import { selectionsText, type HashedBet } from './selections-text.js';

/**
 * Race estimates (spec 002 §3 'Race estimate', issue 8): per-race horse selections attached to a
 * published estimation article. Selections lock when the first race covered starts; the stored
 * hash of the selections lets anyone check later that they were never changed.
 */

export const ESTIMATE_MESSAGES = {
  notFound: 'Yarış tahmini bulunamadı.',
  noneToUpdate: 'Güncellenecek yarış tahmini bulunamadı',
  needHorse: 'Lütfen en az bir at seçin.',
  needArticle: 'Lütfen bir makale seçin.',
  articleNotEstimation: 'Tahmin yalnızca yayımlanmış tahmin makalelerine eklenebilir.',
  forbiddenCreate: 'Bu makaleye tahmin ekleme izniniz yok',
  forbiddenUpdate: 'Bu tahmini güncelleme izniniz yok',
  forbiddenHorses: 'At seçimlerini güncelleme izniniz yok',
  locked: 'Tahmin kilitlendi: ilk koşu başladığı için at seçimleri artık değiştirilemez.',
  lockedCreate: 'İlk koşu başladı: bu koşular için artık tahmin eklenemez.',
  lockedDelete: 'Tahmin kilitlendi: ilk koşu başladığı için bu tahmin silinemez.',
  raceNotFound: (id: string) => `Koşu bulunamadı: ${id}`,
  horseNotInRace: (n: number, race: number) => `${race}. koşuda ${n} numaralı at yok.`,
  duplicateHorse: (n: number, race: number) => `${race}. koşuda ${n} numaralı at iki kez seçilmiş.`,
  duplicateRace: 'Aynı koşu tahminde iki kez yer alamaz.',
  sameCard: 'Bir tahmindeki koşular aynı hipodromun aynı gününe ait olmalıdır.',
  otherRaceDay: (card: string) => `Bu makalenin tahminleri ${card} koşularına ait. Başka bir gün veya hipodromun koşuları için yeni bir tahmin makalesi açın.`,
  raceDayFarFromArticle: (published: string, raceDate: string) =>
    `Makale ${published} tarihinde yayımlandı; ${raceDate} koşuları bu makalenin yarış günü değil. Bu koşular için yeni bir tahmin makalesi açın.`,
  oneCoupon:
    'Bu makalenin zaten bir kuponu var: yayımlanmış bir makaleye ikinci kupon eklenemez. Kuponu ilk koşu başlayana kadar düzenleyebilirsiniz; başka bir kupon için yeni bir tahmin makalesi açın.',
  created: 'Yarış tahmini makaleye eklendi.',
  updated: 'Yarış tahmini güncellendi.',
  deleted: 'Tahmin başarıyla silindi!',
  deletedAll: 'Makalenin tüm yarış tahminleri silindi.',
  audioAdded: 'Ses kaydı eklendi.',
  audioExists: 'Bu tahminin zaten bir ses kaydı var. Yeni kayıt için önce mevcut kaydı kaldırın.',
  audioRemoved: 'Ses kaydı kaldırıldı.',
  noAudio: 'Bu tahminin ses kaydı yok.',
  videoRequired: 'Video URL gerekli',
  videoInvalid: "Geçerli bir video URL'si girin",
  videoAdded: 'Video eklendi.',
  videoExists: 'Bu tahminin zaten bir videosu var. Yeni video için önce mevcut videoyu kaldırın.',
  videoRemoved: 'Video kaldırıldı.',
  noVideo: 'Bu tahminin videosu yok.',
} as const;

export const selectedHorseSchema = z.object({ number: z.number().int(), name: z.string(), horseId: z.string() });

export const estimateRaceSchema = z.object({
  id: z.string(),
  raceNumber: z.number().int(),
  title: z.string(),
  startTime: z.string(),
  startsAt: z.date(),
  distance: z.number().int(),
  surface: z.string(),
  selectedHorses: z.array(selectedHorseSchema),
  totalHorses: z.number().int(),
});
export type EstimateRace = z.infer<typeof estimateRaceSchema>;

export const estimateAudioSchema = z.object({
  url: z.string(),
  title: z.string(),
  originalName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  duration: z.number().nullable(),
  uploadedAt: z.date(),
});

export const estimateVideoSchema = z.object({
  url: z.string(),
  platform: z.enum(['youtube', 'vimeo', 'dailymotion', 'other']),
  title: z.string(),
  embedUrl: z.string().nullable(),
  thumbnail: z.string().nullable(),
  duration: z.number().nullable(),
  addedAt: z.date(),
});

export const legSchema = z.object({
  raceId: z.string(),
  raceNumber: z.number().int(),
  selected: z.array(z.number().int()),
  winners: z.array(z.number().int()),
  hit: z.boolean(),
  banko: z.boolean(),
  /** Non-runners of the leg replaced by its AGF favourite (TJK's altılı rule); empty otherwise. */
  substitutions: z.array(z.object({ out: z.number().int(), in: z.number().int() })).default([]),
});
export type SettledLeg = z.infer<typeof legSchema>;

export const settlementSchema = z.object({
  legs: z.array(legSchema),
  legsTotal: z.number().int(),
  legsHit: z.number().int(),
  bankoLegs: z.number().int(),
  bankoHits: z.number().int(),
  allHit: z.boolean(),
  couponSize: z.number().int(),
  unitStake: z.number(),
  cost: z.number(),
  /** Altılı payout for the coupon at the unit stake; 0 unless every leg of an altılı pool hit. */
  payout: z.number(),
  /** The altılı pool the legs form (first race number), or null when they do not form one. */
  sixPoolFirstRace: z.number().int().nullable(),
  /** sha256 of the results used, so a correction is noticed and the estimate re-settled. */
  resultsHash: z.string(),
  settledAt: z.date(),
  /** Every line of a single-race bet named a non-runner: all refunded, nothing to count. */
  void: z.boolean().default(false),
  /** Lines of a single-race bet refunded for a non-runner (TJK), left out of the cost. */
  refundedLines: z.number().int().default(0),
  /** Turkish sentences the article and the record show: substitutions, refunds, staff corrections. */
  notes: z.array(z.string()).default([]),
});
export type Settlement = z.infer<typeof settlementSchema>;

export const raceEstimateSchema = storedRecord({
  articleId: z.string(),
  authorId: z.string(),
  title: z.string(),
  description: z.string().default(''),
  isActive: z.boolean().default(true),
  exportInfo: z.object({
    exportDate: z.date(),
    exportType: z.literal('admin-selection'),
    location: z.string(),
    raceFilter: z.string(),
    totalSelections: z.number().int(),
    version: z.literal('1.0'),
  }),
  raceData: z.object({
    location: z.string(),
    date: z.string(),
    hipodrom: z.string(),
    weatherCondition: z.string(),
    temperature: z.number(),
    totalRaces: z.number().int(),
  }),
  raceDayId: z.string(),
  raceIds: z.array(z.string()),
  races: z.array(estimateRaceSchema),
  selections: z.object({
    totalSelections: z.number().int(),
    selectionsByRace: z.array(z.object({ raceId: z.string(), raceNumber: z.number().int(), horses: z.array(z.number().int()) })),
  }),
  statistics: z.object({
    totalRaces: z.number().int(),
    racesWithSelections: z.number().int(),
    averageSelectionsPerRace: z.number(),
    raceDistribution: z.array(
      z.object({ raceNumber: z.number().int(), title: z.string(), totalHorses: z.number().int(), selectedHorses: z.number().int(), selectionPercentage: z.number() }),
    ),
  }),
  audio: estimateAudioSchema.nullable().default(null),
  video: estimateVideoSchema.nullable().default(null),
  /** The pool and places of a single-race tip (bet.ts); null for a coupon (altılı and other legs). */
  bet: storedBetSchema.nullable().default(null),
  lockAt: z.date(),
  selectionsHash: z.string(),
  settlement: settlementSchema.nullable().default(null),
});
export type RaceEstimate = z.infer<typeof raceEstimateSchema>;
export const parseRaceEstimate = (raw: unknown): RaceEstimate => raceEstimateSchema.parse(raw);

// ---------------------------------------------------------------------------------------------
// Request bodies. The client sends the export payload of spec 002 §3; the server keeps only the
// race ids and horse numbers from it and rebuilds every descriptive field from the race store,
// so a stored estimate never claims a horse or a start time the programme does not have.

const loose = z.unknown().optional();

export const exportHorseSchema = z.strictObject({
  number: z.number('At numarası gerekli').int().min(1).max(30),
  id: loose,
  horseId: loose,
  name: loose,
  jockey: loose,
  weight: loose,
  odds: loose,
  trainer: loose,
  owner: loose,
  age: loose,
  father: loose,
  mother: loose,
  sonKosu: loose,
  galibiyet: loose,
  enIyi: loose,
  isSelected: loose,
});

export const exportRaceSchema = z.strictObject({
  id: z.string('Koşu kimliği gerekli').min(1).max(20),
  selectedHorses: z.array(exportHorseSchema).max(30).default([]),
  raceNumber: loose,
  title: loose,
  startTime: loose,
  distance: loose,
  surface: loose,
  category: loose,
  prize: loose,
  trackCondition: loose,
  status: loose,
  isHandicap: loose,
  minAge: loose,
  maxAge: loose,
  description: loose,
  totalHorses: loose,
  allHorses: z.array(z.unknown()).max(30).optional(),
});

const text = (max: number) => z.string().trim().max(max, `En fazla ${max} karakter girilebilir.`);

/** POST /articles/{articleId}/race-estimates: the export payload. */
export const createEstimateSchema = z.strictObject({
  title: text(200).optional(),
  description: text(5000).optional(),
  isActive: z.boolean().optional(),
  exportInfo: z
    .strictObject({
      exportDate: loose,
      exportType: z.literal('admin-selection', 'Geçersiz dışa aktarma türü.'),
      location: loose,
      raceFilter: z.string().max(40).optional(),
      totalSelections: loose,
      version: z.literal('1.0', 'Desteklenmeyen tahmin sürümü.'),
    })
    .optional(),
  raceData: z
    .strictObject({ location: loose, date: loose, hipodrom: loose, weatherCondition: loose, temperature: loose, totalRaces: loose })
    .optional(),
  races: z.array(exportRaceSchema, ESTIMATE_MESSAGES.needHorse).min(1, ESTIMATE_MESSAGES.needHorse).max(20),
  /** A single-race tip's pool and places; its horses replace the race's `selectedHorses`. */
  bet: betInputSchema.nullish(),
  selections: loose,
  statistics: loose,
});
export type CreateEstimateInput = z.output<typeof createEstimateSchema>;

/** PUT /articles/{articleId}/race-estimates/{id}: the full estimate; only these fields are kept. */
export const updateEstimateSchema = z.strictObject({
  _id: loose,
  id: loose,
  articleId: loose,
  title: text(200).min(1, 'Başlık boş olamaz.').optional(),
  description: text(5000).optional(),
  isActive: z.boolean().optional(),
  races: z.array(exportRaceSchema).min(1, ESTIMATE_MESSAGES.needHorse).max(20).optional(),
  bet: betInputSchema.nullish(),
  exportInfo: loose,
  raceData: loose,
  selections: loose,
  statistics: loose,
  audio: loose,
  video: loose,
  lockAt: loose,
  selectionsHash: loose,
  settlement: loose,
  authorId: loose,
  createdAt: loose,
  updatedAt: loose,
  raceIds: loose,
  raceDayId: loose,
});
export type UpdateEstimateInput = z.output<typeof updateEstimateSchema>;

export const attachEstimateAudioSchema = z.strictObject({
  uploadId: z.string('Lütfen bir dosya seçin').min(1, 'Lütfen bir dosya seçin').max(128),
  title: text(200).optional(),
});

export const attachEstimateVideoSchema = z.strictObject({
  url: z.string(ESTIMATE_MESSAGES.videoRequired).trim().min(1, ESTIMATE_MESSAGES.videoRequired).max(500, ESTIMATE_MESSAGES.videoInvalid),
  title: text(200).optional(),
});

// ---------------------------------------------------------------------------------------------

export { canonicalSelections } from './selections-text.js';

export function selectionsHash(races: { id: string; selectedHorses: { number: number }[] }[], bet: HashedBet | null = null): string {
  return createHash('sha256').update(selectionsText(races, bet)).digest('hex');
}

export function isLocked(estimate: Pick<RaceEstimate, 'lockAt'>, now: Date): boolean {
  return now.getTime() >= estimate.lockAt.getTime();
}

export type VideoInfo = Pick<z.infer<typeof estimateVideoSchema>, 'url' | 'platform' | 'embedUrl' | 'thumbnail'>;

/** YouTube, Vimeo, Dailymotion get an embed; any other http(s) link is kept as a plain link. */
export function describeVideo(raw: string, youtubeId: (url: string) => string | null): VideoInfo | null {
  const url = parseHttpUrl(raw.trim());
  if (!url) return null;
  const yt = youtubeId(raw);
  if (yt) {
    return { url: `https://www.youtube.com/watch?v=${yt}`, platform: 'youtube', embedUrl: `https://www.youtube-nocookie.com/embed/${yt}`, thumbnail: `https://i.ytimg.com/vi/${yt}/hqdefault.jpg` };
  }
  const host = url.hostname.replace(/^www\./, '');
  const vimeo = host === 'vimeo.com' || host === 'player.vimeo.com' ? url.pathname.match(/(\d{5,12})(?:\/|$)/) : null;
  if (vimeo) return { url: `https://vimeo.com/${vimeo[1]}`, platform: 'vimeo', embedUrl: `https://player.vimeo.com/video/${vimeo[1]}`, thumbnail: null };
  const dm = host === 'dailymotion.com' ? url.pathname.match(/^\/video\/([A-Za-z0-9]+)/) : host === 'dai.ly' ? url.pathname.match(/^\/([A-Za-z0-9]+)/) : null;
  if (dm) return { url: `https://www.dailymotion.com/video/${dm[1]}`, platform: 'dailymotion', embedUrl: `https://www.dailymotion.com/embed/video/${dm[1]}`, thumbnail: null };
  return { url: url.toString(), platform: 'other', embedUrl: null, thumbnail: null };
}
