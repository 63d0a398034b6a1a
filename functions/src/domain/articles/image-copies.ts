import type { AppDeps } from '../../platform/deps.js';
import type { UploadImage } from '../uploads/index.js';
import { parseArticle } from './article.js';
import { rebuildIfPublic } from './write-access.js';

/**
 * Gives the articles that show the image at `url` its copies, once they exist (an author attaches
 * an image seconds after its upload, before its copies are made). Only an article still showing
 * that image without copies changes; returns how many did.
 */
export async function applyArticleImageCopies(deps: Pick<AppDeps, 'store' | 'requestRebuild'>, url: string, image: UploadImage): Promise<number> {
  if (image.copies.length === 0) return 0;
  const showing = await deps.store.collection('articles').where('media.featuredImage.url', '==', url).get();
  let changed = 0;
  for (const { id } of showing) {
    const updated = await deps.store.runTransaction(async (tx) => {
      const raw = await tx.get('articles', id);
      if (!raw) return null;
      const article = parseArticle(raw);
      const featured = article.media.featuredImage;
      if (!featured || featured.url !== url || featured.copies.length > 0) return null;
      const media = { ...article.media, featuredImage: { ...featured, width: image.width, height: image.height, copies: image.copies } };
      tx.update('articles', id, { media });
      return { before: article, after: parseArticle({ ...article, media }) };
    });
    if (!updated) continue;
    changed += 1;
    rebuildIfPublic(deps, updated.before, updated.after, `article image copies: ${updated.after.slug}`);
  }
  return changed;
}
