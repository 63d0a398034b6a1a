/**
 * What a page tells the head tags (Seo.astro), and through PublicLayout every public page.
 * Never pass a protected article's body here: meta tags are public even when the body is not.
 */
export interface SeoProps {
  title: string;
  description: string;
  /** Path of the canonical URL ('/makale/x'); defaults to the current path. */
  path?: string;
  image?: string | null;
  type?: 'website' | 'article' | 'profile';
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
  noindex?: boolean;
  /** A title written for search engines, used as is (no ' | Ganyan' appended). */
  metaTitle?: string;
  /** An absolute canonical URL chosen by staff; overrides `path`. */
  canonicalUrl?: string;
  keywords?: string[];
}
