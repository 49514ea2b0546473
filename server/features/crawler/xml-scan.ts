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
  return { head, items, tail: openElements(head).reverse().map((name) => `</${name}>`).join('') };
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
