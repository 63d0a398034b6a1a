import type { DetailData } from '../../islands/article/ArticleView';

/**
 * NewsArticle + BreadcrumbList for an article page. Built from the teaser fields only (title,
 * excerpt, dates, author, image), so it is safe for protected articles too; for those,
 * isAccessibleForFree=false tells search engines the body is behind a paywall.
 */
export function articleJsonLd(article: DetailData, url: string): Record<string, unknown>[] {
  const site = new URL('/', url).href;
  const iso = (value: string | Date | null) => (value ? new Date(value).toISOString() : undefined);
  return [
    {
      '@type': 'NewsArticle',
      headline: article.title.slice(0, 110),
      description: article.excerpt,
      datePublished: iso(article.publishedAt),
      dateModified: iso(article.updatedAt),
      author: { '@type': 'Person', name: article.author.displayName, url: new URL(`/yazarlar/${encodeURIComponent(article.author.id)}`, site).href },
      publisher: { '@type': 'Organization', name: 'Ganyan', url: site },
      mainEntityOfPage: { '@type': 'WebPage', '@id': url },
      ...(article.featuredImage ? { image: [new URL(article.featuredImage.url, site).href] } : {}),
      articleSection: article.categoryLabel,
      keywords: article.tags.map((t) => t.name).join(', ') || undefined,
      isAccessibleForFree: article.visibility === 'public',
      inLanguage: 'tr-TR',
    },
    {
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Ana Sayfa', item: site },
        { '@type': 'ListItem', position: 2, name: 'Makaleler', item: new URL('/makaleler', site).href },
        { '@type': 'ListItem', position: 3, name: article.title, item: url },
      ],
    },
  ];
}
