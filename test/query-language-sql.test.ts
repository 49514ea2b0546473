/**
 * The in-memory matcher and PostgreSQL's `tsvector @@ tsquery` must agree exactly: alerts are
 * matched in memory at ingest time while searches run in SQL over articles.search.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestContext, type TestContext } from './helpers/app.js';
import { parseQuery } from '../common/query/parse.js';
import { indexDocument, indexTokens, matchesQuery, MAX_POSITIONS_PER_TOKEN } from '../common/query/match.js';
import { toTsquery, toTsvectorLiteral } from '../common/query/postgres.js';
import { articleSearchText, tokenize } from '../common/query/tokenize.js';
import { docText, queryText } from '../common/query/test-arbitraries.js';
import type { QueryNode } from '../common/query/types.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** One round trip for many documents: which of them PostgreSQL says match the query. */
async function sqlMatches(query: QueryNode, vectors: string[]): Promise<boolean[]> {
  const { rows } = await ctx.deps.pool.query<{ m: boolean }>(
    'select (d.v::tsvector @@ $1::tsquery) as m from unnest($2::text[]) with ordinality as d(v, i) order by d.i',
    [toTsquery(query), vectors],
  );
  return rows.map((r) => r.m);
}

const parsed = queryText
  .map((text) => ({ text, result: parseQuery(text) }))
  .filter((x) => x.result.ok)
  .map(({ text, result }) => ({ text, query: (result as { ok: true; query: QueryNode }).query }));

describe('query language against PostgreSQL', () => {
  it('tsvector @@ tsquery equals matchesQuery for generated queries and documents', async () => {
    let matched = 0;
    let total = 0;
    await fc.assert(
      fc.asyncProperty(parsed, fc.array(fc.tuple(docText, docText), { minLength: 1, maxLength: 40 }), async ({ query }, pairs) => {
        const texts = pairs.map(([title, description]) => articleSearchText(title, description));
        const sql = await sqlMatches(
          query,
          texts.map((t) => toTsvectorLiteral(tokenize(t))),
        );
        const mem = texts.map((t) => matchesQuery(query, indexDocument(t)));
        expect(mem).toEqual(sql);
        matched += mem.filter(Boolean).length;
        total += mem.length;
      }),
      { numRuns: 250 },
    );
    // The vocabulary is small on purpose: both outcomes must be well represented.
    expect(matched).toBeGreaterThan(total * 0.1);
    expect(matched).toBeLessThan(total * 0.9);
  });

  it('agrees past 256 repetitions of a word (PostgreSQL keeps 256 positions per lexeme)', async () => {
    const tokens = [...Array(300).fill('spam'), 'eggs', 'spam', 'ham'];
    const doc = indexTokens(tokens);
    expect(doc.positions.get('spam')).toHaveLength(MAX_POSITIONS_PER_TOKEN);
    const vector = toTsvectorLiteral(tokens);
    for (const q of ['"spam eggs"', '"eggs spam"', '"spam ham"', '"spam spam"', 'eggs AND "spam ham"', 'sp*', '"eggs sp*"']) {
      const r = parseQuery(q);
      if (!r.ok) throw new Error(q);
      expect([matchesQuery(r.query, doc)], q).toEqual(await sqlMatches(r.query, [vector]));
    }
  });

  it('keeps the tokens of the longest indexed text within PostgreSQL limits', async () => {
    // 5000 words, every 100th a 150-letter run (cut to MAX_TOKEN_CHARS): 2000 tokens are kept.
    const long = Array.from({ length: 5000 }, (_, i) => (i % 100 === 0 ? `${'x'.repeat(150)}${i}` : `w${i % 700}`)).join(' ');
    const tokens = tokenize(articleSearchText('title', long));
    const { rows } = await ctx.deps.pool.query<{ n: number; maxpos: number }>(
      'select length(v) as n, (select max(p) from unnest(v) as u(l, ps, w), unnest(ps) as p) as maxpos from (select $1::tsvector as v) s',
      [toTsvectorLiteral(tokens)],
    );
    expect(rows[0].n).toBe(indexTokens(tokens).positions.size);
    expect(rows[0].maxpos).toBe(2000);
  });

  it('quotes lexemes so PostgreSQL reads them back unchanged', async () => {
    const tokens = ["it's", 'back\\slash', "''", 'plain', 'ünï'];
    const { rows } = await ctx.deps.pool.query<{ l: string }>('select lexeme as l from unnest($1::tsvector) order by lexeme', [toTsvectorLiteral(tokens)]);
    expect(rows.map((r) => r.l).sort()).toEqual([...tokens].sort());
    const query: QueryNode = { type: 'and', children: tokens.map((t) => ({ type: 'phrase', tokens: [t], prefix: false })) };
    expect(await sqlMatches(query, [toTsvectorLiteral(tokens)])).toEqual([true]);
  });
});
