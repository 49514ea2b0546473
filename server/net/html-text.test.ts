import { describe, it, expect } from 'vitest';
import { htmlToText } from './html-text.js';

describe('htmlToText', () => {
  it('removes scripts, styles, noscript and template with their content, and comments; unwraps CDATA', () => {
    expect(
      htmlToText(
        'a<script type="x">alert("<b>")</script>b<STYLE>p{}</style >c<noscript>n</noscript>d<template><p>t</p></template>e<!-- <p>c</p> -->f<![CDATA[<i>g</i>]]>',
      ),
    ).toBe('a b c d e fg');
  });

  it('drops the rest of the text after a script or comment that is never closed, as a browser does', () => {
    expect(htmlToText('Title <script>alert(1)')).toBe('Title');
    expect(htmlToText('Title <!-- hidden <b>x</b>')).toBe('Title');
    expect(htmlToText('Title <![CDATA[kept')).toBe('Title kept');
  });

  it('decodes entities once and strips tags with event handlers', () => {
    expect(htmlToText('Caf&eacute; &amp;amp; <i onclick="alert(1)">x</i>')).toBe('Café &amp; x');
  });

  it('stays linear on many unclosed scripts, comments and tags', () => {
    // Each of these took seconds with lazy regexes (every opening scanned to the end of the text).
    for (const input of ['<script>'.repeat(40_000), '<!--'.repeat(60_000), '<a'.repeat(100_000), '<p'.repeat(100_000)]) {
      const started = performance.now();
      htmlToText(input);
      expect(performance.now() - started).toBeLessThan(1000); // a budget against blow-up, not a speed assertion
    }
  });
});
