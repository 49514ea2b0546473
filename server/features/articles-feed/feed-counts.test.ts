import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeProject } from '../../../test/helpers/factories.js';
import { addToFeed, makeAlert, makeArchiveArticle } from '../../../test/helpers/coverage-factories.js';
import { compactAlertFeedCounts } from '../alerts/service.js';
import { countFeed } from './repo.js';

let ctx: TestContext;
let orgId: number;
let projectId: number;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const o = await makeOrg(ctx);
  orgId = o.org.id;
  token = o.token;
  projectId = (await makeProject(ctx, orgId)).id;
});
afterAll(() => ctx.close());

const exec = (q: ReturnType<typeof sql>) => ctx.deps.db.execute(q);
const counted = async (alertId: number) =>
  Number((await exec(sql`select count(*) as n from alert_articles where alert_id = ${alertId} and deleted_at is null`)).rows[0].n);
const summed = async (alertId: number) =>
  Number((await exec(sql`select coalesce(sum(delta), 0) as n from alert_feed_counts where alert_id = ${alertId}`)).rows[0].n);

describe('feed counters (alert_feed_counts)', () => {
  it('stay equal to the visible rows through inserts, hides, restores, deletes and compaction', async () => {
    const alert = await makeAlert(ctx, orgId, { projectId, keywords: 'counter' });
    const other = await makeAlert(ctx, orgId, { projectId, keywords: 'counter other' });
    const pool = await Promise.all(Array.from({ length: 40 }, (_, i) => makeArchiveArticle(ctx, { title: `Counter ${i}` })));
    type Op = { kind: 'insert'; ids: number[]; deleted: boolean } | { kind: 'hide' | 'restore' | 'remove'; ids: number[] } | { kind: 'compact' };
    const ids = fc.uniqueArray(fc.integer({ min: 0, max: pool.length - 1 }), { minLength: 1, maxLength: 8 }).map((xs) => xs.map((i) => pool[i].id));
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), ids, deleted: fc.boolean() }),
      fc.record({ kind: fc.constantFrom('hide' as const, 'restore' as const, 'remove' as const), ids }),
      fc.constant({ kind: 'compact' as const }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        await exec(sql`delete from alert_articles where alert_id in (${alert.id}, ${other.id})`);
        for (const o of ops) {
          const list = sql.join(
            ('ids' in o ? o.ids : []).map((id) => sql`${id}`),
            sql`, `,
          );
          if (o.kind === 'insert') {
            // As the ingest does: rows already in the feed are skipped.
            await exec(sql`
              insert into alert_articles (alert_id, article_id, organization_id, pub_date, reach, language, search, deleted_at)
              select f.id, a.id, ${orgId}, a.pub_date, a.reach, a.language, a.search, ${o.deleted ? sql`now()` : sql`null`}
                from article_search a cross join (values (${alert.id}::int), (${other.id}::int)) f(id) where a.id in (${list})
              on conflict do nothing`);
          } else if (o.kind === 'hide') {
            await exec(sql`update alert_articles set deleted_at = coalesce(deleted_at, now()) where alert_id = ${alert.id} and article_id in (${list})`);
          } else if (o.kind === 'restore') {
            await exec(sql`update alert_articles set deleted_at = null where alert_id = ${alert.id} and article_id in (${list})`);
          } else if (o.kind === 'remove') {
            await exec(sql`delete from alert_articles where alert_id = ${alert.id} and article_id in (${list})`);
          } else {
            await compactAlertFeedCounts(ctx.deps.db, 0);
          }
          expect(await summed(alert.id)).toBe(await counted(alert.id));
          expect(await summed(other.id)).toBe(await counted(other.id));
        }
      }),
      { numRuns: 25 },
    );
  });

  it('answer the unfiltered total of the feed list, and go away with their alert', async () => {
    const alert = await makeAlert(ctx, orgId, { projectId, keywords: 'listed' });
    const articles = await Promise.all(Array.from({ length: 5 }, (_, i) => makeArchiveArticle(ctx, { title: `Listed ${i}` })));
    await addToFeed(ctx, alert, articles.slice(0, 4));
    await addToFeed(ctx, alert, articles.slice(4), { deleted: true });
    const feedAlert = { id: alert.id, projectId, lastRunAt: null };
    expect(await countFeed(ctx.deps.db, feedAlert, {})).toBe(4);
    expect(await countFeed(ctx.deps.db, feedAlert, { languages: [] })).toBe(4);
    const res = await ctx.call('GET', `/api/articles_feed/${alert.id}`, { token });
    expect(res.json().meta.total_entries).toBe(4);
    await compactAlertFeedCounts(ctx.deps.db, 0);
    expect(Number((await exec(sql`select count(*) as n from alert_feed_counts where alert_id = ${alert.id}`)).rows[0].n)).toBe(1);
    expect(await countFeed(ctx.deps.db, feedAlert, {})).toBe(4);

    await exec(sql`delete from alerts where id = ${alert.id}`);
    expect(await summed(alert.id)).toBe(0);
    expect(Number((await exec(sql`select count(*) as n from alert_feed_counts where alert_id = ${alert.id}`)).rows[0].n)).toBe(0);
  });
});
