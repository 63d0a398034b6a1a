import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';

// Required on first use, not imported: the articles barrel brings this file into every job that
// reads an article, and only writes sanitize (about 70 modules of HTML parser; docs/capacity.md,
// "Cold start"). sanitize-html is CommonJS, so a synchronous require keeps these functions synchronous.
const require = createRequire(import.meta.url);
let library: typeof SanitizeHtml | undefined;
function sanitizeHtml(html: string, options: SanitizeHtml.IOptions): string {
  library ??= require('sanitize-html') as typeof SanitizeHtml;
  return library(html, options);
}

/**
 * The one gate article HTML passes before it is stored or shown. An allow-list, never a
 * deny-list: whatever is not named here (script, style, iframe, svg, math, form, event
 * attributes, style attributes, javascript:/data:/vbscript: URLs) is dropped.
 *
 * Idempotent by construction (every transform only produces what it also accepts), so
 * sanitizing on write and again on read never drifts: sanitizeArticleHtml(sanitizeArticleHtml(x)) === sanitizeArticleHtml(x).
 */

export const ALLOWED_TAGS = [
  'p', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'blockquote', 'ul', 'ol', 'li', 'a', 'br', 'hr',
  'code', 'pre', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
] as const;

/** Links from staff to other sites: never pass referrer or opener, and give them no SEO weight. */
export const EXTERNAL_LINK_REL = 'noopener noreferrer nofollow';

const ROOT_RELATIVE = /^\/(?!\/)/;

function isSafeImageSrc(src: string): boolean {
  // Uploaded images are served from our own origin (root-relative) or an http(s) bucket URL.
  return /^https?:\/\//i.test(src) || ROOT_RELATIVE.test(src);
}

const OPTIONS: SanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Dropped together with their text: their content is code or markup, never prose.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'svg', 'math', 'iframe', 'object', 'embed', 'template', 'title', 'head'],
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: false,
  transformTags: {
    b: 'strong',
    i: 'em',
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').trim();
      const next: Record<string, string> = {};
      if (href) next.href = href;
      if (attribs.title) next.title = attribs.title;
      if (/^https?:\/\//i.test(href)) next.rel = EXTERNAL_LINK_REL;
      return { tagName, attribs: next };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isSafeImageSrc(frame.attribs.src ?? ''),
  parser: { decodeEntities: true },
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Visible text of article HTML (for excerpts, read time and search), entities decoded. */
export function htmlToText(html: string): string {
  // Block boundaries become spaces, so '<p>a</p><p>b</p>' reads 'a b', not 'ab'.
  const spaced = html.replace(/<(\/?)(p|h[1-6]|li|br|hr|blockquote|div|tr|td|th|figcaption|pre)\b/gi, ' <$1$2');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags });
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}

/** Minutes to read at ~200 words a minute, at least one. */
export function readTimeMinutes(html: string): number {
  const words = htmlToText(html).split(' ').filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}
