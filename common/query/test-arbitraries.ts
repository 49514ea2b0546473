/**
 * fast-check generators shared by the query-language tests (unit and PostgreSQL). Test-only:
 * nothing in the application imports this file. A small vocabulary makes matches frequent.
 */
import fc from 'fast-check';

/** Document words: case, accents, apostrophes, hyphens, Greek, CJK, Hangul and near-duplicates. */
export const DOC_WORDS = [
  'zelda',
  'Zelda',
  'ZELDA',
  'café',
  'cafe',
  'CAFÉ',
  'e-sports',
  'esports',
  'sports',
  "nintendo's",
  'Nintendo',
  'nintendos',
  's',
  'half',
  'life',
  'Half-Life',
  'game',
  'games',
  'gamer',
  'gam',
  '日本',
  '本',
  'ゲーム',
  '한국',
  'ΟΔΟΣ',
  'οδος',
  'Ärger',
  'arger',
  'ﬁnal',
  'final',
  'x1',
  '2',
];
const SEPARATORS = [' ', ' ', ' ', ', ', '. ', '\n', ' - ', '!', ' (', ') ', '/', '…'];

/** A document text made of vocabulary words and punctuation. */
export const docText = fc
  .array(fc.tuple(fc.constantFrom(...DOC_WORDS), fc.constantFrom(...SEPARATORS)), { maxLength: 24 })
  .map((parts) => parts.map(([w, s]) => w + s).join(''));

/** Bare query words, including prefixes and multi-token words. */
const QUERY_WORDS = [
  'zelda',
  'ZELDA',
  'café',
  'cafe',
  'e-sports',
  'sports',
  "nintendo's",
  'nintendo',
  'half-life',
  'life',
  'game',
  'games',
  'gam*',
  'nin*',
  'caf*',
  'e-spo*',
  '日本',
  'ゲーム',
  '한국',
  'οδος',
  'ärger',
  'final',
  'x1',
  '2',
  's',
];
const PHRASE_WORDS = ['zelda', 'half', 'life', 'game', 'café', 'nintendo', 's', 'sports', '日', '本', 'e'];

const word = fc.constantFrom(...QUERY_WORDS);
const phrase = fc.array(fc.constantFrom(...PHRASE_WORDS), { minLength: 1, maxLength: 3 }).map((ws) => `"${ws.join(' ')}"`);
const modifier = fc.constantFrom('', '', '', '+', '-', 'NOT ');
const joiner = fc.constantFrom(' ', ' ', ' AND ', ' OR ');

/** Query text from the grammar (may still be refused, e.g. only exclusions: filter with parseQuery). */
export const queryText: fc.Arbitrary<string> = fc.letrec<{ query: string; clause: string; group: string }>((tie) => ({
  query: fc
    .tuple(tie('clause'), fc.array(fc.tuple(joiner, tie('clause')), { maxLength: 3 }))
    .map(([first, rest]) => first + rest.map(([j, c]) => j + c).join('')),
  clause: fc.tuple(modifier, fc.oneof({ depthSize: 'small', withCrossShrink: true }, word, phrase, tie('group'))).map(([m, p]) => m + p),
  group: tie('query').map((q) => `(${q})`),
})).query;

/** Simple-mode terms: no double quotes, trimmed, not empty. */
const simpleTerm = fc
  .string({ minLength: 1, maxLength: 12, unit: fc.constantFrom('a', 'b', 'é', ' ', '-', "'", 'Z', '1', '日', '+', '(', ')', ',', '“') })
  .map((s) => s.replace(/[“"]/g, '').trim())
  .filter((s) => s.length > 0);

export const simpleQuery = fc.record({
  all: fc.array(simpleTerm, { maxLength: 3 }),
  any: fc.array(simpleTerm, { maxLength: 3 }),
  exclude: fc.array(simpleTerm, { maxLength: 3 }),
});
