/**
 * Text out of fetched HTML fragments (feed descriptions, titles with markup): enough for
 * indexing and display, without a DOM. Full pages go through linkedom + Readability instead.
 */

/** Runs of whitespace as one space, trimmed. */
export const collapseWhitespace = (s: string) => s.replace(/\s+/g, ' ').trim();
const collapse = collapseWhitespace;

/** HTML → plain text: scripts, styles and tags removed, entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  if (!html) return '';
  const withoutTags = stripRawText(html)
    .replace(/<\/?(?:p|div|br|li|ul|ol|h[1-6]|tr|td|th|table|blockquote|section|article|figure|figcaption|pre)\b[^<>]*>/gi, ' ')
    .replace(/<\/?[a-z][^<>]*>/gi, '');
  return collapse(decodeEntities(withoutTags));
}

const RAW_START = /<(script|style|noscript|template)\b|<!--|<!\[CDATA\[/gi;

/**
 * Removes script, style, noscript and template elements with their content and comments, and
 * unwraps CDATA sections, in one pass (a lazy regex per element went quadratic on many unclosed
 * `<script`). An element or comment that is never closed takes the rest of the text with it, as
 * in a browser.
 */
function stripRawText(html: string): string {
  const found = new Map<string, number>(); // closer → where it was last found (-1: nowhere further)
  const closeAt = (closer: string, from: number, find: () => number) => {
    const last = found.get(closer);
    if (last !== undefined && (last === -1 || last >= from)) return last;
    const at = find();
    found.set(closer, at);
    return at;
  };
  let out = '';
  let from = 0;
  const re = new RegExp(RAW_START.source, 'gi');
  for (let m = re.exec(html); m; m = re.exec(html)) {
    out += html.slice(from, m.index);
    const start = m.index + m[0].length;
    let end: number;
    if (m[1]) {
      const name = m[1].toLowerCase();
      end = closeAt(name, start, () => {
        const close = new RegExp(`</${name}\\s*>`, 'gi');
        close.lastIndex = start;
        const c = close.exec(html);
        return c ? c.index + c[0].length : -1;
      });
      out += ' ';
    } else if (m[0] === '<!--') {
      end = closeAt('-->', start, () => after(html, '-->', start));
      out += ' ';
    } else {
      const close = closeAt(']]>', start, () => html.indexOf(']]>', start));
      out += html.slice(start, close < 0 ? html.length : close);
      end = close < 0 ? -1 : close + 3;
    }
    if (end < 0) return out;
    from = end;
    re.lastIndex = end;
  }
  return out + html.slice(from);
}

const after = (s: string, token: string, from: number) => {
  const at = s.indexOf(token, from);
  return at < 0 ? -1 : at + token.length;
};

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  laquo: '«',
  raquo: '»',
  lsaquo: '‹',
  rsaquo: '›',
  bull: '•',
  middot: '·',
  trade: '™',
  euro: '€',
  dagger: '†',
  Dagger: '‡',
  permil: '‰',
  prime: '′',
  Prime: '″',
  thinsp: ' ',
  ensp: ' ',
  emsp: ' ',
  zwnj: '',
  zwj: '',
  shy: '',
  OElig: 'Œ',
  oelig: 'œ',
  Scaron: 'Š',
  scaron: 'š',
  Yuml: 'Ÿ',
  fnof: 'ƒ',
  circ: 'ˆ',
  tilde: '˜',
};
// Latin-1 names, code points 160–255 in order.
const LATIN1 =
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml';
LATIN1.split(' ').forEach((name, i) => {
  NAMED[name] ??= String.fromCodePoint(160 + i);
});

export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z][a-z0-9]{1,31});/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const cp = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff) ? String.fromCodePoint(cp) : '';
    }
    return NAMED[ref] ?? whole;
  });
}
