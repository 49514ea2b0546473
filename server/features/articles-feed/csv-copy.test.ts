import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_CSV_COLUMNS } from '../../../common/schemas/articles-feed.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeProject } from '../../../test/helpers/factories.js';
import { makeAlert, makeArchiveArticlesSql } from '../../../test/helpers/coverage-factories.js';
import { inlineParams } from '../../http/csv.js';

let ctx: TestContext;
const feed = {} as { alertId: number; token: string; rows: number };

beforeAll(async () => {
  ctx = await createTestContext();
  const { token, org } = await makeOrg(ctx);
  const alert = await makeAlert(ctx, org.id, { projectId: (await makeProject(ctx, org.id)).id });
  // 30,000 rows (~4 MB of CSV): more than the sockets between PostgreSQL, the server and the
  // client buffer, so a client that stops reading leaves the COPY half sent.
  feed.rows = 30_000;
  await makeArchiveArticlesSql(
    ctx,
    `
    select md5('copy' || g) as url_key, 'https://copy.example.test/' || g as url, 'https://copy.example.test/' || g as full_url,
           'Copied story number ' || g || ' with a title long enough to fill the pipe' as title, '' as description, 'en' as language,
           timestamptz '2024-01-01' + g * interval '1 minute' as pub_date, now() as first_seen_at, 5 as reach, ''::tsvector as search
      from generate_series(1, ${feed.rows}) g`,
    ['first_seen_at'],
  );
  await ctx.deps.db.execute(sql`
    insert into alert_articles (alert_id, article_id, organization_id, pub_date, reach, language, title_sort, media, search)
    select ${alert.id}, a.id, ${org.id}, a.pub_date, a.reach, a.language, lower(a.title), 'copy.example.test', s.search
      from articles a join article_search s on s.id = a.id and s.pub_date = a.pub_date
     where a.url like 'https://copy.example.test/%'`);
  Object.assign(feed, { alertId: alert.id, token });
});
afterAll(() => ctx.close());

describe('inlineParams (COPY takes no parameters)', () => {
  it('gives PostgreSQL the same values as the parameters would', async () => {
    const text = fc.string({ unit: 'binary', maxLength: 30 }).map((s) => s.replace(/\0/g, ''));
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.array(text, { maxLength: 4 }),
        fc.integer(),
        fc.boolean(),
        fc.array(fc.integer({ min: 0 }), { maxLength: 3 }),
        async (s, list, n, b, ids) => {
          const query = sql`select ${s}::text as s, ${sql.param(list)}::text[] as list, ${n}::int as n, ${b}::boolean as b, ${sql.param(ids)}::bigint[] as ids, '$1 stays' as lit`;
          const viaParams = (await ctx.deps.db.execute(query)).rows[0];
          const viaText = (await ctx.deps.pool.query(inlineParams(query))).rows[0];
          expect(viaText).toEqual(viaParams);
          expect(viaText.lit).toBe('$1 stays');
        },
      ),
      { numRuns: 60, examples: [['', [], -2147483648, false, []]] },
    );
  });
});

describe('CSV export through COPY', () => {
  it('streams every row with the header, and frees the connection when the client stops reading', async () => {
    const full = await ctx.call('GET', `/api/csv/articles_feed/${feed.alertId}`, { token: feed.token });
    const lines = full.body.trim().split('\n');
    expect(lines[0]).toBe(FEED_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(feed.rows + 1);
    expect(lines[1]).toMatch(
      /^\d+,Copied story number 30000 with a title long enough to fill the pipe,https:\/\/copy\.example\.test\/30000,copy\.example\.test,5,en,2024-01-21T20:00:00Z,,false,$/,
    );

    // A real socket: read the first chunk, then hang up in the middle of the export.
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) => {
      const req = http.get(
        { host: '127.0.0.1', port, path: `/api/csv/articles_feed/${feed.alertId}`, headers: { authorization: `Bearer ${feed.token}` } },
        (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        },
      );
      req.on('error', (e) => (e.message.includes('socket hang up') || e.message.includes('aborted') ? resolve() : reject(e)));
    });
    // The half-sent COPY's connection is closed, not handed back to the pool mid-COPY.
    for (let i = 0; i < 50 && ctx.deps.pool.totalCount > ctx.deps.pool.idleCount; i++) await new Promise((r) => setTimeout(r, 100));
    expect(ctx.deps.pool.totalCount).toBe(ctx.deps.pool.idleCount);
    for (let i = 0; i < 5; i++) expect((await ctx.deps.pool.query('select 1 as one')).rows[0].one).toBe(1);
    const again = await ctx.call('GET', `/api/csv/articles_feed/${feed.alertId}?filter[ids_list]=1,2`, { token: feed.token });
    expect(again.statusCode).toBe(200);
  });
});
