import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { notificationSubscriptions } from '../../db/schema/notifications.js';
import { mailOutbox } from '../../db/schema/reports.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { addToFeed, makeAlert, makeArchiveArticle } from '../../../test/helpers/coverage-factories.js';
import { makeOrg, makeProject } from '../../../test/helpers/factories.js';

/**
 * What the digest tests share (digests.test.ts, digests-delivery.test.ts): the app, set up by
 * `useDigestsContext()` in each file, and the helpers that subscribe an admin, put matches in an
 * alert's feed and read the mail outbox. `ctx` is a live binding, set in the calling file's beforeAll.
 */
export let ctx: TestContext;

export function useDigestsContext() {
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'https://cw.example/', DIGEST_HOUR_UTC: '7', ALLOW_PRIVATE_NETWORK: 'true' });
  });
  afterAll(() => ctx.close());
}

export const log = { info: () => {}, warn: () => {}, error: () => {} };
export const deps = () => ({ db: ctx.deps.db, config: ctx.config, log });
export const minutes = (n: number) => n * 60_000;

/** An organization with a project, its alert, and the admin subscribed (watermark at `since`). */
export async function subscribed(opts: { keywords?: string; frequency?: 'daily' | 'instant'; since: Date; projectName?: string }) {
  const { org, admin, token } = await makeOrg(ctx, { name: 'Acme <Media>' });
  const project = await makeProject(ctx, org.id, { name: opts.projectName ?? 'Nova Launch' });
  const alert = await makeAlert(ctx, org.id, { projectId: project.id, keywords: opts.keywords ?? '"nova"' });
  const res = await ctx.call('POST', '/api/notifications', {
    token,
    body: { data: { type: 'notification', attributes: { project_id: project.id, user_id: admin.user.id } } },
  });
  const id = Number(res.json().data.id);
  await ctx.deps.db
    .update(notificationSubscriptions)
    .set({ frequency: opts.frequency ?? 'instant', coveredUntil: opts.since })
    .where(eq(notificationSubscriptions.id, id));
  return { org, admin, token, project, alert, id };
}

/** Articles put in the alert's feed as if matched at `matchedAt`. */
export async function matched(
  alert: { id: number; organizationId: number },
  matchedAt: Date,
  list: { title: string; reach?: number; url?: string; description?: string; websiteId?: number }[],
) {
  const rows = [];
  for (const a of list)
    rows.push(await makeArchiveArticle(ctx, { title: a.title, reach: a.reach ?? 1, url: a.url, description: a.description ?? '', websiteId: a.websiteId }));
  await addToFeed(ctx, alert, rows);
  await ctx.deps.db.execute(
    sql`update alert_articles set matched_at = ${matchedAt.toISOString()}::timestamptz where alert_id = ${alert.id} and article_id in (${sql.join(
      rows.map((r) => sql`${r.id}`),
      sql`, `,
    )})`,
  );
  return rows;
}

export const mailsTo = (userId: number) => ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId));
export const subRow = async (id: number) => (await ctx.deps.db.select().from(notificationSubscriptions).where(eq(notificationSubscriptions.id, id)))[0];
