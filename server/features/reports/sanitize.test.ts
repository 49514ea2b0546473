import { describe, expect, it } from 'vitest';
import { parseHTML } from 'linkedom';
import { sanitizeDescription } from './sanitize.js';

/**
 * The common XSS vectors (OWASP filter-evasion cheat sheet style). After sanitizing, the
 * markup must hold no script element, no event handler, no style, no frame or plugin element
 * and no URL that is not http(s)/mailto, whatever the encoding trick.
 */
const VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=http://xss.example/xss.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=javascript:alert(&quot;XSS&quot;)>',
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<img src="jav&#x09;ascript:alert(1)">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg/onload=alert(1)//',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">click</a>',
  '<a href="jav&#x0A;ascript:alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="&#106;avascript:alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="//evil.example/">protocol-relative</a>',
  '<a href="https://ok.example/" onclick="alert(1)" onmouseover="alert(2)">hover</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<div style="background-image: url(javascript:alert(1))">styled</div>',
  '<p style="width: expression(alert(1))">expression</p>',
  '<style>@import "http://evil.example/x.css"; body{background:url(javascript:alert(1))}</style>',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<body onload=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<math href="javascript:alert(1)">CLICK</math>',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(2)">go</button><input type="submit"></form>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<base href="javascript:alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '"><script>alert(1)</script>',
  '<p>ok</p><!--<img src=x onerror=alert(1)>-->',
  '<a href="https://ok.example/" target="_top">target</a>',
];

function assertHarmless(html: string) {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  expect(
    document.querySelectorAll(
      'script, style, iframe, object, embed, svg, math, form, input, button, link, meta, base, video, source, template, details, noscript',
    ).length,
  ).toBe(0);
  for (const el of document.querySelectorAll('*')) {
    for (const attr of el.attributes) {
      expect(attr.name.toLowerCase().startsWith('on'), `${attr.name} on <${el.tagName}>`).toBe(false);
      expect(['style', 'srcdoc', 'formaction', 'action', 'data'].includes(attr.name.toLowerCase())).toBe(false);
      if (attr.name === 'href') expect(attr.value).toMatch(/^(https?:|mailto:)/i);
      if (attr.name === 'src') expect(attr.value).toMatch(/^https?:/i);
      if (attr.name === 'target') expect(attr.value).toBe('_blank');
    }
  }
  expect(html).not.toMatch(/javascript:|vbscript:|data:|expression\(/i);
}

describe('sanitizeDescription', () => {
  for (const vector of VECTORS) {
    it(`neutralises ${vector.slice(0, 70)}`, () => {
      assertHarmless(sanitizeDescription(vector));
      // Wrapped inside legitimate formatting too.
      assertHarmless(sanitizeDescription(`<p><strong>Before</strong>${vector}<em>after</em></p>`));
    });
  }

  it('keeps the editor’s formatting', () => {
    const html =
      '<h1>Title</h1><h2>Sub</h2><h3>Three</h3><h4>Four</h4><p>A <strong>bold</strong>, <em>italic</em>, <u>underlined</u> and <s>struck</s> word.<br>Next line</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote><p>quoted</p></blockquote>' +
      '<p><a href="https://example.com/a?b=1&amp;c=2" target="_blank">link</a> <a href="mailto:pr@example.com">mail</a></p>' +
      '<p><img src="https://cdn.example.com/x.png" alt="chart"></p>';
    const out = sanitizeDescription(html);
    expect(out).toContain('<h1>Title</h1><h2>Sub</h2><h3>Three</h3><h4>Four</h4>');
    expect(out).toContain('<strong>bold</strong>, <em>italic</em>, <u>underlined</u> and <s>struck</s> word.<br />Next line');
    expect(out).toContain('<ul><li>one</li></ul><ol><li>two</li></ol><blockquote><p>quoted</p></blockquote>');
    expect(out).toContain('<a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow">link</a>');
    expect(out).toContain('<a href="mailto:pr@example.com" rel="noopener noreferrer nofollow">mail</a>');
    expect(out).toContain('<img src="https://cdn.example.com/x.png" alt="chart" />');
  });

  it('forces rel on links, replacing what the author wrote', () => {
    expect(sanitizeDescription('<a href="https://x.example/" rel="opener">x</a>')).toBe(
      '<a href="https://x.example/" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it('keeps the text of removed wrappers but not of scripts and styles', () => {
    expect(sanitizeDescription('<div><span class="big">Kept text</span></div><script>lost()</script><style>.x{}</style>')).toBe('Kept text');
  });

  it('maps b, i and strike to the editor’s tags', () => {
    expect(sanitizeDescription('<b>b</b><i>i</i><strike>s</strike>')).toBe('<strong>b</strong><em>i</em><s>s</s>');
  });

  it('escapes text that looks like markup', () => {
    expect(sanitizeDescription('<p>1 &lt; 2 &amp;&amp; &lt;script&gt;</p>')).toBe('<p>1 &lt; 2 &amp;&amp; &lt;script&gt;</p>');
  });
});
