import { searchTokens } from '../text/index.js';
import { articleRecordSchema, type ArticleRecord } from './article.js';
import { readTimeMinutes, sanitizeArticleHtml } from './sanitize.js';

// Kept apart from article.ts: that file is imported by browser islands, this one pulls in the
// HTML parser and must stay server-side.

/**
 * Fields derived from what staff typed, computed in one place for every write path (seed,
 * staff create/update): sanitized body, read time and the folded search tokens
 * (title, subtitle, excerpt and tag names; never the body, so a protected body cannot be
 * probed through search).
 */
export function deriveArticleFields(input: {
  title: string;
  subtitle?: string | null;
  excerpt: string;
  content: string;
  tags: { name: string }[];
}): { content: string; readTime: number; searchTokens: string[] } {
  const content = sanitizeArticleHtml(input.content);
  return {
    content,
    readTime: readTimeMinutes(content),
    searchTokens: searchTokens(input.title, input.subtitle ?? '', input.excerpt, ...input.tags.map((t) => t.name)),
  };
}


/** What a writer supplies for a new article; everything else has a sensible default. */
export type NewArticleInput = Partial<Omit<ArticleRecord, 'id' | 'content' | 'readTime' | 'searchTokens'>> &
  Pick<ArticleRecord, 'title' | 'slug' | 'authorId' | 'category' | 'excerpt' | 'content'>;

/**
 * A complete, valid `articles` document (without its id) built from writer input: the shared
 * write path of the seed, the staff create endpoint and tests, so derived fields and defaults
 * cannot drift apart. Parsed with the entity schema before it is returned.
 */
export function buildArticleDocument(input: NewArticleInput, now: Date): Omit<ArticleRecord, 'id'> {
  const derived = deriveArticleFields({
    title: input.title,
    subtitle: input.subtitle,
    excerpt: input.excerpt,
    content: input.content,
    tags: input.tags ?? [],
  });
  const status = input.status ?? 'draft';
  const { id: _id, ...doc } = articleRecordSchema.parse({
    ...input,
    ...derived,
    id: 'new',
    status,
    publishedAt: input.publishedAt ?? (status === 'published' ? now : null),
    createdAt: input.createdAt ?? now,
    updatedAt: input.updatedAt ?? now,
    isDeleted: input.isDeleted ?? false,
  });
  return doc;
}
