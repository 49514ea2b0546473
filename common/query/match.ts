import { MAX_INDEXED_TOKENS, tokenize } from './tokenize.js';
import type { IndexedDocument, PhraseNode, QueryNode } from './types.js';

/**
 * PostgreSQL keeps at most 256 positions per lexeme in a tsvector (the smallest ones). The
 * matcher keeps exactly the same, so a phrase found only past the 256th repetition of a word
 * is missed by both, never by one of them.
 */
export const MAX_POSITIONS_PER_TOKEN = 256;

/** Indexes already tokenised text (positions are 1-based, as in the tsvector). */
export function indexTokens(tokens: string[]): IndexedDocument {
  const kept = tokens.length > MAX_INDEXED_TOKENS ? tokens.slice(0, MAX_INDEXED_TOKENS) : tokens;
  const positions = new Map<string, number[]>();
  kept.forEach((token, i) => {
    const list = positions.get(token);
    if (!list) positions.set(token, [i + 1]);
    else if (list.length < MAX_POSITIONS_PER_TOKEN) list.push(i + 1);
  });
  return { tokens: kept, positions };
}

/** Tokenises and indexes a text (use articleSearchText for articles). */
export function indexDocument(text: string): IndexedDocument {
  return indexTokens(tokenize(text));
}

/** Positions of the phrase's i-th token; for a prefix token, of every token it starts. */
function positionsOf(phrase: PhraseNode, i: number, doc: IndexedDocument): number[] | undefined {
  const token = phrase.tokens[i];
  if (!(phrase.prefix && i === phrase.tokens.length - 1)) return doc.positions.get(token);
  let merged: number[] | undefined;
  for (const [key, list] of doc.positions) {
    if (key.startsWith(token)) merged = merged ? merged.concat(list) : list;
  }
  return merged;
}

function phraseMatches(phrase: PhraseNode, doc: IndexedDocument): boolean {
  const lists: number[][] = [];
  for (let i = 0; i < phrase.tokens.length; i++) {
    const list = positionsOf(phrase, i, doc);
    if (!list) return false;
    lists.push(list);
  }
  if (lists.length === 1) return true;
  const sets = lists.map((l) => new Set(l));
  return lists[0].some((p) => sets.every((s, i) => s.has(p + i)));
}

/** Whether the document matches the query; agrees exactly with `tsvector @@ tsquery` in PostgreSQL. */
export function matchesQuery(query: QueryNode, doc: IndexedDocument): boolean {
  switch (query.type) {
    case 'phrase':
      return phraseMatches(query, doc);
    case 'and':
      return query.children.every((c) => matchesQuery(c, doc));
    case 'or':
      return query.children.some((c) => matchesQuery(c, doc));
    case 'not':
      return !matchesQuery(query.child, doc);
  }
}
