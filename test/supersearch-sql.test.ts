/**
 * Super Search must find exactly what the in-memory matcher (common/query) says matches: for
 * generated queries, documents and filters, the SQL of server/features/supersearch (day counts,
 * and pages by both plans, in every order, paged with cursors) agrees with matchesQuery.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from './helpers/app.js';
import { parseQuery } from '../common/query/parse.js';
import { indexDocument, matchesQuery } from '../common/query/match.js';
import { toTsquery, toTsvectorLiteral } from '../common/query/postgres.js';
import { articleSearchText, tokenize } from '../common/query/tokenize.js';
import { docText, queryText } from '../common/query/test-arbitraries.js';
import type { QueryNode } from '../common/query/types.js';
import type { Tx } from '../server/db/client.js';
import { countByDay, readPage, type PagePlan, type PageKey, type ResultRow, type SearchFilter, type SearchSort } from '../server/features/supersearch/repo.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const parsed = queryText
  .map((text) => parseQuery(text))
  .filter((r): r is { ok: true; query: QueryNode } => r.ok)
  .map((r) => r.query);

/** Few distinct instants (2026-03-01…06, two per day) so that equal dates — ties broken by id — are common. */
const instant = fc.integer({ min: 0, max: 11 }).map((k) => new Date(Date.UTC(2026, 2, 1 + Math.floor(k / 2), k % 2 ? 18 : 6)));
const doc = fc.record({
  title: docText,
  description: docText,
  pubDate: instant,
  language: fc.constantFrom('en', 'de', 'fr'),
  reach: fc.constantFrom(0.1, 2, 5, 9.5),
});
// The unfiltered choice comes up more often, so that enough documents pass the filters to match.
const filters = fc.record({
  from: fc.constantFrom('2026-03-01', '2026-03-01', '2026-03-02', '2026-03-04'),
  to: fc.constantFrom('2026-03-06', '2026-03-06', '2026-03-03', '2026-03-05'),
  languages: fc.constantFrom<string[][]>([], [], ['en'], ['de', 'fr']),
  minScore: fc.constantFrom(null, null, 2),
  maxScore: fc.constantFrom(null, null, 5, 10),
});

type Doc = { title: string; description: string; pubDate: Date; language: string; reach: number };

class Rollback extends Error {}

/** Runs `fn` on a transaction that is always rolled back: each property run sees only its own documents. */
async function isolated(fn: (tx: Tx) => Promise<void>) {
  try {
    await ctx.deps.db.transaction(async (tx) => {
      await fn(tx);
      throw new Rollback();
    });
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
  }
}

async function insertDocs(tx: Tx, docs: Doc[]): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, d] of docs.entries()) {
    const search = toTsvectorLiteral(tokenize(articleSearchText(d.title, d.description)));
    const res = await tx.execute<{ id: number }>(sql`
      insert into articles (url_key, url, full_url, title, description, language, pub_date, reach, search)
      values (${`prop-${i}`}, ${`https://p.example/${i}`}, ${`https://p.example/${i}`}, ${d.title}, ${d.description}, ${d.language},
              ${d.pubDate.toISOString()}::timestamptz, ${d.reach}, ${search}::tsvector)
      returning id`);
    ids.push(Number(res.rows[0].id));
  }
  return ids;
}

/** Every page of `size` rows, following the cursor keys as the API does. */
async function allPages(tx: Tx, f: SearchFilter, sort: SearchSort, plan: PagePlan, size: number): Promise<ResultRow[]> {
  const out: ResultRow[] = [];
  let key: PageKey | null = null;
  for (;;) {
    const rows = await readPage(tx, f, sort, key, size + 1, plan);
    out.push(...rows.slice(0, size));
    if (rows.length <= size) return out;
    const last = rows[size - 1];
    key = { date: last.k_date, id: last.id, rank: last.k_rank ?? undefined };
  }
}

describe('Super Search against the in-memory matcher', () => {
  it('finds, counts and pages exactly the matching documents', async () => {
    let matched = 0;
    let total = 0;
    await fc.assert(
      fc.asyncProperty(parsed, fc.array(doc, { minLength: 1, maxLength: 14 }), filters, fc.integer({ min: 1, max: 4 }), async (query, docs, flt, size) => {
        await isolated(async (tx) => {
          const ids = await insertDocs(tx, docs);
          const toExclusive = new Date(Date.parse(`${flt.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
          const f: SearchFilter = { tsquery: toTsquery(query), from: flt.from, toExclusive, languages: flt.languages, minScore: flt.minScore, maxScore: flt.maxScore };
          const expected = docs
            .map((d, i) => ({ ...d, id: ids[i] }))
            .filter((d) => {
              const day = d.pubDate.toISOString().slice(0, 10);
              if (day < flt.from || day > flt.to) return false;
              if (flt.languages.length && !flt.languages.includes(d.language)) return false;
              if ((flt.minScore !== null && d.reach < flt.minScore) || (flt.maxScore !== null && d.reach > flt.maxScore)) return false;
              return matchesQuery(query, indexDocument(articleSearchText(d.title, d.description)));
            });
          matched += expected.length;
          total += docs.length;

          const perDay = new Map<string, number>();
          for (const d of expected) perDay.set(d.pubDate.toISOString().slice(0, 10), (perDay.get(d.pubDate.toISOString().slice(0, 10)) ?? 0) + 1);
          expect(await countByDay(tx, f)).toEqual(perDay);

          const newest = [...expected].sort((a, b) => b.pubDate.getTime() - a.pubDate.getTime() || b.id - a.id).map((d) => d.id);
          const byDate = { field: 'pub_date', desc: true } as const;
          expect((await allPages(tx, f, byDate, 'collect', size)).map((r) => r.id)).toEqual(newest);
          expect((await allPages(tx, f, { ...byDate, desc: false }, 'collect', size)).map((r) => r.id)).toEqual([...newest].reverse());
          const relevance = await allPages(tx, f, { field: 'relevance', desc: true }, 'collect', size);
          expect(relevance.map((r) => r.id).sort((a, b) => a - b)).toEqual([...newest].sort((a, b) => a - b));
          const ranks = relevance.map((r) => Number(r.k_rank));
          expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
          expect((await allPages(tx, f, byDate, 'walk', size)).map((r) => r.id)).toEqual(newest);
          expect((await allPages(tx, f, { ...byDate, desc: false }, 'walk', size)).map((r) => r.id)).toEqual([...newest].reverse());
        });
      }),
      { numRuns: 150 },
    );
    // Both outcomes well represented: the filters and the small vocabulary keep matches frequent but not universal.
    expect(matched).toBeGreaterThan(total * 0.03);
    expect(matched).toBeLessThan(total * 0.8);
  });
});
