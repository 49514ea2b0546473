import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toTsquery } from '../../../common/query/postgres.js';
import type { Tx } from '../../db/client.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { daysAgo, makeArchiveArticle, makeArchiveArticlesSql, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { countRecentMatches, recentMatchSamples } from './repo.js';

/**
 * The alert form's count and preview over the last two months of the archive, read from the
 * monthly search partitions (issue 17): matches found by each month's GIN index, older months
 * pruned, the wide article rows read only for the preview's few rows.
 */

let ctx: TestContext;
const word = (w: string) => toTsquery({ type: 'phrase', tokens: [w], prefix: false });
const found: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const site = await makeWebsite(ctx, { domain: 'preview.example.test' });
  // 20,000 recent filler articles over the last 50 days, no word of the test's queries: a scan
  // of the months would read all of them, the GIN index none.
  await makeArchiveArticlesSql(
    ctx,
    `
    select md5('filler' || g) as url_key, 'https://filler.example.test/' || g as url, 'https://filler.example.test/' || g as full_url,
           'Filler ' || g as title, '' as description, 'en' as language, now() - (g % 50) * interval '1 day' - interval '1 hour' as pub_date,
           1 as reach, to_tsvector('simple', 'filler story number ' || g) as search
      from generate_series(1, 20000) g`,
  );
  const hits = [
    { title: 'Quasar launch date', days: 1, reach: 5 },
    { title: 'Quasar review', days: 10, reach: 1 },
    { title: 'Quasar trailer', days: 40, reach: 8 },
    { title: 'Quasar the old one', days: 100, reach: 9 },
  ];
  for (const h of hits) {
    const a = await makeArchiveArticle(ctx, { title: h.title, pubDate: daysAgo(h.days), reach: h.reach, websiteId: site.id });
    found[h.title] = a.id;
  }
  // As autovacuum leaves a table that grew by inserts: statistics, and the GIN pending lists merged.
  await ctx.deps.db.execute(sql`vacuum analyze article_search`);
});
afterAll(() => ctx.close());

describe('recent archive matches (alert form)', () => {
  it('counts the last two months only, with the reach floor', async () => {
    expect(await countRecentMatches(ctx.deps.db, word('quasar'))).toEqual({ count: 3, capped: false });
    expect(await countRecentMatches(ctx.deps.db, word('quasar'), 4)).toEqual({ count: 2, capped: false });
    expect(await countRecentMatches(ctx.deps.db, word('nothingatall'))).toEqual({ count: 0, capped: false });
  });

  it('previews the newest matches with their outlet, newest first', async () => {
    const rows = await recentMatchSamples(ctx.deps.db, word('quasar'), null, 2);
    expect(rows.map((r) => [r.id, r.title, r.media])).toEqual([
      [found['Quasar launch date'], 'Quasar launch date', 'preview.example.test'],
      [found['Quasar review'], 'Quasar review', 'preview.example.test'],
    ]);
    expect(rows[0]!.pub_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const floor = await recentMatchSamples(ctx.deps.db, word('quasar'), 6, 5);
    expect(floor.map((r) => r.title)).toEqual(['Quasar trailer']);
  });

  it('finds the matches through the search partitions’ GIN indexes, not by scanning the months', async () => {
    // The functions' own statements, explained: a handle whose execute prefixes EXPLAIN.
    const plans: string[] = [];
    const explaining = {
      execute: async (q: SQL) => {
        const res = await ctx.deps.db.execute<{ 'QUERY PLAN': string }>(sql`explain ${q}`);
        plans.push(res.rows.map((r) => r['QUERY PLAN']).join('\n'));
        return { rows: [{ n: 0 }] };
      },
    } as unknown as Tx;
    await countRecentMatches(explaining, word('quasar'));
    await recentMatchSamples(explaining, word('quasar'), null, 5);
    expect(plans).toHaveLength(2);
    for (const plan of plans) {
      expect(plan).toMatch(/Bitmap Index Scan on article_search_\d{4}_\d{2}_search_idx/);
      expect(plan).not.toMatch(/Seq Scan|article_search_\d{4}_\d{2}_pub_date_id_idx/);
    }
  });
});
