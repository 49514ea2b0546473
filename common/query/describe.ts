import { parseQuery } from './parse.js';
import { parseSimpleQuery } from './simple.js';
import type { QueryNode } from './types.js';

/**
 * A query as a sentence for the people who read coverage, not the syntax: the keywords form's
 * queries as "Starfall" / "any of: Starfall, Nebula Games · not: leak", an advanced one in words
 * ("halo or “master chief”, not leak"). The syntax itself is shown only in the advanced editor.
 * Text that does not parse is returned as it is.
 */
export function describeQuery(keywords: string): string {
  const text = (keywords ?? '').trim();
  if (!text) return '';
  const simple = parseSimpleQuery(text);
  if (simple) {
    const parts: string[] = [];
    if (simple.all.length === 1 && simple.any.length === 0) parts.push(simple.all[0]);
    else if (simple.all.length) parts.push(`all of: ${simple.all.join(', ')}`);
    if (simple.any.length === 1 && simple.all.length === 0) parts.push(simple.any[0]);
    else if (simple.any.length) parts.push(`${simple.all.length ? 'and any of' : 'any of'}: ${simple.any.join(', ')}`);
    if (simple.exclude.length) parts.push(`not: ${simple.exclude.join(', ')}`);
    if (parts.length) return parts.join(' · ');
  }
  const parsed = parseQuery(text);
  return parsed.ok ? inWords(parsed.query, true) : text;
}

function inWords(node: QueryNode, top = false): string {
  switch (node.type) {
    case 'phrase': {
      const words = node.tokens.join(' ') + (node.prefix ? '…' : '');
      return node.tokens.length > 1 ? `“${words}”` : words;
    }
    case 'not':
      return `not ${inWords(node.child)}`;
    case 'or': {
      const s = node.children.map((c) => inWords(c)).join(' or ');
      return top ? s : `(${s})`;
    }
    case 'and': {
      const s = node.children.map((c) => inWords(c)).join(', ');
      return top ? s : `(${s})`;
    }
  }
}
