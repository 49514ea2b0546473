import { describe, expect, it } from 'vitest';
import { alertFormPath, analysisHref, webHref } from './links';

describe('webHref', () => {
  it('follows http(s) links only', () => {
    expect(webHref('https://news.example/a?b=1')).toBe('https://news.example/a?b=1');
    expect(webHref('http://news.example/')).toBe('http://news.example/');
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:x',
      'file:///etc/passwd',
      '/relative',
      '',
      null,
      undefined,
    ])
      expect(webHref(bad)).toBeUndefined();
  });
});

describe('analysisHref', () => {
  const article = { url: 'https://news.example/a?b=1&c=ü', id: '42' };

  it('adds the item url (encoded) and id to the configured address', () => {
    const href = analysisHref('https://analysis.example/analyse', article)!;
    expect(href).toBe('https://analysis.example/analyse?url=https%3A%2F%2Fnews.example%2Fa%3Fb%3D1%26c%3D%C3%BC&id=42');
    const parsed = new URL(href);
    expect(parsed.searchParams.get('url')).toBe(article.url);
    expect(parsed.searchParams.get('id')).toBe('42');
  });

  it('keeps the parameters the address already has, and replaces a stale url or id', () => {
    const parsed = new URL(analysisHref('https://analysis.example/run?team=7&id=old', article)!);
    expect(parsed.searchParams.get('team')).toBe('7');
    expect(parsed.searchParams.getAll('id')).toEqual(['42']);
  });

  it('gives nothing without an http(s) address', () => {
    for (const base of [null, undefined, '', 'javascript:alert(1)', 'not a url']) expect(analysisHref(base, article)).toBeUndefined();
  });
});

describe('alertFormPath', () => {
  it('opens the articles feed of the project with the alert form', () => {
    expect(alertFormPath('12')).toBe('/articles-feed/12?alert=edit');
  });
});
