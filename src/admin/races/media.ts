import { describeVideo } from '@shared/estimates/estimate';
import { youtubeId } from '@shared/articles/write-schema';
import { AUDIO_TYPES, MB, PURPOSE_RULES, UPLOAD_MESSAGES } from '@shared/uploads/upload';
import { ApiError } from '../../lib/api-client';
import { uploadFile } from '../../lib/upload';
import { api } from '../session';

/** Estimate media rules and the audio upload of spec 002 §5 and §8 (signed upload flow). */

export const AUDIO_TIMEOUT_MS = 300_000;
export const AUDIO_ACCEPT = '.mp3,.wav,.m4a,.aac,.ogg,.flac,audio/*';
export const SUPPORTED_PLATFORMS = 'Desteklenen platformlar: YouTube, Vimeo, Dailymotion (veya http/https ile başlayan herhangi bir bağlantı)';

export const MEDIA_MESSAGES = {
  noFile: 'Lütfen bir dosya seçin',
  notAudio: 'Lütfen bir ses dosyası seçin',
  tooBig: "Dosya boyutu 50MB'dan büyük olamaz",
  timeout: 'Yükleme zaman aşımına uğradı. Lütfen bağlantınızı kontrol edip tekrar deneyin.',
  tooLarge: UPLOAD_MESSAGES.tooLarge,
  unsupported: UPLOAD_MESSAGES.unsupportedAudio,
  uploadFailed: 'Yükleme sırasında hata oluştu',
  audioRemoveFailed: 'Ses kaldırılamadı',
  videoRequired: 'Video URL gerekli',
  videoInvalid: "Geçerli bir video URL'si girin",
  videoAddFailed: 'Video eklenemedi',
  videoAddError: 'Video eklenirken hata oluştu',
  videoRemoveFailed: 'Video kaldırılamadı',
} as const;

const AUDIO_EXTENSIONS = /\.(mp3|wav|m4a|aac|ogg|oga|flac)$/i;

/** Client-side checks before anything is sent; the server checks type, size and bytes again. */
export function checkAudioFile(file: File | null | undefined): string | null {
  if (!file) return MEDIA_MESSAGES.noFile;
  const typed = file.type.startsWith('audio/') || (AUDIO_TYPES as readonly string[]).includes(file.type);
  if (!typed && !AUDIO_EXTENSIONS.test(file.name)) return MEDIA_MESSAGES.notAudio;
  if (file.size > PURPOSE_RULES.audio.maxBytes || file.size > 50 * MB) return MEDIA_MESSAGES.tooBig;
  return null;
}

/** The same URL rule the server applies (YouTube, Vimeo, Dailymotion, or any http(s) link). */
export function checkVideoUrl(url: string): string | null {
  if (!url.trim()) return MEDIA_MESSAGES.videoRequired;
  return describeVideo(url, youtubeId) ? null : MEDIA_MESSAGES.videoInvalid;
}

function uploadErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 413) return MEDIA_MESSAGES.tooLarge;
    if (error.status === 415) return MEDIA_MESSAGES.unsupported;
    if (error.status === 0) return error.message;
    return error.message || MEDIA_MESSAGES.uploadFailed;
  }
  return MEDIA_MESSAGES.uploadFailed;
}

function guessType(file: File): string {
  if (file.type) return file.type;
  const ext = file.name.split('.').pop()?.toLowerCase();
  return { mp3: 'audio/mpeg', wav: 'audio/wav', m4a: 'audio/mp4', aac: 'audio/aac', ogg: 'audio/ogg', oga: 'audio/ogg', flac: 'audio/flac' }[ext ?? ''] ?? 'application/octet-stream';
}

/** An estimate's route parameters. */
export interface EstimateParam {
  articleId: string;
  estimateId: string;
}

/**
 * Signs, PUTs and finalizes the file, then attaches it to the estimate. The whole flow has the
 * spec's 300 s limit: a big file on a slow line is given up with a clear message, not left hanging.
 */
export async function uploadEstimateAudio(param: EstimateParam, file: File, title: string) {
  const deadline = AbortSignal.timeout(AUDIO_TIMEOUT_MS);
  try {
    const uploaded = await uploadFile(api, file, 'audio', { signal: deadline, contentType: guessType(file), failedText: MEDIA_MESSAGES.uploadFailed });
    if (deadline.aborted) throw new Error(MEDIA_MESSAGES.timeout);
    const attached = await api.call((r) => r.articles[':articleId']['race-estimates'][':estimateId'].audio.$post({ param }), { body: { uploadId: uploaded.uploadId, ...(title.trim() ? { title: title.trim() } : {}) } });
    return attached.data.raceEstimate;
  } catch (error) {
    if (deadline.aborted) throw new Error(MEDIA_MESSAGES.timeout, { cause: error });
    throw new Error(uploadErrorText(error), { cause: error });
  }
}
