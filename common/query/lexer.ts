import { QUERY_MSG } from './messages.js';
import type { QueryError } from './types.js';

export type LexKind = 'word' | 'phrase' | 'lparen' | 'rparen' | 'plus' | 'minus' | 'and' | 'or' | 'not';

/** A lexeme of the query text; `text` is the word, or the inside of a quoted phrase. */
export interface Lexeme {
  kind: LexKind;
  text: string;
  start: number;
  end: number;
}

const KEYWORDS: Record<string, LexKind> = { AND: 'and', OR: 'or', NOT: 'not' };
const isSpace = (c: string) => /\s/.test(c);
// A bare word runs until whitespace, a quote or a parenthesis; '+' and '-' inside a word
// (e-sports, a+b) are part of it and only act as operators at the start of a clause.
const ends = (c: string) => c === '"' || c === '(' || c === ')' || isSpace(c);

/**
 * Splits an already quote-normalised query into lexemes. The only lexing error is an
 * unterminated phrase, reported from its opening quote to the end of the input.
 */
export function lex(input: string): { ok: true; lexemes: Lexeme[] } | { ok: false; error: QueryError } {
  const out: Lexeme[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i];
    if (isSpace(c)) {
      i++;
    } else if (c === '(' || c === ')') {
      out.push({ kind: c === '(' ? 'lparen' : 'rparen', text: c, start: i, end: i + 1 });
      i++;
    } else if (c === '"') {
      const close = input.indexOf('"', i + 1);
      if (close < 0) return { ok: false, error: { message: QUERY_MSG.missingClosingQuote, start: i, end: input.length } };
      out.push({ kind: 'phrase', text: input.slice(i + 1, close), start: i, end: close + 1 });
      i = close + 1;
    } else if (c === '+' || c === '-') {
      // Here we are always at the start of a clause: words consume their inner + and -.
      out.push({ kind: c === '+' ? 'plus' : 'minus', text: c, start: i, end: i + 1 });
      i++;
    } else {
      const start = i;
      while (i < input.length && !ends(input[i])) i++;
      const text = input.slice(start, i);
      out.push({ kind: KEYWORDS[text] ?? 'word', text, start, end: i });
    }
  }
  return { ok: true, lexemes: out };
}
