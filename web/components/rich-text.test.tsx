import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { richText } from './rich-text';

const html = (source: string) => render(<div>{richText(source)}</div>).container.firstElementChild!.innerHTML;

describe('a description rebuilt from the allowlist', () => {
  it('keeps what the server keeps: paragraphs, emphasis, headings, lists, quotes, links and images', () => {
    const kept =
      '<h2>Launch</h2><p>Week <strong>one</strong>, <em>two</em>, <u>three</u>, <s>four</s><br>five</p><ul><li>a</li></ul><ol><li>b</li></ol><blockquote>q</blockquote>';
    expect(html(kept)).toBe(kept);
    expect(html('<p><a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow">x</a></p>')).toBe(
      '<p><a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow">x</a></p>',
    );
    expect(html('<p><img src="https://example.com/i.png" alt="Chart" width="9"></p>')).toBe('<p><img alt="Chart" src="https://example.com/i.png"></p>');
    // Another editor's names for the same marks.
    expect(html('<b>b</b><i>i</i><del>d</del>')).toBe('<strong>b</strong><em>i</em><s>d</s>');
  });

  it('drops scripts, handlers, styles, frames, forms and URLs that are not http(s) or mailto', () => {
    const out = html(
      '<p onclick="alert(1)" style="color:red" class="x">Launch week <strong>went well</strong>.</p><img src=x onerror="alert(1)"><script>alert(2)</script>' +
        '<a href="javascript:alert(3)">x</a><a href=" JaVaScRiPt:alert(4)">y</a><iframe src="https://evil.example"></iframe><style>p{}</style>' +
        '<form action="https://evil.example"><input value="v"><button>b</button></form><svg><a href="javascript:alert(5)">s</a></svg>' +
        '<img src="data:image/png;base64,AAAA"><a href="mailto:press@example.com">mail</a>',
    );
    expect(out).toBe(
      '<p>Launch week <strong>went well</strong>.</p><a rel="noopener noreferrer">x</a><a rel="noopener noreferrer">y</a><a href="mailto:press@example.com" rel="noopener noreferrer">mail</a>',
    );
  });

  it('never parses its output again: markup inside raw-text elements stays text or goes', () => {
    // Mutation XSS: what a sanitizer returns as a string can parse differently the second time.
    expect(html('<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>')).toBe('');
    expect(html('<p>&lt;img src=x onerror=alert(1)&gt;</p>')).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(html('<div><p>kept</p></div><span>text</span>')).toBe('<p>kept</p>text');
  });

  it('is nothing when it shows nothing: empty, blank paragraphs, or only what it drops', () => {
    for (const source of [null, undefined, '', '  ', '<p></p>', '<p> <br></p>', '<script>x</script>', '<img src="javascript:x">'])
      expect(richText(source)).toBeNull();
    expect(richText('<p><img src="https://example.com/i.png"></p>')).not.toBeNull();
  });
});
