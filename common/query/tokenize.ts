/**
 * The tokenizer shared by documents and queries. Both sides go through exactly this function,
 * so an article's stored tsvector, the in-memory matcher and a query's terms always agree.
 */

/** At most this many tokens of a document are indexed (keeps tsvector positions far below PostgreSQL's 16383). */
export const MAX_INDEXED_TOKENS = 2000;
/**
 * Longer runs of letters are cut to this many characters (PostgreSQL refuses lexemes over 2047
 * bytes; 100 characters are at most 400 bytes, and 2000 of them stay under the 1 MiB tsvector cap).
 */
export const MAX_TOKEN_CHARS = 100;
/** articleSearchText keeps at most this many characters: far more than 2000 tokens need in practice. */
export const MAX_SEARCH_TEXT_CHARS = 40000;

// A CJK character is a token on its own (those scripts do not separate words with spaces).
// The lookahead keeps symbols of those scripts (radicals, marks) out: tokens are letters/digits.
const CJK = String.raw`(?=[\p{L}\p{N}])[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]`;
const TOKEN_RE = new RegExp(String.raw`${CJK}|(?:(?!${CJK})[\p{L}\p{N}])+`, 'gu');
// Combining marks go, except the kana voicing marks (ゲ is not ケ): NFC puts them back on their kana.
const MARKS_RE = /(?![\u3099\u309A])\p{M}/gu;

/**
 * Folds text the way both index and query see it: compatibility decomposition, lower case,
 * combining marks removed, then NFC so Hangul syllables and voiced kana are whole characters again.
 * Final sigma is folded to σ because toLowerCase picks ς from context, which a lone query
 * word and the same word inside a sentence would not share.
 */
export function foldText(text: string): string {
  return text.normalize('NFKD').toLowerCase().replace(/ς/g, 'σ').normalize('NFKD').replace(MARKS_RE, '').normalize('NFC');
}

function capToken(token: string): string {
  // Cheap check first: a token of at most MAX_TOKEN_CHARS code units is short enough.
  if (token.length <= MAX_TOKEN_CHARS) return token;
  return Array.from(token).slice(0, MAX_TOKEN_CHARS).join('');
}

/**
 * Splits text into search tokens: runs of letters and digits (apostrophes and punctuation
 * split), each Han/Hiragana/Katakana/Hangul character alone; at most `limit` tokens.
 */
export function tokenize(text: string, limit: number = MAX_INDEXED_TOKENS): string[] {
  const out: string[] = [];
  if (!text) return out;
  for (const m of foldText(text).matchAll(TOKEN_RE)) {
    if (out.length >= limit) break;
    out.push(capToken(m[0]));
  }
  return out;
}

/**
 * The text of an article that is indexed (articles.search) and matched against alerts:
 * title and description, capped in length. tokenize() then keeps its first 2000 tokens, so
 * the tsvector never reaches PostgreSQL's position limits and the matcher sees the same tokens.
 */
export function articleSearchText(title: string, description: string): string {
  const text = `${(title ?? '').trim()}\n${(description ?? '').trim()}`;
  if (text.length <= MAX_SEARCH_TEXT_CHARS) return text;
  // Never cut a surrogate pair in half (a lone surrogate is not valid text for PostgreSQL).
  const cut = /[\uD800-\uDBFF]/.test(text[MAX_SEARCH_TEXT_CHARS - 1]) ? MAX_SEARCH_TEXT_CHARS - 1 : MAX_SEARCH_TEXT_CHARS;
  return text.slice(0, cut);
}

const DOUBLE_QUOTES_RE = /[\u201C\u201D\u201E\u201F\u2033]/g;
const SINGLE_QUOTES_RE = /[\u2018\u2019\u201A\u201B\u2032]/g;

/** Curly quotes typed or pasted (“ ” „ ‘ ’) become straight ones; lengths are unchanged. */
export function normalizeQuotes(input: string): string {
  return input.replace(DOUBLE_QUOTES_RE, '"').replace(SINGLE_QUOTES_RE, "'");
}
