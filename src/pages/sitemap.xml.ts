import type { APIRoute } from 'astro';
import { allPublishedCards, authors } from '../lib/build-data';
import { renderSitemap } from '../lib/feeds';
import { articleHref } from '../lib/format';

/** Public pages only: account, VIP checkout and staff screens are not content. */
const STATIC_PATHS = ['/', '/tahminler', '/haberler', '/makaleler', '/basarili-tahminler', '/yazarlar', '/yaris-programi', '/istatistikler', '/hakkimizda', '/iletisim', '/vip-uyelik'];

export const GET: APIRoute = async ({ site }) => {
  const origin = site ?? new URL('http://localhost:4321');
  const [cards, authorList] = await Promise.all([allPublishedCards(), authors()]);
  const urls = [
    ...STATIC_PATHS.map((path) => ({ loc: new URL(path, origin).href })),
    ...authorList.map((author) => ({ loc: new URL(`/yazarlar/${author.id}`, origin).href })),
    ...cards.flatMap((card) => {
      const href = articleHref(card);
      return href ? [{ loc: new URL(href, origin).href, lastmod: card.publishedAt }] : [];
    }),
  ];
  return renderSitemap(urls);
};
