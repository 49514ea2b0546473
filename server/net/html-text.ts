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
  const withoutTags = html
    .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/<\/?(?:p|div|br|li|ul|ol|h[1-6]|tr|td|th|table|blockquote|section|article|figure|figcaption|pre)\b[^>]*>/gi, ' ')
    .replace(/<\/?[a-z][^>]*>/gi, '');
  return collapse(decodeEntities(withoutTags));
}

const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', hellip: '…', mdash: '—', ndash: '–',
  lsquo: '‘', rsquo: '’', sbquo: '‚', ldquo: '“', rdquo: '”', bdquo: '„', laquo: '«', raquo: '»',
  lsaquo: '‹', rsaquo: '›', bull: '•', middot: '·', trade: '™', euro: '€', dagger: '†', Dagger: '‡',
  permil: '‰', prime: '′', Prime: '″', thinsp: ' ', ensp: ' ', emsp: ' ', zwnj: '', zwj: '', shy: '',
  OElig: 'Œ', oelig: 'œ', Scaron: 'Š', scaron: 'š', Yuml: 'Ÿ', fnof: 'ƒ', circ: 'ˆ', tilde: '˜',
};
// Latin-1 names, code points 160–255 in order.
const LATIN1 = 'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml';
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
