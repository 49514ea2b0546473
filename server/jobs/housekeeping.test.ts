import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { invites, loginFailures, sessions } from '../db/schema/accounts.js';
import { createTestContext, type TestContext } from '../../test/helpers/app.js';
import { makeInvite, makeOrg, makeUser } from '../../test/helpers/factories.js';
import { runHousekeeping } from './housekeeping.js';

/** Housekeeping, done through each table's owner: invitations, sessions, login failures. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('housekeeping', () => {
  it('expires old invitations and deletes dead sessions and day-old login failures, and nothing else', async () => {
    const { org } = await makeOrg(ctx);
    const old = await makeInvite(ctx, org.id, { expiresAt: new Date(Date.now() - 60_000) });
    const live = await makeInvite(ctx, org.id);
    const { user } = await makeUser(ctx);
    const hour = 3600_000;
    const [dead] = await ctx.deps.db
      .insert(sessions)
      .values({ userId: user.id, expiresAt: new Date(Date.now() - hour) })
      .returning();
    const [revoked] = await ctx.deps.db
      .insert(sessions)
      .values({ userId: user.id, expiresAt: new Date(Date.now() + hour), revokedAt: new Date(Date.now() - 25 * hour) })
      .returning();
    const [current] = await ctx.deps.db
      .insert(sessions)
      .values({ userId: user.id, expiresAt: new Date(Date.now() + hour) })
      .returning();
    await ctx.deps.db.insert(loginFailures).values([
      { email: 'a@example.test', ip: '192.0.2.1', at: new Date(Date.now() - 25 * hour) },
      { email: 'b@example.test', ip: '192.0.2.1', at: new Date() },
    ]);

    // Story keys: one past the stories' window (and its margin), one within it.
    await ctx.deps.db.execute(sql`insert into story_keys (article_id, pub_date, story_id, keys) values
      (900000001, now() - interval '5 days', 900000001, '{1,2}'), (900000002, now() - interval '1 day', 900000002, '{3}')`);

    const result = await runHousekeeping(ctx.deps.db);
    expect(result).toMatchObject({ expiredInvites: 1, deletedLoginFailures: 1, storyKeys: 1 });
    expect((await ctx.deps.db.execute<{ article_id: number }>(sql`select article_id from story_keys`)).rows.map((r) => Number(r.article_id))).toEqual([
      900000002,
    ]);
    expect(result.deletedSessions).toBeGreaterThanOrEqual(2);
    const status = async (key: string) => (await ctx.deps.db.select().from(invites).where(eq(invites.key, key)))[0].status;
    expect([await status(old.key), await status(live.key)]).toEqual(['expired', 'active']);
    const left = (await ctx.deps.db.select({ id: sessions.id }).from(sessions)).map((s) => s.id);
    expect(left).toContain(current.id);
    expect(left).not.toContain(dead.id);
    expect(left).not.toContain(revoked.id);
    expect((await ctx.deps.db.select().from(loginFailures)).map((f) => f.email)).toEqual(['b@example.test']);
  });
});
