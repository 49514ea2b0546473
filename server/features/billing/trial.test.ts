import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ROLE } from '../../../common/limits.js';
import { CAPABILITIES_BY_LEGACY_ID } from '../../../common/plans.js';
import { organizations } from '../../db/schema/accounts.js';
import { trialNotices } from '../../db/schema/billing.js';
import { mailOutbox } from '../../db/schema/reports.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { addMember, makeOrg } from '../../../test/helpers/factories.js';
import { runTrialLifecycle } from './trial.js';
import { dueReminder, formatTrialDate, renderTrialMail } from './trial-mail.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const silent = { info() {}, warn() {}, error() {} };

let ctx: TestContext;
beforeAll(async () => {
  // Stripe "configured" (checkout possible) but unreachable: the trial job never calls it.
  ctx = await createTestContext({
    PUBLIC_URL: 'https://cw.example.test',
    BILLING_CONTACT_EMAIL: 'billing@example.test',
    STRIPE_SECRET_KEY: 'sk_test_trial',
    STRIPE_API_URL: 'http://127.0.0.1:9',
  });
});
afterAll(() => ctx?.close());

const run = (now: Date, c: TestContext = ctx) => runTrialLifecycle({ db: c.deps.db, config: c.config, log: silent }, now);

/** A trial organization whose trial ends at `endsAt`. */
async function trialOrg(endsAt: Date, opts: { name?: string } = {}, c: TestContext = ctx) {
  const o = await makeOrg(c, { plan: 'trial', name: opts.name });
  await c.deps.db.update(organizations).set({ trialEndsAt: endsAt }).where(eq(organizations.id, o.org.id));
  return o;
}

const mailsOf = (orgId: number, c: TestContext = ctx) => c.deps.db.select().from(mailOutbox).where(eq(mailOutbox.organizationId, orgId)).orderBy(mailOutbox.id);
const noticesOf = (orgId: number) => ctx.deps.db.select().from(trialNotices).where(eq(trialNotices.organizationId, orgId)).orderBy(trialNotices.sentAt);
const orgRow = async (id: number) => (await ctx.deps.db.select().from(organizations).where(eq(organizations.id, id)))[0]!;

describe('dueReminder', () => {
  const end = new Date('2026-11-27T12:00:00Z');
  it.each([
    [4 * DAY, null],
    [3 * DAY + 1, null],
    [3 * DAY, 'three_days'],
    [DAY + 1, 'three_days'],
    [DAY, 'last_day'],
    [1, 'last_day'],
    [0, null],
    [-HOUR, null],
  ])('%d ms before the end → %s', (before, kind) => {
    expect(dueReminder(end, new Date(end.getTime() - before))).toBe(kind);
  });
});

