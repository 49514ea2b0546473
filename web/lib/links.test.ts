import { describe, expect, it } from 'vitest';
import { webHref } from './links';

describe('webHref', () => {
  it('follows http(s) links only', () => {
    expect(webHref('https://news.example/a?b=1')).toBe('https://news.example/a?b=1');
    expect(webHref('http://news.example/')).toBe('http://news.example/');
    for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', 'file:///etc/passwd', '/relative', '', null, undefined])
      expect(webHref(bad)).toBeUndefined();
  });
});
