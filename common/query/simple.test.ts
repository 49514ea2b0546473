import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildSimpleQuery, isAdvancedQuery, joinTerms, parseSimpleQuery, splitTerms, typedTermsToKeywords } from './simple.js';
import { parseQuery } from './parse.js';
import { indexDocument, matchesQuery } from './match.js';
import { simpleQuery } from './test-arbitraries.js';

describe('simple query builder', () => {
  it('writes the spec format', () => {
    expect(buildSimpleQuery({ all: ['zelda', 'link'], any: [], exclude: [] })).toBe('+"zelda" +"link"');
    expect(buildSimpleQuery({ all: [], any: ['zelda', 'breath of the wild'], exclude: [] })).toBe('+("zelda" "breath of the wild")');
    expect(buildSimpleQuery({ all: ['nintendo'], any: ['zelda', 'link'], exclude: ['ganon', 'dark link'] })).toBe(
      '+"nintendo" +("zelda" "link") -"ganon" -"dark link"',
    );
    expect(buildSimpleQuery({ all: [' “zelda” ', ''], any: [], exclude: [] })).toBe('+"zelda"');
    expect(buildSimpleQuery({ all: [], any: [], exclude: [] })).toBe('');
  });

  it('reads the format back, and calls everything else advanced', () => {
    expect(parseSimpleQuery('+"a b" +("c" "d")  -"e"')).toEqual({ all: ['a b'], any: ['c', 'd'], exclude: ['e'] });
    expect(parseSimpleQuery('+“a” -”b”')).toEqual({ all: ['a'], any: [], exclude: ['b'] });
    expect(parseSimpleQuery('')).toEqual({ all: [], any: [], exclude: [] });
    for (const advanced of [
      'zelda',
      '"zelda"',
      '+("a") +("b")',
      '+"a" AND +"b"',
      '+"a" OR +"b"',
      '+("a" OR "b")',
      '+(("a") "b")',
      '+()',
      '+""',
      '+"a',
      '+ "a"',
      'NOT "a"',
    ]) {
      expect(parseSimpleQuery(advanced), advanced).toBeNull();
      expect(isAdvancedQuery(advanced)).toBe(true);
    }
    expect(isAdvancedQuery('+"a" -"b"')).toBe(false);
  });

  it('splits and joins the comma-separated input', () => {
    expect(splitTerms(' zelda, "breath of the wild" ,, link ')).toEqual(['zelda', 'breath of the wild', 'link']);
    expect(joinTerms(['zelda', 'link'])).toBe('zelda, link');
  });

  it('round-trips: parseSimpleQuery(buildSimpleQuery(q)) is q', () => {
    fc.assert(
      fc.property(simpleQuery, (query) => {
        expect(parseSimpleQuery(buildSimpleQuery(query))).toEqual(query);
      }),
      { numRuns: 500 },
    );
  });

  it('builds queries the parser accepts whenever something is included', () => {
    fc.assert(
      fc.property(simpleQuery, (query) => {
        const tokenless = [...query.all, ...query.any, ...query.exclude].some((t) => !/[a-zé1日]/i.test(t));
        if (tokenless || query.all.length + query.any.length === 0) return;
        expect(parseQuery(buildSimpleQuery(query)).ok).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('typedTermsToKeywords (a plain keywords field)', () => {
  const matches = (typed: string, headline: string) => {
    const r = parseQuery(typedTermsToKeywords(typed));
    if (!r.ok) throw new Error(r.error.message);
    return matchesQuery(r.query, indexDocument(headline));
  };

  it('reads a typed name as that name, not as the OR of its words (issue 11)', () => {
    expect(typedTermsToKeywords('Aurora Interactive')).toBe('+"Aurora Interactive"');
    expect(matches('Aurora Interactive', 'Aurora Interactive announces its next game')).toBe(true);
    expect(matches('Aurora Interactive', 'Bluepeak Interactive ships a patch')).toBe(false);
    expect(matches('Aurora Interactive', 'Team Aurora wins the final')).toBe(false);
    expect(matches('Aurora Interactive', 'Interactive fiction from Aurora')).toBe(false);
  });

  it('splits at commas: each term a phrase, alternatives by the builder\'s "any" rule unless told "all"', () => {
    expect(typedTermsToKeywords('Acme Games, “Acme”, ')).toBe('+("Acme Games" "Acme")');
    expect(typedTermsToKeywords('Acme Games, Acme', 'all')).toBe('+"Acme Games" +"Acme"');
    expect(matches('Aurora Interactive, Nebula', 'Nebula ships')).toBe(true);
    expect(matches('Aurora Interactive, Nebula', 'Aurora ships')).toBe(false);
    // Operators typed in a plain field are words of the name, not operators.
    expect(typedTermsToKeywords('aurora OR bluepeak')).toBe('+"aurora OR bluepeak"');
    expect(typedTermsToKeywords('  ')).toBe('');
  });

  it('keeps what the builder wrote, so converting twice changes nothing', () => {
    expect(typedTermsToKeywords('+"a b" +("c" "d") -"e"')).toBe('+"a b" +("c" "d") -"e"');
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.constantFrom('all' as const, 'any' as const), (text, combine) => {
        const once = typedTermsToKeywords(text, combine);
        expect(typedTermsToKeywords(once, combine)).toBe(once);
        // Whatever was typed, the result is a query the simple builder can show.
        expect(parseSimpleQuery(once)).not.toBeNull();
      }),
    );
  });
});
