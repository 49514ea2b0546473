/**
 * The query language's tree. A parsed query is already normalised into plain boolean logic:
 * the Lucene clause rules (required / optional / excluded) are resolved by the parser, so the
 * matcher, the tsquery compiler and the alert index all walk the same small tree.
 *
 * Invariant (checked by the parser): a `not` node only appears as a child of an `and` node
 * that also has at least one positive child, so every query has a positive part.
 */
export type QueryNode = PhraseNode | AndNode | OrNode | NotNode;

/**
 * Consecutive tokens (one token = a plain term). `prefix` marks the last token as a prefix
 * (`nintend*`): it matches any token that starts with it.
 */
export interface PhraseNode {
  type: 'phrase';
  tokens: string[];
  prefix: boolean;
}
export interface AndNode {
  type: 'and';
  children: QueryNode[];
}
export interface OrNode {
  type: 'or';
  children: QueryNode[];
}
export interface NotNode {
  type: 'not';
  child: QueryNode;
}

/** A parse error; `start`/`end` are UTF-16 offsets into the input, for highlighting. */
export interface QueryError {
  message: string;
  start: number;
  end: number;
}

export type ParseResult = { ok: true; query: QueryNode } | { ok: false; error: QueryError };

/**
 * A tokenised document for in-memory matching: `positions` maps each token to its 1-based
 * positions, capped exactly like PostgreSQL caps a tsvector (see match.ts).
 */
export interface IndexedDocument {
  tokens: string[];
  positions: Map<string, number[]>;
}