describe('runTrialLifecycle: reminders', () => {
  it('sends three_days, then last_day, then expired, each once, to the admin', async () => {
    const t0 = new Date();
    const endsAt = new Date(t0.getTime() + 2.5 * DAY);
    const { org, admin } = await trialOrg(endsAt, { name: 'Northwind Press' });

    await run(new Date(t0.getTime() - DAY)); // 3.5 days before: too early
    expect(await mailsOf(org.id)).toHaveLength(0);

    await run(t0);
    await run(new Date(t0.getTime() + HOUR)); // the next hourly run: nothing new
    let mails = await mailsOf(org.id);
    expect(mails.map((m) => m.subject)).toEqual(['Your Coverwatch trial ends in 3 days']);
    expect(mails[0]).toMatchObject({ toAddress: admin.user.email, userId: admin.user.id, status: 'queued' });
    expect(mails[0]!.textBody).toContain('Northwind Press');
    expect(mails[0]!.textBody).toContain(formatTrialDate(endsAt));
    expect(mails[0]!.textBody).toContain('3 days left');
    expect(mails[0]!.textBody).toContain('Nothing is deleted');
    expect(mails[0]!.textBody).toContain('https://cw.example.test/settings');

    const lastDay = new Date(endsAt.getTime() - 5 * HOUR);
    await run(lastDay);
    await run(new Date(lastDay.getTime() + HOUR));
    mails = await mailsOf(org.id);
    expect(mails.map((m) => m.subject)).toEqual([
      'Your Coverwatch trial ends in 3 days',
      expect.stringMatching(/^Your Coverwatch trial ends (today|tomorrow)$/),
    ]);
    expect(mails[1]!.textBody).toContain('5 hours left');
    expect((await orgRow(org.id)).subscriptionStatus).toBe('trialing');

    const after = new Date(endsAt.getTime() + HOUR);
    await run(after);
    await run(new Date(after.getTime() + HOUR));
    mails = await mailsOf(org.id);
    expect(mails.map((m) => m.subject).slice(2)).toEqual(['Your Coverwatch trial has ended']);
    expect(mails[2]!.textBody).toContain('Nothing has been deleted');
    expect((await noticesOf(org.id)).map((n) => n.kind)).toEqual(['three_days', 'last_day', 'expired']);
  });

  it('a server down during the three-day window sends only the last-day reminder', async () => {
    const t0 = new Date();
    const { org } = await trialOrg(new Date(t0.getTime() + 20 * HOUR));
    const result = await run(t0);
    expect(result.reminded).toBeGreaterThanOrEqual(1);
    expect((await mailsOf(org.id)).map((m) => m.subject)).toEqual([expect.stringMatching(/^Your Coverwatch trial ends (today|tomorrow)$/)]);
    expect((await noticesOf(org.id)).map((n) => n.kind)).toEqual(['last_day']);
  });

  it('concurrent runs send each notice exactly once', async () => {
    const t0 = new Date();
    const { org } = await trialOrg(new Date(t0.getTime() + 2 * DAY));
    const ended = await trialOrg(new Date(t0.getTime() - HOUR));
    await Promise.all([run(t0), run(t0), run(t0)]);
    expect((await mailsOf(org.id)).map((m) => m.subject)).toEqual(['Your Coverwatch trial ends in 2 days']);
    expect((await mailsOf(ended.org.id)).map((m) => m.subject)).toEqual(['Your Coverwatch trial has ended']);
  });

  it('every admin gets one e-mail, a plain member and a removed member none', async () => {
    const t0 = new Date();
    const { org, admin } = await trialOrg(new Date(t0.getTime() + 2 * DAY));
    const second = await addMember(ctx, org.id, ROLE.admin, { name: 'Second Admin' });
    const member = await addMember(ctx, org.id, ROLE.user);
    const kicked = await addMember(ctx, org.id, ROLE.kicked);
    await run(t0);
    const mails = await mailsOf(org.id);
    expect(mails.map((m) => m.toAddress).sort()).toEqual([admin.user.email, second.user.email].sort());
    expect(mails.map((m) => m.toAddress)).not.toContain(member.user.email);
    expect(mails.map((m) => m.toAddress)).not.toContain(kicked.user.email);
    expect(mails.find((m) => m.userId === second.user.id)!.textBody).toMatch(/^Hello Second Admin,/);
  });

  it('an extended trial gets its reminders again', async () => {
    const t0 = new Date();
    const { org } = await trialOrg(new Date(t0.getTime() + 2 * DAY));
    await run(t0);
    const extended = new Date(t0.getTime() + 9 * DAY);
    await ctx.deps.db.update(organizations).set({ trialEndsAt: extended }).where(eq(organizations.id, org.id));
    await run(new Date(t0.getTime() + HOUR)); // 9 days left: nothing yet
    expect(await mailsOf(org.id)).toHaveLength(1);
    await run(new Date(extended.getTime() - 2 * DAY));
    const notices = await noticesOf(org.id);
    expect(notices.map((n) => [n.kind, n.trialEndsAt.toISOString()])).toEqual([
      ['three_days', new Date(t0.getTime() + 2 * DAY).toISOString()],
      ['three_days', extended.toISOString()],
    ]);
    expect(await mailsOf(org.id)).toHaveLength(2);
  });

  it('escapes a hostile organization name in the HTML part and keeps it readable in the text', async () => {
    const hostile = '<img src=x onerror="alert(1)"> & <b>Co</b>';
    const t0 = new Date();
    const { org } = await trialOrg(new Date(t0.getTime() + 2 * DAY), { name: hostile });
    await run(t0);
    const [mail] = await mailsOf(org.id);
    expect(mail!.htmlBody).not.toContain('<img');
    expect(mail!.htmlBody).not.toContain('<b>Co');
    expect(mail!.htmlBody).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &lt;b&gt;Co&lt;/b&gt;');
    expect(mail!.htmlBody).toContain('<a href="https://cw.example.test/settings">');
    expect(mail!.textBody).toContain(hostile);
  });
});

