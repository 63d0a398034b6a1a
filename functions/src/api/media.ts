import { Hono } from 'hono';
import { toStaffArticles } from '../domain/articles/write-access.js';
import { attachAudio, attachFeaturedImage, attachYoutube, removeMedia } from '../domain/articles/write-media.js';
import { audioAttachSchema, imageAttachSchema, youtubeAttachSchema } from '../domain/articles/write-schema.js';
import { AppError } from '../platform/errors.js';
import { requireStaff } from './auth-context.js';
import type { ApiEnv } from './env.js';
import { ok } from './respond.js';
import { parseBody } from './validation.js';

/**
 * Article media (spec 002 §7). The spec's multipart bodies become an upload id: the file itself
 * went to the blob store through POST /uploads and its signed URL (architecture §2).
 */
export const mediaRoutes = new Hono<ApiEnv>()
  .post('/media/articles/:id/media/image', async (c) => {
    const viewer = requireStaff(c);
    const input = await parseBody(c, imageAttachSchema);
    const article = await attachFeaturedImage(c.get('deps'), viewer, c.req.param('id'), input);
    return ok(c, (await toStaffArticles(c.get('deps'), [article]))[0], { message: 'Görsel eklendi.' });
  })
  .post('/media/articles/:id/media/audio', async (c) => {
    const viewer = requireStaff(c);
    const input = await parseBody(c, audioAttachSchema);
    const article = await attachAudio(c.get('deps'), viewer, c.req.param('id'), input);
    return ok(c, (await toStaffArticles(c.get('deps'), [article]))[0], { message: 'Ses dosyası eklendi.' });
  })
  .post('/media/articles/:id/media/youtube', async (c) => {
    const viewer = requireStaff(c);
    const input = await parseBody(c, youtubeAttachSchema);
    const article = await attachYoutube(c.get('deps'), viewer, c.req.param('id'), input);
    return ok(c, (await toStaffArticles(c.get('deps'), [article]))[0], { message: 'Video eklendi.' });
  })
  .delete('/media/articles/:id/media/:kind', async (c) => {
    const viewer = requireStaff(c);
    const kind = c.req.param('kind');
    if (kind !== 'image' && kind !== 'audio' && kind !== 'youtube') throw new AppError('NOT_FOUND', 'İstenen adres bulunamadı.');
    const article = await removeMedia(c.get('deps'), viewer, c.req.param('id'), kind);
    return ok(c, (await toStaffArticles(c.get('deps'), [article]))[0], { message: 'Medya kaldırıldı.' });
  });
