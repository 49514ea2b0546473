/**
 * Linear scanners over feed text, for what regular expressions did with backtracking (the DOCTYPE
 * and the comments before `<html>` took exponential time on inputs under 200 bytes) and for the
 * lenient second pass over a broken feed. Each walks the text once, jumping with `indexOf`.
 */

/**
 * Removes every DOCTYPE with its internal subset: entity declarations there are how "billion
 * laughs" and external-entity attacks work, and feeds have no legitimate use for them. Quoted
 * strings and comments inside the subset may hold `]` and `>`. A DOCTYPE that never ends takes the
 * rest of the text with it (nothing after an unterminated DOCTYPE can be read safely).
 */
export function stripDoctype(text: string): string {
  // A `<!DOCTYPE` inside a CDATA section or a comment is text (an article about HTML, a commented
  // out header), not a declaration: those are stepped over whole and kept as they are.
  const open = /<!DOCTYPE|<!\[CDATA\[|<!--/gi;
  let out = '';
  let from = 0;
  for (let m = open.exec(text); m; m = open.exec(text)) {
    if (m[0] !== '<!--' && m[0][2] === '[') {
      const close = text.indexOf(']]>', m.index + m[0].length);
      if (close < 0) break;
      open.lastIndex = close + 3;
      continue;
    }
    if (m[0] === '<!--') {
      const close = text.indexOf('-->', m.index + 4);
      if (close < 0) break;
      open.lastIndex = close + 3;
      continue;
    }
    out += text.slice(from, m.index);
    const end = doctypeEnd(text, m.index + m[0].length);
    if (end < 0) return out;
    from = end;
    open.lastIndex = end;
  }
  return out + text.slice(from);
}

/** Index just after the `>` closing a DOCTYPE whose body starts at `i`, or -1. */
function doctypeEnd(text: string, i: number): number {
  let inSubset = false;
  while (i < text.length) {
    const c = text[i];
    if (!inSubset) {
      if (c === '>') return i + 1;
      if (c === '[') inSubset = true;
      i++;
    } else if (c === ']') {
      inSubset = false;
      i++;
    } else if (c === '"' || c === "'") {
      const close = text.indexOf(c, i + 1);
      if (close < 0) return -1;
      i = close + 1;
    } else if (text.startsWith('<!--', i)) {
      const close = text.indexOf('-->', i + 4);
      if (close < 0) return -1;
      i = close + 3;
    } else i++;
  }
  return -1;
}

/** True when the text is (an optional XML declaration, comments and whitespace, then) `<html`. */
export function startsWithHtmlElement(text: string): boolean {
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  if (text.startsWith('<?xml', i)) {
    const close = text.indexOf('>', i);
    if (close < 0) return false;
    i = close + 1;
  }
  skipSpace();
  while (text.startsWith('<!--', i)) {
    const close = text.indexOf('-->', i + 4);
    if (close < 0) return false;
    i = close + 3;
    skipSpace();
  }
  return /^<html[\s>]/i.test(text.slice(i, i + 6));
}

/**
 * The lenient second pass for a feed that is not well-formed (truncated in transfer, cut by a
 * size limit, an unclosed tag in one item): the document's head (everything before the first
 * item), each complete `<item>…</item>` / `<entry>…</entry>`, and the head's open elements closed
 * again. What follows the last complete item is dropped. Null when no complete item is found.
 */
export function salvageItems(text: string): { head: string; items: string[]; tail: string } | null {
  const start = /<((?:[\w.-]+:)?)(item|entry)[\s>]/g;
  const first = start.exec(text);
  if (!first) return null;
  const head = text.slice(0, first.index);
  const items: string[] = [];
  const closes = new Map<string, number>(); // close tag → where it was last found, so no stretch is searched twice
  let m: RegExpExecArray | null = first;
  while (m) {
    const from = m.index + m[0].length;
    const closeTag = `</${m[1]}${m[2]}>`;
    let close = closes.get(closeTag) ?? -2;
    if (close !== -1 && close < from) closes.set(closeTag, (close = text.indexOf(closeTag, from)));
    if (close < 0) break;
    start.lastIndex = from;
    const next = start.exec(text);
    if (next && next.index < close) {
      m = next; // this one never closed: the next item starts inside it
      continue;
    }
    items.push(text.slice(m.index, close + closeTag.length));
    m = next;
  }
  if (!items.length) return null;
  return {
    head,
    items,
    tail: openElements(head)
      .reverse()
      .map((name) => `</${name}>`)
      .join(''),
  };
}

/** Names of the elements still open at the end of `xml` (a tag scanner, not a parser). */
export function openElements(xml: string): string[] {
  const stack: string[] = [];
  let i = xml.indexOf('<');
  while (i >= 0 && i < xml.length) {
    let next: number;
    if (xml.startsWith('<!--', i)) next = after(xml, '-->', i + 4);
    else if (xml.startsWith('<![CDATA[', i)) next = after(xml, ']]>', i + 9);
    else if (xml.startsWith('<?', i)) next = after(xml, '?>', i + 2);
    else if (xml.startsWith('<!', i)) next = after(xml, '>', i + 2);
    else {
      const end = tagEnd(xml, i + 1);
      if (end < 0) break;
      const tag = xml.slice(i + 1, end - 1);
      const name = /^\/?([^\s/>]+)/.exec(tag)?.[1];
      if (name && tag.startsWith('/')) {
        // Looks a few levels down only (a stray end tag is ignored), so the scan stays linear.
        for (let at = stack.length - 1; at >= Math.max(0, stack.length - 16); at--) {
          if (stack[at] === name) {
            stack.length = at;
            break;
          }
        }
      } else if (name && !tag.endsWith('/')) stack.push(name);
      next = end;
    }
    if (next < 0) break;
    i = xml.indexOf('<', next);
  }
  return stack;
}

const after = (s: string, token: string, from: number) => {
  const at = s.indexOf(token, from);
  return at < 0 ? -1 : at + token.length;
};

/** Index after the `>` ending a tag whose name starts at `i`, skipping quoted attribute values. */
function tagEnd(xml: string, i: number): number {
  while (i < xml.length) {
    const c = xml[i];
    if (c === '>') return i + 1;
    if (c === '"' || c === "'") {
      const close = xml.indexOf(c, i + 1);
      if (close < 0) return -1;
      i = close + 1;
    } else i++;
  }
  return -1;
}

// ---------------------------------------------------------------- rewriting before the parser

/**
 * Elements the parsing library reads as people ("email (Name)", "Name <email>"): it pairs their
 * brackets with a nested loop and tries URL and e-mail patterns that backtrack over dots, so one
 * `<author>` of 60,000 `(` took 3.5 s. A person's name is never long: each of these holds at
 * most PERSON_TEXT_MAX characters of text when the library sees it (boundPersonFields).
 */
const PERSON_FIELDS = ['author', 'managingEditor', 'webMaster', 'creator', 'name'];
/** What is kept of an author's name (parse-feed.ts cleanAuthor), and room for "email (Name)" around most. */
export const PERSON_TEXT_MAX = 200;

/** Atom 0.3's text constructs, the elements that may say `mode="base64"`. */
const ATOM03_TEXT_FIELDS = ['content', 'summary', 'title', 'tagline', 'info', 'copyright'];

/**
 * Cuts the text of every person field (author, managingEditor, webMaster, dc:creator, a
 * person's name) to `max` characters, markup kept, so that the library's person parsing sees a
 * bounded string. One pass over the document.
 */
export function boundPersonFields(xml: string, max = PERSON_TEXT_MAX): string {
  return rewriteElements(xml, PERSON_FIELDS, (tag, content) => {
    const bounded = boundText(content, max);
    return bounded === null ? null : { tag, content: bounded };
  });
}

/**
 * Decodes Atom 0.3's base64 text constructs (`<content type="text/html" mode="base64">`) into
 * the escaped text the same element would hold without the mode: the library drops the `mode`
 * attribute, so without this the item's text would be the base64 itself. Content that is not
 * text once decoded (a picture) is dropped.
 */
export function decodeBase64Elements(xml: string): string {
  if (!/\bmode\s*=\s*["']base64["']/i.test(xml)) return xml;
  return rewriteElements(xml, ATOM03_TEXT_FIELDS, (tag, content) => {
    const mode = /\smode\s*=\s*(["'])base64\1/i.exec(tag);
    if (!mode) return null;
    const data = cdataText(content);
    if (data === null) return null;
    const text = decodeBase64Text(data) ?? '';
    return { tag: tag.slice(0, mode.index) + tag.slice(mode.index + mode[0].length), content: escapeText(text) };
  });
}

/**
 * The UTF-8 text a base64 value holds (whitespace in it ignored), or null when the value is not
 * base64 or does not hold text (binary data, control characters).
 */
export function decodeBase64Text(value: string): string | null {
  const data = value.replace(/\s+/g, '');
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data) || (data.length - padding) % 4 === 1) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(data, 'base64'));
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text) ? null : text;
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type ElementRewrite = (startTag: string, content: string) => { tag: string; content: string } | null;

/**
 * Rewrites the elements named `names` (any namespace prefix, any case): `rewrite` gets each
 * one's start tag and content and returns their replacements, or null to leave it. An element's
 * content runs to the next end tag of any of `names`; when that end tag is not its own (an
 * element holding another of the names, or never closed) the element is left and the scan goes
 * on inside it, so the innermost ones are rewritten. Comments and CDATA sections between
 * elements are stepped over whole. Linear: start and end tags are each searched for once, in
 * document order.
 */
function rewriteElements(xml: string, names: string[], rewrite: ElementRewrite): string {
  const alternatives = `(?:[\\w.-]+:)?(?:${names.join('|')})`;
  const open = new RegExp(`<!--|<!\\[CDATA\\[|<(${alternatives})(?=[\\s/>])`, 'gi');
  const close = new RegExp(`</(${alternatives})\\s*>`, 'gi');
  let end: RegExpExecArray | null = null; // the next end tag at or after the current element, once searched for
  let out = '';
  let from = 0;
  for (let m = open.exec(xml); m; m = open.exec(xml)) {
    if (!m[1]) {
      const skip = xml.indexOf(m[0] === '<!--' ? '-->' : ']]>', m.index + m[0].length);
      if (skip < 0) break;
      open.lastIndex = skip + 3;
      continue;
    }
    const contentStart = tagEnd(xml, m.index + 1);
    if (contentStart < 0) break;
    open.lastIndex = contentStart;
    const tag = xml.slice(m.index, contentStart);
    if (tag.endsWith('/>')) continue;
    if (!end || end.index < contentStart) {
      close.lastIndex = contentStart;
      end = close.exec(xml);
      if (!end) break; // no end tag of any of the names from here on: nothing more to rewrite
    }
    if (end[1] !== m[1]) continue;
    const next = rewrite(tag, xml.slice(contentStart, end.index));
    if (!next) continue;
    out += xml.slice(from, m.index) + next.tag + next.content;
    from = end.index;
    open.lastIndex = end.index;
  }
  return out + xml.slice(from);
}

/**
 * `content` (an element's, well-formed) with at most `max` characters of text — character data
 * and CDATA — and all of its markup, so the result is as well-formed as the input; an entity or
 * a surrogate pair is never cut in two. Null when it already fits, or when its markup cannot be
 * told apart (a comment or CDATA section that does not end inside it).
 */
export function boundText(content: string, max: number): string | null {
  if (content.length <= max) return null;
  let out = '';
  let budget = max;
  let i = 0;
  while (i < content.length) {
    const lt = content.indexOf('<', i);
    if (lt !== i) {
      const stop = lt < 0 ? content.length : lt;
      const piece = cutText(content.slice(i, Math.min(stop, i + budget)), stop > i + budget);
      out += piece;
      budget -= piece.length;
      i = stop;
      continue;
    }
    if (content.startsWith('<![CDATA[', i)) {
      const stop = content.indexOf(']]>', i + 9);
      if (stop < 0) return null;
      const data = cutText(content.slice(i + 9, Math.min(stop, i + 9 + budget)), false);
      if (data) out += `<![CDATA[${data}]]>`;
      budget -= data.length;
      i = stop + 3;
    } else if (content.startsWith('<!--', i)) {
      const stop = content.indexOf('-->', i + 4);
      if (stop < 0) return null;
      i = stop + 3; // a comment is not text: dropped
    } else {
      const stop = content.startsWith('<?', i) ? after(content, '?>', i + 2) : tagEnd(content, i + 1);
      if (stop < 0) return null;
      out += content.slice(i, stop);
      i = stop;
    }
  }
  return out;
}

/** `text` without a trailing half surrogate pair and, when `cut` (it was cut short), without a trailing partial entity. */
function cutText(text: string, cut: boolean): string {
  let s = /[\uD800-\uDBFF]$/.test(text) ? text.slice(0, -1) : text;
  if (cut) {
    const amp = s.lastIndexOf('&');
    if (amp >= 0 && s.indexOf(';', amp) < 0) s = s.slice(0, amp);
  }
  return s;
}

/** The text of content made only of character data and CDATA sections (no entity references), else null. */
function cdataText(content: string): string | null {
  let text = '';
  let i = 0;
  while (i < content.length) {
    const lt = content.indexOf('<', i);
    const stop = lt < 0 ? content.length : lt;
    text += content.slice(i, stop);
    if (lt < 0) break;
    if (!content.startsWith('<![CDATA[', lt)) return null;
    const close = content.indexOf(']]>', lt + 9);
    if (close < 0) return null;
    text += content.slice(lt + 9, close);
    i = close + 3;
  }
  return text.includes('&') ? null : text;
}
