import { describe, expect, it } from 'vitest';
import { EXTERNAL_LINK_REL, htmlToText, readTimeMinutes, sanitizeArticleHtml } from '../../functions/src/domain/articles/sanitize.js';

/** Payloads from the usual XSS cheat sheets, plus encoding and nesting tricks. */
const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>script>alert(1)<</script>/script>',
  '<p onclick="alert(1)">tıkla</p>',
  '<img src="https://ok.example/a.png" onerror="alert(1)">',
  '<img src=x onerror=alert(1)//',
  '<img src="javascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="javascript:alert(1)">a</a>',
  '<a href="JaVaScRiPt:alert(1)">a</a>',
  '<a href=" javascript:alert(1)">a</a>',
  '<a href="java\tscript:alert(1)">a</a>',
  '<a href="java\nscript:alert(1)">a</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">a</a>',
  '<a href="&#x6A;avascript&#x3A;alert(1)">a</a>',
  '<a href="javascript&colon;alert(1)">a</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">a</a>',
  '<a href="vbscript:msgbox(1)">a</a>',
  '<a href="//evil.example">a</a>',
  '<svg onload=alert(1)><script>alert(2)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<style>@import "https://evil.example/x.css";</style>',
  '<p style="background:url(javascript:alert(1))">stil</p>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object><embed src="x.swf">',
  '<form action="https://evil.example"><input name=x autofocus onfocus=alert(1)></form>',
  '<details open ontoggle=alert(1)>',
  '<body onload=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel=stylesheet href="https://evil.example/x.css">',
  '<p>kapanmamış <strong>kalın <em>eğik',
  '<a href="https://ok.example" onmouseover="alert(1)">link',
  '<table><tr><td background="javascript:alert(1)">hücre</td></tr></table>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '<p>&amp;lt;script&amp;gt;</p>',
  '<img src="https://ok.example/a.png" alt="x" title="&quot; onerror=&quot;alert(1)">',
  '<a href="https://ok.example" target="_blank" rel="opener">hedef</a>',
  '<template><script>alert(1)</script></template>',
  '<textarea><script>alert(1)</script></textarea>',
  '<div><p>iç içe <span onclick=x>span</span></p></div>',
  '\u0000<script>alert(1)</script>',
];

function decode(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&colon;/gi, ':')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** Checks the markup itself: tags, attribute names (outside quoted values) and every URL. */
function assertInert(html: string) {
  const lower = html.toLowerCase();
  expect(lower).not.toMatch(/<(script|iframe|svg|math|style|object|embed|form|input|meta|base|link|details|body|template|noscript|textarea)\b/);
  const markupOnly = lower.replace(/"[^"]*"/g, '""');
  expect(markupOnly).not.toMatch(/\son[a-z]+\s*=/);
  expect(markupOnly).not.toMatch(/\s(style|srcdoc|background|target|xlink:href|action|formaction)\s*=/);
  for (const [, , raw] of html.matchAll(/\s(href|src)\s*=\s*"([^"]*)"/gi)) {
    const url = [...decode(raw!)].filter((ch) => ch.charCodeAt(0) > 0x20).join('').toLowerCase();
    expect(url, raw).toMatch(/^(https?:\/\/|mailto:|\/(?!\/))/);
  }
}

describe('sanitizeArticleHtml', () => {
  it.each(XSS_CORPUS)('leaves nothing executable: %s', (payload) => {
    const clean = sanitizeArticleHtml(payload);
    assertInert(clean);
    expect(sanitizeArticleHtml(clean)).toBe(clean);
  });

  it('is idempotent on the whole corpus joined together', () => {
    const once = sanitizeArticleHtml(XSS_CORPUS.join('\n'));
    assertInert(once);
    expect(sanitizeArticleHtml(once)).toBe(once);
  });

  it('keeps the formatting staff use', () => {
    const html = [
      '<h2>Başlık</h2><h3>Alt</h3><h4>Küçük</h4>',
      '<p><strong>kalın</strong> <em>eğik</em> <u>altı çizili</u> <s>üstü çizili</s><br></p>',
      '<blockquote>alıntı</blockquote><ul><li>bir</li></ul><ol start="3"><li>üç</li></ol><hr>',
      '<pre><code>kod</code></pre>',
      '<figure><img src="https://cdn.example/a.png" alt="at" width="600" height="400"><figcaption>Açıklama</figcaption></figure>',
      '<table><thead><tr><th scope="col">At</th></tr></thead><tbody><tr><td colspan="2">Karayel</td></tr></tbody></table>',
    ].join('');
    const clean = sanitizeArticleHtml(html);
    for (const fragment of [
      '<h2>Başlık</h2>',
      '<h4>Küçük</h4>',
      '<strong>kalın</strong>',
      '<em>eğik</em>',
      '<u>altı çizili</u>',
      '<s>üstü çizili</s>',
      '<blockquote>alıntı</blockquote>',
      '<ol start="3">',
      '<pre><code>kod</code></pre>',
      '<img src="https://cdn.example/a.png" alt="at" width="600" height="400" />',
      '<figcaption>Açıklama</figcaption>',
      '<th scope="col">At</th>',
      '<td colspan="2">Karayel</td>',
    ]) {
      expect(clean).toContain(fragment);
    }
  });

  it('marks external links noopener noreferrer nofollow, and leaves internal and mail links alone', () => {
    const clean = sanitizeArticleHtml('<a href="https://tjk.org" rel="opener" target="_blank">TJK</a> <a href="/makale/x">iç</a> <a href="mailto:info@ganyan.example">posta</a>');
    expect(clean).toContain(`<a href="https://tjk.org" rel="${EXTERNAL_LINK_REL}">TJK</a>`);
    expect(clean).toContain('<a href="/makale/x">iç</a>');
    expect(clean).toContain('<a href="mailto:info@ganyan.example">posta</a>');
  });

  it('drops images whose source is not http(s) or our own site', () => {
    expect(sanitizeArticleHtml('<img src="ftp://x/a.png"><img src="/files/a.png" alt="yerel">')).toBe('<img src="/files/a.png" alt="yerel" />');
  });

  it('turns b and i into strong and em', () => {
    expect(sanitizeArticleHtml('<b>k</b><i>e</i>')).toBe('<strong>k</strong><em>e</em>');
  });
});

describe('htmlToText and readTimeMinutes', () => {
  it('extracts the visible text with entities decoded and no script text', () => {
    expect(htmlToText('<p>Ganyan &amp; plase</p><script>gizli()</script><p>ikinci</p>')).toBe('Ganyan & plase ikinci');
  });

  it('counts about 200 words a minute, at least one', () => {
    expect(readTimeMinutes('<p>kısa</p>')).toBe(1);
    expect(readTimeMinutes(`<p>${'kelime '.repeat(1000)}</p>`)).toBe(5);
  });
});
