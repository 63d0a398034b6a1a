import type { APIRoute, GetStaticPaths } from 'astro';
import { CATEGORIES, CATEGORY_LABELS, type Category } from '@shared/articles/article';
import { feedCards } from '../../lib/build-data';
import { renderRss } from '../../lib/feeds';

/** One feed per category: /rss/estimation.xml, /rss/news.xml ... */
export const getStaticPaths = (() => CATEGORIES.map((category) => ({ params: { category } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params, site }) => {
  const category = params.category as Category;
  return renderRss({
    site: site ?? new URL('http://localhost:4321'),
    title: `Ganyan - ${CATEGORY_LABELS[category]}`,
    description: `Ganyan ${CATEGORY_LABELS[category].toLocaleLowerCase('tr-TR')} yazıları`,
    path: `/rss/${category}.xml`,
    items: await feedCards(category),
  });
};
