/**
 * Where the in-article house ad goes (issue 15: "inside article pages after the first
 * paragraphs"): after the second top-level paragraph of the sanitized body, or after the first when
 * there are only two, so the ad never ends the text or splits a list, quote or table.
 */
const CONTAINERS = /^(blockquote|ul|ol|table|figure|div|section|details)$/i;

export function splitForAd(html: string, after = 2): [string, string] {
  const tag = /<(\/?)([a-z][a-z0-9]*)\b[^>]*>/gi;
  const ends: number[] = [];
  let depth = 0;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    const closing = m[1] === '/';
    const name = m[2]!;
    if (CONTAINERS.test(name)) depth += closing ? -1 : 1;
    else if (closing && name.toLowerCase() === 'p' && depth === 0) ends.push(m.index + m[0].length);
  }
  if (ends.length < 2) return [html, ''];
  const at = ends[Math.min(after, ends.length - 1) - 1]!;
  return [html.slice(0, at), html.slice(at)];
}