describe('runTrialLifecycle: expiry', () => {
  it('marks an ended trial expired, and GET user shows trial_expired', async () => {
    const t0 = new Date();
    const { org, token } = await trialOrg(new Date(t0.getTime() - HOUR));
    const running = await trialOrg(new Date(t0.getTime() + 10 * DAY));
    const result = await run(t0);
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect((await orgRow(org.id)).subscriptionStatus).toBe('expired');
    expect((await orgRow(running.org.id)).subscriptionStatus).toBe('trialing');
    expect(await mailsOf(running.org.id)).toHaveLength(0);
    ctx.deps.authenticator.forgetAll();
    const res = await ctx.call('GET', '/api/user', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes.organization.subscription_status).toMatchObject({ trial_expired: true, status: 'expired' });
  });

  it('never touches the platform operator, whatever its trial date says', async () => {
    const t0 = new Date();
    const op = await makeOrg(ctx, { plan: 'trial', capabilities: CAPABILITIES_BY_LEGACY_ID[1] });
    await ctx.deps.db
      .update(organizations)
      .set({ trialEndsAt: new Date(t0.getTime() - DAY) })
      .where(eq(organizations.id, op.org.id));
    const op2 = await makeOrg(ctx, { plan: 'trial', capabilities: CAPABILITIES_BY_LEGACY_ID[1] });
    await ctx.deps.db
      .update(organizations)
      .set({ trialEndsAt: new Date(t0.getTime() + 2 * DAY) })
      .where(eq(organizations.id, op2.org.id));
    await run(t0);
    expect((await orgRow(op.org.id)).subscriptionStatus).toBe('trialing');
    expect(await mailsOf(op.org.id)).toHaveLength(0);
    expect(await mailsOf(op2.org.id)).toHaveLength(0);
    expect(
      await ctx.deps.db
        .select()
        .from(trialNotices)
        .where(and(eq(trialNotices.organizationId, op.org.id))),
    ).toHaveLength(0);
  });

  it('leaves paying organizations alone', async () => {
    const t0 = new Date();
    const { org } = await makeOrg(ctx, { plan: 'pro' });
    await ctx.deps.db
      .update(organizations)
      .set({ trialEndsAt: new Date(t0.getTime() - DAY) })
      .where(eq(organizations.id, org.id));
    await run(t0);
    expect((await orgRow(org.id)).subscriptionStatus).toBe('active');
    expect(await mailsOf(org.id)).toHaveLength(0);
  });
});

describe('trial e-mail texts', () => {
  const base = {
    organizationName: 'Acme',
    recipientName: 'Ada',
    trialEndsAt: new Date('2026-11-27T14:00:00Z'),
    now: new Date('2026-11-24T15:00:00Z'),
  };

  it('names the end date in UTC, the days left, and links to the settings page', () => {
    const mail = renderTrialMail({
      ...base,
      kind: 'three_days',
      upgrade: { publicUrl: 'https://cw.example/', checkoutEnabled: true, contactEmail: 'b@x.test' },
    });
    expect(mail.subject).toBe('Your Coverwatch trial ends in 3 days');
    expect(mail.text).toContain('ends on Friday 27 November 2026 at 14:00 UTC: 3 days left.');
    expect(mail.text).toContain('https://cw.example/settings');
    expect(mail.text).not.toContain('b@x.test');
  });

  it('without PUBLIC_URL says where the button is; without Stripe names the billing contact', () => {
    const noUrl = renderTrialMail({
      ...base,
      kind: 'last_day',
      now: new Date('2026-11-27T09:00:00Z'),
      upgrade: { checkoutEnabled: true, contactEmail: 'b@x.test' },
    });
    expect(noUrl.subject).toBe('Your Coverwatch trial ends today');
    expect(noUrl.text).toContain('open Coverwatch and choose Upgrade');
    const noStripe = renderTrialMail({
      ...base,
      kind: 'expired',
      upgrade: { publicUrl: 'https://cw.example', checkoutEnabled: false, contactEmail: 'b@x.test' },
    });
    expect(noStripe.subject).toBe('Your Coverwatch trial has ended');
    expect(noStripe.text).toContain('write to b@x.test');
    expect(noStripe.html).toContain('<a href="mailto:b@x.test">b@x.test</a>');
    expect(noStripe.text).not.toContain('/settings');
  });

  it('says tomorrow when the last day crosses midnight UTC', () => {
    const mail = renderTrialMail({
      ...base,
      kind: 'last_day',
      now: new Date('2026-11-26T20:00:00Z'),
      upgrade: { checkoutEnabled: true, contactEmail: 'b@x.test' },
    });
    expect(mail.subject).toBe('Your Coverwatch trial ends tomorrow');
    expect(mail.text).toContain('18 hours left');
  });
});
