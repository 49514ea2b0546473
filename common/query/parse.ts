import { lex, type Lexeme } from './lexer.js';
import { QUERY_MSG } from './messages.js';
import { normalizeQuotes, tokenize } from './tokenize.js';
import type { ParseResult, QueryError, QueryNode } from './types.js';

/** Deeper nesting than this is refused (and keeps the recursive parser's stack small). */
export const MAX_QUERY_DEPTH = 32;

type Occur = 'must' | 'should' | 'mustNot';
interface Clause {
  occur: Occur;
  node: QueryNode;
}

class QuerySyntaxError extends Error {
  constructor(readonly detail: QueryError) {
    super(detail.message);
  }
}
const fail = (message: string, start: number, end: number): never => {
  throw new QuerySyntaxError({ message, start, end });
};

// A trailing '*' right after a letter or digit makes the word's last token a prefix.
const PREFIX_RE = /[\p{L}\p{N}\p{M}]\*$/u;

/** And of nodes: nested ands flattened, positive children first (a canonical form for printing). */
export function makeAnd(nodes: QueryNode[]): QueryNode {
  const flat = nodes.flatMap((n) => (n.type === 'and' ? n.children : [n]));
  const ordered = [...flat.filter((n) => n.type !== 'not'), ...flat.filter((n) => n.type === 'not')];
  return ordered.length === 1 ? ordered[0] : { type: 'and', children: ordered };
}
export function makeOr(nodes: QueryNode[]): QueryNode {
  const flat = nodes.flatMap((n) => (n.type === 'or' ? n.children : [n]));
  return flat.length === 1 ? flat[0] : { type: 'or', children: flat };
}

/**
 * Lucene's rule for a group: required clauses (+, or joined by AND) are all needed and the
 * optional ones are then ignored; otherwise one of the optional ones is needed; excluded
 * clauses must all be absent. A group with nothing to find is refused.
 */
function combine(clauses: Clause[], start: number, end: number): QueryNode {
  const of = (o: Occur) => clauses.filter((c) => c.occur === o).map((c) => c.node);
  const must = of('must');
  const should = of('should');
  const nots = of('mustNot').map((child): QueryNode => ({ type: 'not', child }));
  if (must.length === 0 && should.length === 0) fail(QUERY_MSG.onlyExclusions, start, end);
  const positive = must.length > 0 ? makeAnd(must) : makeOr(should);
  return nots.length > 0 ? makeAnd([positive, ...nots]) : positive;
}

class Parser {
  private pos = 0;
  constructor(private readonly lx: Lexeme[]) {}

  private peek(): Lexeme | undefined {
    return this.lx[this.pos];
  }

  /** Clauses up to the end of input (depth 0) or up to the group's ')' (left unconsumed). */
  clauses(depth: number): { clauses: Clause[]; start: number; end: number } {
    const clauses: Clause[] = [];
    let start = -1;
    let end = -1;
    for (;;) {
      let t = this.peek();
      if (!t) break;
      if (t.kind === 'rparen') {
        if (depth === 0) fail(QUERY_MSG.unexpectedClosingParenthesis, t.start, t.end);
        break;
      }
      if (start < 0) start = t.start;
      let conj: 'and' | 'or' | null = null;
      if (t.kind === 'and' || t.kind === 'or') {
        const op = t;
        conj = op.kind as 'and' | 'or';
        if (clauses.length === 0) fail(op.kind === 'and' ? QUERY_MSG.nothingBeforeAnd : QUERY_MSG.nothingBeforeOr, op.start, op.end);
        this.pos++;
        t = this.peek();
        if (!t || t.kind === 'rparen' || t.kind === 'and' || t.kind === 'or') {
          fail(op.kind === 'and' ? QUERY_MSG.nothingAfterAnd : QUERY_MSG.nothingAfterOr, op.start, op.end);
        }
      }
      let mod: 'plus' | 'minus' | 'not' | null = null;
      if (t!.kind === 'plus' || t!.kind === 'minus' || t!.kind === 'not') {
        const m = t!;
        mod = m.kind as 'plus' | 'minus' | 'not';
        this.pos++;
        t = this.peek();
        // `+`/`-` must touch their term: "half - life" is a mistake, not "half, without life".
        const detached = m.kind !== 'not' && t !== undefined && t.start !== m.end;
        if (!t || detached || !(t.kind === 'word' || t.kind === 'phrase' || t.kind === 'lparen')) {
          const msg = m.kind === 'plus' ? QUERY_MSG.nothingAfterPlus : m.kind === 'minus' ? QUERY_MSG.nothingAfterMinus : QUERY_MSG.nothingAfterNot;
          fail(msg, m.start, m.end);
        }
      }
      const { node, end: clauseEnd } = this.primary(depth);
      end = clauseEnd;
      this.addClause(clauses, conj, mod, node);
    }
    return { clauses, start, end };
  }

  /** Lucene's QueryParser.addClause with OR as the default operator. */
  private addClause(clauses: Clause[], conj: 'and' | 'or' | null, mod: 'plus' | 'minus' | 'not' | null, node: QueryNode) {
    const prev = clauses[clauses.length - 1];
    if (prev && conj === 'and' && prev.occur !== 'mustNot') prev.occur = 'must';
    const prohibited = mod === 'minus' || mod === 'not';
    const required = !prohibited && (mod === 'plus' || conj === 'and');
    clauses.push({ node, occur: prohibited ? 'mustNot' : required ? 'must' : 'should' });
  }

  private primary(depth: number): { node: QueryNode; end: number } {
    const t = this.peek()!;
    this.pos++;
    if (t.kind === 'lparen') {
      if (depth + 1 > MAX_QUERY_DEPTH) fail(QUERY_MSG.tooDeep, t.start, t.end);
      const inner = this.clauses(depth + 1);
      const close = this.peek();
      if (!close || close.kind !== 'rparen') return fail(QUERY_MSG.missingClosingParenthesis, t.start, t.end);
      this.pos++;
      if (inner.clauses.length === 0) fail(QUERY_MSG.emptyParentheses, t.start, close.end);
      return { node: combine(inner.clauses, t.start, close.end), end: close.end };
    }
    // A word or a phrase: several tokens (e-sports, "new game") match as consecutive tokens.
    const prefix = t.kind === 'word' && PREFIX_RE.test(t.text);
    const tokens = tokenize(prefix ? t.text.slice(0, -1) : t.text, Infinity);
    if (tokens.length === 0) fail(QUERY_MSG.noSearchableText, t.start, t.end);
    return { node: { type: 'phrase', tokens, prefix }, end: t.end };
  }
}

/**
 * Parses a query in the Lucene query_string style (see docs/query-language.md) into a
 * normalised boolean tree, or an error with offsets into `input` for highlighting.
 */
export function parseQuery(input: string): ParseResult {
  const text = normalizeQuotes(input ?? '');
  const lexed = lex(text);
  if (!lexed.ok) return lexed;
  if (lexed.lexemes.length === 0) return { ok: false, error: { message: QUERY_MSG.empty, start: 0, end: text.length } };
  try {
    const parser = new Parser(lexed.lexemes);
    const top = parser.clauses(0);
    return { ok: true, query: combine(top.clauses, top.start, top.end) };
  } catch (err) {
    if (err instanceof QuerySyntaxError) return { ok: false, error: err.detail };
    throw err;
  }
}
