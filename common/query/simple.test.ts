import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildSimpleQuery, isAdvancedQuery, joinTerms, parseSimpleQuery, splitTerms } from './simple.js';
import { parseQuery } from './parse.js';
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
