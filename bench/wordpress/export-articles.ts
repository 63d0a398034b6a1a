/**
 * The seeded store's published articles as JSON on stdout, for import.php: the WordPress that
 * `npm run bench` measures beside Ganyan (issue 21) holds the same texts.
 * Each demo illustration goes into IMAGE_DIR as the WebP the site serves at full width.
 * tsx bench/wordpress/export-articles.ts DATA_DIR IMAGE_DIR
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../../functions/src/platform/config.js';
import { createLocalDeps } from '../../functions/src/platform/local-deps.js';
import { CATEGORY_LISTS } from '../../src/lib/list-pages.js';
import { DEMO_IMAGE_COUNT, demoIllustrationSvg, demoImageUrl } from '../../server/seed/illustrations.js';

const [dataDir, imageDir] = process.argv.slice(2);
if (!dataDir || !imageDir) throw new Error('usage: export-articles.ts DATA_DIR IMAGE_DIR');

// The news list is /haberler on Ganyan and /category/haberler/ on WordPress: the same address word.
const categorySlug = new Map<string, string>(Object.entries(CATEGORY_LISTS).map(([address, list]) => [list.category, address]));

const illustrationByUrl = new Map(Array.from({ length: DEMO_IMAGE_COUNT }, (_, index) => [demoImageUrl(index), index]));
const rendered = new Map<number, Promise<string>>();

/** The article's picture as a file for WordPress's uploads (the quality src/lib/demo-images.ts gives the site's WebP). */
async function featuredImageFile(media: unknown): Promise<string | null> {
  const url = (media as { featuredImage?: { url?: unknown } } | undefined)?.featuredImage?.url;
  const index = typeof url === 'string' ? illustrationByUrl.get(url) : undefined;
  if (index === undefined) return null;
  if (!rendered.has(index)) {
    const file = join(imageDir!, String(url).split('/').pop()!);
    rendered.set(index, sharp(Buffer.from(demoIllustrationSvg(index))).webp({ quality: 72 }).toFile(file).then(() => file));
  }
  return rendered.get(index)!;
}

const deps = createLocalDeps(loadConfig({ ...process.env, GANYAN_DATA_DIR: dataDir, GANYAN_ENV: 'development' }), { quiet: true });
try {
  const published = await deps.store.collection('articles').where('status', '==', 'published').where('isDeleted', '==', false).orderBy('publishedAt', 'desc').get();
  const articles = [];
  for (const a of published) articles.push({
    title: String(a.title),
    slug: String(a.slug),
    excerpt: String(a.excerpt ?? ''),
    content: String(a.content ?? ''),
    category: categorySlug.get(String(a.category)) ?? String(a.category),
    publishedAt: new Date(a.publishedAt as Date | string).toISOString(),
    image: await featuredImageFile(a.media),
  });
  process.stdout.write(JSON.stringify(articles));
} finally {
  await deps.store.close();
}
