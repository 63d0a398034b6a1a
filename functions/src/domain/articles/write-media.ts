import type { Actor } from '../../platform/actor.js';
import type { AppDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { requireReadyUpload } from '../uploads/index.js';
import { parseArticle, type ArticleRecord } from './article.js';
import { applyArticleImageCopies } from './image-copies.js';
import { loadForChange, saveChanges } from './write-access.js';
import { youtubeId } from './write-schema.js';

/**
 * Attaching media to an article (spec 002 §7 /media/articles/{id}/media/*). Files reach the
 * blob store through the signed upload flow first; here only a finalized upload of the right
 * purpose, owned by the caller, can be attached.
 */

async function change(deps: AppDeps, actor: Actor, id: string, build: (article: ArticleRecord) => Promise<ArticleRecord['media']> | ArticleRecord['media']) {
  const current = await loadForChange(deps, actor, id, 'edit');
  if (current.isDeleted) throw new AppError('NOT_FOUND', 'Makale bulunamadı.');
  const media = await build(current);
  return saveChanges(deps, current, { media, updatedAt: deps.now() }, 'article media');
}

export async function attachFeaturedImage(deps: AppDeps, actor: Actor, id: string, input: { uploadId: string; alt: string }) {
  let copiesPending = false;
  const saved = await change(deps, actor, id, async (article) => {
    const file = await requireReadyUpload(deps, input.uploadId, actor, 'image');
    copiesPending = file.copiesPending;
    // The picture's real size (the spec's 1200 × 800 only when unknown: files kept before it was read).
    const size = file.image ?? { width: 1200, height: 800, copies: [] };
    return { ...article.media, featuredImage: { url: file.url, alt: input.alt || article.title, filename: file.name, ...size } };
  });
  if (!copiesPending) return saved;
  // The copies' run hands them to the articles showing the image; had it finished between the read
  // above and this save, it found none, so they are taken over here.
  const file = await requireReadyUpload(deps, input.uploadId, actor, 'image');
  if (file.copiesPending || !file.image || (await applyArticleImageCopies(deps, file.url, file.image)) === 0) return saved;
  return parseArticle((await deps.store.get('articles', id))!);
}

export function attachAudio(deps: AppDeps, actor: Actor, id: string, input: { uploadId: string; title: string; artist: string }) {
  return change(deps, actor, id, async (article) => {
    const file = await requireReadyUpload(deps, input.uploadId, actor, 'audio');
    const audio = { url: file.url, title: input.title || file.name, artist: input.artist, mimeType: file.contentType, duration: null, originalName: file.name, size: file.size };
    // One audio track per article: a new upload replaces the old one.
    return { ...article.media, audio: [audio] };
  });
}

export function attachYoutube(deps: AppDeps, actor: Actor, id: string, input: { url: string; title: string }) {
  return change(deps, actor, id, (article) => {
    const videoId = youtubeId(input.url)!;
    const video = {
      url: `https://www.youtube.com/watch?v=${videoId}`,
      title: input.title,
      platform: 'youtube' as const,
      videoId,
      embedUrl: `https://www.youtube-nocookie.com/embed/${videoId}`,
      thumbnail: `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`,
    };
    return { ...article.media, videos: [video] };
  });
}

export type MediaKind = 'image' | 'audio' | 'youtube';

export function removeMedia(deps: AppDeps, actor: Actor, id: string, kind: MediaKind) {
  return change(deps, actor, id, (article) => {
    if (kind === 'image') return { ...article.media, featuredImage: null };
    if (kind === 'audio') return { ...article.media, audio: [] };
    return { ...article.media, videos: [] };
  });
}
