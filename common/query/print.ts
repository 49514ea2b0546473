import type { QueryNode } from './types.js';

function printPhrase(tokens: string[], prefix: boolean): string {
  // Joined by '-' the tokens re-tokenise to themselves; a prefix needs a bare word (no quotes).
  if (prefix) return `${tokens.join('-')}*`;
  return tokens.length === 1 ? tokens[0] : `"${tokens.join(' ')}"`;
}

function printChild(node: QueryNode): string {
  const text = printQuery(node);
  return node.type === 'and' || node.type === 'or' ? `(${text})` : text;
}

/**
 * Prints a parsed query back as query text in a canonical form (tokens lower-cased, explicit
 * `+`/`-` in conjunctions); parsing the result gives the same tree.
 */
export function printQuery(node: QueryNode): string {
  switch (node.type) {
    case 'phrase':
      return printPhrase(node.tokens, node.prefix);
    case 'or':
      return node.children.map(printChild).join(' ');
    case 'and':
      return node.children.map((c) => (c.type === 'not' ? `-${printChild(c.child)}` : `+${printChild(c)}`)).join(' ');
    case 'not':
      // Not reachable from parseQuery (a `not` always sits in an `and`); printed for completeness.
      return `-${printChild(node.child)}`;
  }
}
