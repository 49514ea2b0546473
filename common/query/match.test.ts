import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseQuery } from './parse.js';
import { indexDocument, indexTokens, matchesQuery, MAX_POSITIONS_PER_TOKEN } from './match.js';
import { anchorTerms } from './anchors.js';
import { toTsquery, toTsvectorLiteral } from './postgres.js';
import { docText, queryText } from './test-arbitraries.js';
import type { QueryNode } from './types.js';

function q(input: string): QueryNode {
  const r = parseQuery(input);
  if (!r.ok) throw new Error(`${input}: ${r.error.message}`);
  return r.query;
}
const matches = (query: string, text: string) => matchesQuery(q(query), indexDocument(text));

describe('matchesQuery', () => {
  const doc = "The Legend of Zelda: Breath of the Wild — Nintendo's e-sports café, 日本のゲーム";
  it.each<[string, boolean]>([
    ['zelda', true],
    ['ZELDA', true],
    ['link', false],
    ['zelda link', true],
    ['+zelda +link', false],
    ['zelda AND wild', true],
    ['zelda -wild', false],
    ['zelda -link', true],
    ['"breath of the wild"', true],
    ['"breath the wild"', false],
    ['"wild breath"', false],
    ['"legend zelda"', false],
    ['e-sports', true],
    ['"e sports"', true],
    ['esports', false],
    ["nintendo's", true],
    ['nintendo', true],
    ['cafe', true],
    ['CAFÉ', true],
    ['日本', true],
    ['本日', false],
    ['ゲーム', true],
    ['ケーム', false],
    ['nint*', true],
    ['wil*', true],
    ['of-the-wi*', true],
    ['the-br*', false],
    ['"the wi*"', false], // inside quotes '*' is punctuation: a phrase has no prefix
    ['zel*', true],
    ['(link OR ganon) OR "legend of"', true],
    ['(link OR ganon) AND "legend of"', false],
    ['+legend -(link -zelda)', true],
    ['+legend -(zelda -link)', false],
  ])('%s → %s', (query, expected) => {
    expect(matches(query, doc)).toBe(expected);
  });

  it('indexes positions from 1 and keeps at most 256 per token, like a tsvector', () => {
    const indexed = indexTokens(['a', 'b', 'a']);
    expect(indexed.positions.get('a')).toEqual([1, 3]);
    const many = indexTokens([...Array(300).fill('x'), 'y']);
    expect(many.positions.get('x')).toHaveLength(MAX_POSITIONS_PER_TOKEN);
    // "x y" needs x at position 300, which PostgreSQL would not keep either.
    expect(matchesQuery(q('"x y"'), many)).toBe(false);
    expect(matchesQuery(q('"y"'), many)).toBe(true);
  });

  it('matches phrases across the title/description boundary the same way SQL does (consecutive tokens)', () => {
    expect(matches('"zelda news"', 'About Zelda\nNews of the day')).toBe(true);
  });
});

describe('toTsvectorLiteral and toTsquery', () => {
  it('writes positions and quoted lexemes', () => {
    expect(toTsvectorLiteral(['b', 'a', 'b'])).toBe("'b':1,3 'a':2");
    expect(toTsvectorLiteral(["it's", 'a\\b'])).toBe("'it''s':1 'a\\\\b':2");
    expect(toTsvectorLiteral([])).toBe('');
  });

  it('compiles phrases, prefixes and boolean structure', () => {
    expect(toTsquery(q('"half life" OR nintend*'))).toBe("(('half' <-> 'life') | 'nintend':*)");
    expect(toTsquery(q('+zelda -"dark link" e-spo*'))).toBe("('zelda' & !('dark' <-> 'link'))");
    expect(toTsquery(q('(a OR b) AND -(c -d)'))).toBe("(('a' | 'b') & !('c' & !'d'))");
    expect(toTsquery(q('e-spo*'))).toBe("('e' <-> 'spo':*)");
  });
});

describe('anchorTerms', () => {
  it.each<[string, string[]]>([
    ['zelda', ['zelda']],
    ['zelda link', ['link', 'zelda']],
    ['+zelda +"link to the past"', ['zelda']],
    ['"the legend of zelda"', ['legend']],
    ['+(a b c) +"breath of the wild" -ganon', ['breath']],
    ['e-spo*', ['e']],
    ['nint*', []],
    ['zelda OR nint*', []],
    ['+zelda +nint*', ['zelda']],
    ['+nint* -zelda', []],
  ])('%s → %j', (query, expected) => {
    expect(anchorTerms(q(query))).toEqual(expected);
  });

  it('is sound: a matching document contains one of the anchors', () => {
    const valid = queryText.map(parseQuery).filter((r) => r.ok);
    fc.assert(
      fc.property(valid, fc.array(docText, { minLength: 1, maxLength: 20 }), (r, texts) => {
        if (!r.ok) return;
        const anchors = anchorTerms(r.query);
        for (const text of texts) {
          const doc = indexDocument(text);
          if (anchors.length > 0 && matchesQuery(r.query, doc)) {
            expect(anchors.some((a) => doc.positions.has(a))).toBe(true);
          }
        }
      }),
      { numRuns: 400 },
    );
  });
});
