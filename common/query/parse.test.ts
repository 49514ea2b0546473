import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseQuery } from './parse.js';
import { printQuery } from './print.js';
import { QUERY_MSG } from './messages.js';
import { queryText } from './test-arbitraries.js';
import type { QueryNode } from './types.js';

const t = (...tokens: string[]): QueryNode => ({ type: 'phrase', tokens, prefix: false });
const p = (...tokens: string[]): QueryNode => ({ type: 'phrase', tokens, prefix: true });
const and = (...children: QueryNode[]): QueryNode => ({ type: 'and', children });
const or = (...children: QueryNode[]): QueryNode => ({ type: 'or', children });
const not = (child: QueryNode): QueryNode => ({ type: 'not', child });

function parsed(input: string): QueryNode {
  const r = parseQuery(input);
  if (!r.ok) throw new Error(`${input}: ${r.error.message}`);
  return r.query;
}
function error(input: string) {
  const r = parseQuery(input);
  if (r.ok) throw new Error(`${input} parsed`);
  return r.error;
}

describe('parseQuery: valid queries', () => {
  it.each<[string, QueryNode]>([
    ['zelda', t('zelda')],
    ['Zelda Link', or(t('zelda'), t('link'))],
    ['+zelda +link', and(t('zelda'), t('link'))],
    ['+zelda link', t('zelda')], // optional clauses only matter when nothing is required (Lucene)
    ['zelda -link', and(t('zelda'), not(t('link')))],
    ['zelda link -ganon -"dark link"', and(or(t('zelda'), t('link')), not(t('ganon')), not(t('dark', 'link')))],
    ['zelda AND link', and(t('zelda'), t('link'))],
    ['zelda OR link', or(t('zelda'), t('link'))],
    ['zelda AND link OR ganon', and(t('zelda'), t('link'))],
    ['zelda NOT link', and(t('zelda'), not(t('link')))],
    ['zelda AND NOT link', and(t('zelda'), not(t('link')))],
    ['-link AND zelda', and(t('zelda'), not(t('link')))],
    ['"Breath of the Wild"', t('breath', 'of', 'the', 'wild')],
    ['“Breath of the Wild”', t('breath', 'of', 'the', 'wild')],
    ["e-sports nintendo's", or(t('e', 'sports'), t('nintendo', 's'))],
    ['+("a" "b") +"c" -"d"', and(or(t('a'), t('b')), t('c'), not(t('d')))],
    ['(zelda OR link) AND (ganon -"dark link")', and(or(t('zelda'), t('link')), t('ganon'), not(t('dark', 'link')))],
    ['((zelda))', t('zelda')],
    ['+zelda -(link -ganon)', and(t('zelda'), not(and(t('link'), not(t('ganon')))))],
    ['nintend* e-spo*', or(p('nintend'), p('e', 'spo'))],
    ['a*b', t('a', 'b')],
    ['and or not', or(t('and'), t('or'), t('not'))],
    ['日本', t('日', '本')],
  ])('%s', (input, expected) => {
    expect(parsed(input)).toEqual(expected);
  });
});

describe('parseQuery: errors with the offending range', () => {
  it.each<[string, string, number, number]>([
    ['', QUERY_MSG.empty, 0, 0],
    ['   ', QUERY_MSG.empty, 0, 3],
    ['zelda "breath of', QUERY_MSG.missingClosingQuote, 6, 16],
    ['zelda “breath of', QUERY_MSG.missingClosingQuote, 6, 16],
    ['(zelda OR link', QUERY_MSG.missingClosingParenthesis, 0, 1],
    ['a ((b) c', QUERY_MSG.missingClosingParenthesis, 2, 3],
    ['zelda) link', QUERY_MSG.unexpectedClosingParenthesis, 5, 6],
    ['zelda ()', QUERY_MSG.emptyParentheses, 6, 8],
    ['-zelda -link', QUERY_MSG.onlyExclusions, 0, 12],
    ['zelda OR (-link)', QUERY_MSG.onlyExclusions, 9, 16],
    ['NOT zelda', QUERY_MSG.onlyExclusions, 0, 9],
    ['zelda OR', QUERY_MSG.nothingAfterOr, 6, 8],
    ['zelda AND', QUERY_MSG.nothingAfterAnd, 6, 9],
    ['zelda AND OR link', QUERY_MSG.nothingAfterAnd, 6, 9],
    ['(zelda OR) link', QUERY_MSG.nothingAfterOr, 7, 9],
    ['OR zelda', QUERY_MSG.nothingBeforeOr, 0, 2],
    ['(AND zelda)', QUERY_MSG.nothingBeforeAnd, 1, 4],
    ['zelda NOT', QUERY_MSG.nothingAfterNot, 6, 9],
    ['zelda +', QUERY_MSG.nothingAfterPlus, 6, 7],
    ['half - life', QUERY_MSG.nothingAfterMinus, 5, 6],
    ['zelda --link', QUERY_MSG.nothingAfterMinus, 6, 7],
    ['zelda -OR link', QUERY_MSG.nothingAfterMinus, 6, 7],
    ['zelda & link', QUERY_MSG.noSearchableText, 6, 7],
    ['zelda ""', QUERY_MSG.noSearchableText, 6, 8],
    [`${'('.repeat(40)}a${')'.repeat(40)}`, QUERY_MSG.tooDeep, 32, 33],
  ])('%j', (input, message, start, end) => {
    expect(error(input)).toEqual({ message, start, end });
  });
});

describe('parseQuery: properties', () => {
  it('never throws; error ranges lie inside the input', () => {
    const chars = fc.constantFrom('a', 'B', ' ', '"', '“', '(', ')', '+', '-', '*', '&', 'é', '日', 'AND ', 'OR ', 'NOT ');
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: chars, maxLength: 30 }), fc.string({ maxLength: 30 })), (input) => {
        const r = parseQuery(input);
        if (!r.ok) {
          expect(r.error.start).toBeGreaterThanOrEqual(0);
          expect(r.error.end).toBeGreaterThanOrEqual(r.error.start);
          expect(r.error.end).toBeLessThanOrEqual(input.length);
          expect(Object.values(QUERY_MSG)).toContain(r.error.message);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('printQuery output parses back to the same tree', () => {
    fc.assert(
      fc.property(queryText, (text) => {
        const r = parseQuery(text);
        if (!r.ok) return;
        expect(parsed(printQuery(r.query))).toEqual(r.query);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps every negation beside a positive clause', () => {
    const check = (node: QueryNode, parent: QueryNode | null): void => {
      if (node.type === 'not') expect(parent?.type).toBe('and');
      if (node.type === 'and') expect(node.children.some((c) => c.type !== 'not')).toBe(true);
      if (node.type === 'and' || node.type === 'or') node.children.forEach((c) => check(c, node));
      if (node.type === 'not') check(node.child, node);
    };
    fc.assert(
      fc.property(queryText, (text) => {
        const r = parseQuery(text);
        if (r.ok) check(r.query, null);
      }),
      { numRuns: 500 },
    );
  });
});
