import { articleHref, type CardData } from './format';

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!);

/** RSS 2.0 of article teasers (title, excerpt, link): never a body, even of a public article. */
export function renderRss(options: { site: URL; title: string; description: string; path: string; items: CardData[] }): Response {
  const { site, items } = options;
  const self = new URL(options.path, site).href;
  const entries = items
    .map((card) => {
      const link = new URL(articleHref(card) ?? '/', site).href;
      return `<item><title>${escapeXml(card.title)}</title><link>${escapeXml(link)}</link><guid isPermaLink="true">${escapeXml(link)}</guid>${
        card.publishedAt ? `<pubDate>${new Date(card.publishedAt).toUTCString()}</pubDate>` : ''
      }<category>${escapeXml(card.categoryLabel)}</category><dc:creator>${escapeXml(card.author.displayName)}</dc:creator><description>${escapeXml(card.excerpt)}</description></item>`;
    })
    .join('\n');
  const lastBuild = items[0]?.publishedAt ? new Date(items[0].publishedAt).toUTCString() : new Date(0).toUTCString();
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel>
<title>${escapeXml(options.title)}</title>
<link>${escapeXml(new URL('/', site).href)}</link>
<description>${escapeXml(options.description)}</description>
<language>tr-TR</language>
<lastBuildDate>${lastBuild}</lastBuildDate>
<atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>
${entries}
</channel>
</rss>
`;
  return new Response(xml, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
}

export function renderSitemap(urls: { loc: string; lastmod?: string | null }[]): Response {
  const body = urls
    .map((u) => `<url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.slice(0, 10)}</lastmod>` : ''}</url>`)
    .join('\n');
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
}
