import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { articleSearchText, MAX_INDEXED_TOKENS, MAX_SEARCH_TEXT_CHARS, MAX_TOKEN_CHARS, normalizeQuotes, tokenize } from './tokenize.js';

describe('tokenize', () => {
  it('folds case, accents and compatibility forms', () => {
    expect(tokenize('Café CAFÉ cafe\u0301 ﬁnal Ｚｅｌｄａ ①')).toEqual(['cafe', 'cafe', 'cafe', 'final', 'zelda', '1']);
    expect(tokenize('İstanbul Ärger Øresund')).toEqual(['istanbul', 'arger', 'øresund']);
  });

  it('splits on punctuation and apostrophes, keeps digits in words', () => {
    expect(tokenize("Nintendo's e-sports: Half-Life 2, x1!")).toEqual(['nintendo', 's', 'e', 'sports', 'half', 'life', '2', 'x1']);
    expect(tokenize('Nintendo’s')).toEqual(['nintendo', 's']);
    expect(tokenize('  ... !!! ')).toEqual([]);
  });

  it('makes each Han, kana and Hangul character a token, keeping kana voicing', () => {
    expect(tokenize('日本語のゲーム')).toEqual(['日', '本', '語', 'の', 'ゲ', 'ー', 'ム']);
    expect(tokenize('ｹﾞｰﾑ')).toEqual(['ゲ', 'ー', 'ム']);
    expect(tokenize('한국어 game日本')).toEqual(['한', '국', '어', 'game', '日', '本']);
  });

  it('folds the Greek final sigma so a lone word and the word in a sentence agree', () => {
    expect(tokenize('ΟΔΟΣ')).toEqual(['οδοσ']);
    expect(tokenize("ΟΔΟΣ's")).toEqual(['οδοσ', 's']);
    expect(tokenize('οδος')).toEqual(['οδοσ']);
  });

  it('caps the number and the length of tokens', () => {
    const many = Array.from({ length: 2500 }, (_, i) => `w${i}`).join(' ');
    const tokens = tokenize(many);
    expect(MAX_INDEXED_TOKENS).toBe(2000);
    expect(tokens).toHaveLength(2000);
    expect(tokens[1999]).toBe('w1999');
    expect(tokenize('a'.repeat(500))).toEqual(['a'.repeat(MAX_TOKEN_CHARS)]);
    // Astral letters count as one character each and are never cut in half.
    expect(tokenize('𐐨'.repeat(150))[0]).toBe('𐐨'.repeat(MAX_TOKEN_CHARS));
  });

  it('is stable: the tokens of joined tokens are the same tokens', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        const tokens = tokenize(text);
        expect(tokenize(tokens.join(' '))).toEqual(tokens);
        for (const t of tokens) expect(t.length).toBeGreaterThan(0);
      }),
      { numRuns: 600 },
    );
  });
});

describe('articleSearchText and normalizeQuotes', () => {
  it('joins title and description and caps the length without splitting a surrogate pair', () => {
    expect(articleSearchText(' Title ', 'Body text ')).toBe('Title\nBody text');
    const text = articleSearchText('t', `${'a'.repeat(MAX_SEARCH_TEXT_CHARS - 3)}😀😀😀`);
    expect(text.length).toBeLessThanOrEqual(MAX_SEARCH_TEXT_CHARS);
    expect(text).toMatch(/a$/);
    expect(articleSearchText('t', `${'a'.repeat(MAX_SEARCH_TEXT_CHARS - 4)}😀😀😀`)).toMatch(/😀$/);
  });

  it('straightens curly quotes without moving offsets', () => {
    const input = '„Zelda“ “Link” ‘Ganon’';
    expect(normalizeQuotes(input)).toBe(`"Zelda" "Link" 'Ganon'`);
    expect(normalizeQuotes(input)).toHaveLength(input.length);
  });
});
