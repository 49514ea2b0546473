import { indexTokens } from './match.js';
import type { QueryNode } from './types.js';

/** A lexeme quoted for tsvector/tsquery input (both unescape \\ and doubled quotes). */
function quoteLexeme(token: string): string {
  return `'${token.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * The tsvector literal of a document's tokens (cast with `::tsvector`, stored in articles.search).
 * Built from the same index as the matcher: at most 2000 tokens, 256 positions per lexeme.
 */
export function toTsvectorLiteral(tokens: string[]): string {
  const { positions } = indexTokens(tokens);
  const parts: string[] = [];
  for (const [token, list] of positions) parts.push(`${quoteLexeme(token)}:${list.join(',')}`);
  return parts.join(' ');
}

function compile(node: QueryNode): string {
  switch (node.type) {
    case 'phrase': {
      const last = node.tokens.length - 1;
      const lexemes = node.tokens.map((t, i) => quoteLexeme(t) + (node.prefix && i === last ? ':*' : ''));
      return lexemes.length === 1 ? lexemes[0] : `(${lexemes.join(' <-> ')})`;
    }
    case 'and':
      return `(${node.children.map(compile).join(' & ')})`;
    case 'or':
      return `(${node.children.map(compile).join(' | ')})`;
    case 'not':
      // Only ever inside an `and` with a positive sibling (parser invariant), never in a phrase.
      return `!${compile(node.child)}`;
  }
}

/**
 * A phrase whose last word is any of `lastWords` (a prefix already expanded into the words it
 * begins): `'find' <-> 'the' <-> ('sec' | 'secret')`. Without alternatives, the tokens exactly.
 */
export function phraseTsquery(tokens: string[], lastWords: string[] = []): string {
  const head = tokens.slice(0, -1).map(quoteLexeme);
  const alternatives = lastWords.length ? lastWords : tokens.slice(-1);
  const last = alternatives.length === 1 ? quoteLexeme(alternatives[0]) : `(${alternatives.map(quoteLexeme).join(' | ')})`;
  return head.length ? `(${[...head, last].join(' <-> ')})` : last;
}

/**
 * The tsquery literal of a parsed query, to cast with `::tsquery` (never through to_tsquery,
 * which would re-tokenise and stem). Phrases use `<->`; `:*` marks prefix terms.
 */
export function toTsquery(query: QueryNode): string {
  return compile(query);
}
