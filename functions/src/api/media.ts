import { Hono } from 'hono';
import { toStaffArticle, attachAudio, attachFeaturedImage, attachYoutube, removeMedia, audioAttachSchema, imageAttachSchema, youtubeAttachSchema } from '../domain/articles/index.js';
import { AppError } from '../platform/errors.js';
import { requireStaff } from './http/auth-context.js';
import type { ApiEnv } from './http/env.js';
import { ok } from './http/respond.js';
import { bodyRoute } from './http/route-handlers.js';

/**
 * Article media (spec 002 §7). The spec's multipart bodies become an upload id: the file itself
 * went to the blob store through POST /uploads and its signed URL (architecture §2).
 */
export const mediaRoutes = new Hono<ApiEnv>()
  .post(
    '/articles/:id/media/image',
    bodyRoute(requireStaff, imageAttachSchema, async ({ deps, viewer, input, param }) => toStaffArticle(deps, await attachFeaturedImage(deps, viewer, param('id'), input)), { message: 'Görsel eklendi.' }),
  )
  .post(
    '/articles/:id/media/audio',
    bodyRoute(requireStaff, audioAttachSchema, async ({ deps, viewer, input, param }) => toStaffArticle(deps, await attachAudio(deps, viewer, param('id'), input)), { message: 'Ses dosyası eklendi.' }),
  )
  .post(
    '/articles/:id/media/youtube',
    bodyRoute(requireStaff, youtubeAttachSchema, async ({ deps, viewer, input, param }) => toStaffArticle(deps, await attachYoutube(deps, viewer, param('id'), input)), { message: 'Video eklendi.' }),
  )
  .delete('/articles/:id/media/:kind', async (c) => {
    const viewer = requireStaff(c);
    const kind = c.req.param('kind');
    if (kind !== 'image' && kind !== 'audio' && kind !== 'youtube') throw new AppError('NOT_FOUND', 'İstenen adres bulunamadı.');
    const article = await removeMedia(c.get('deps'), viewer, c.req.param('id'), kind);
    return ok(c, await toStaffArticle(c.get('deps'), article), { message: 'Medya kaldırıldı.' });
  });
