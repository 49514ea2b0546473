import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { addMember, makeOrg } from '../../../test/helpers/factories.js';
import { startFakeSmtp, type FakeSmtp } from '../../../test/fakes/smtp.js';
import { CAPABILITIES_BY_LEGACY_ID } from '../../../common/plans.js';
import { exports, mailOutbox } from '../../db/schema/reports.js';
import { createSmtpClient } from '../../integrations/smtp/client.js';
import { createMailQueues, dueAfterSeconds, MAX_ATTEMPTS, sendDueMail, startMailWorkers, type MailSenderDeps } from './jobs.js';
import { MAIL_QUEUES, queueMail } from './service.js';

let ctx: TestContext;
let smtp: FakeSmtp;
let lines: { level: string; fields: Record<string, unknown>; msg: string }[];

const log = {
  info: (fields: object, msg: string) => void lines.push({ level: 'info', fields: fields as Record<string, unknown>, msg }),
  warn: (fields: object, msg: string) => void lines.push({ level: 'warn', fields: fields as Record<string, unknown>, msg }),
  error: (fields: object, msg: string) => void lines.push({ level: 'error', fields: fields as Record<string, unknown>, msg }),
} as unknown as MailSenderDeps['log'];

/** Sender deps: through the fake SMTP server, or (smtpUrl null) without SMTP. */
function deps(smtpUrl: string | null = smtp.url): MailSenderDeps {
  return {
    db: ctx.deps.db,
    storage: ctx.deps.storage,
    log,
    config: { dataDir: ctx.config.dataDir, mail: { smtpUrl: smtpUrl ?? undefined, from: 'Coverwatch <no-reply@coverwatch.local>' } },
    smtp: smtpUrl ? createSmtpClient(smtpUrl, { timeoutMs: 2000 }) : null,
  };
}
const later = (seconds: number) => () => new Date(Date.now() + seconds * 1000);
const row = async (id: number) => (await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
const mail = (subject: string, extra: Partial<Parameters<typeof queueMail>[1]> = {}) =>
  queueMail(ctx.deps.db, { organizationId: null, userId: null, to: 'ana@example.test', subject, text: `Body of ${subject}`, ...extra });

beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await startFakeSmtp();
});
afterAll(async () => {
  await smtp?.close();
  await ctx?.close();
});
beforeEach(async () => {
  // Rows left by an earlier test must not be sent by this one.
  await ctx.deps.db
    .update(mailOutbox)
    .set({ status: 'failed' })
    .where(inArray(mailOutbox.status, ['queued']));
  smtp.messages.length = 0;
  lines = [];
});

describe('mail sender', () => {
  it('sends through SMTP: subject, text and an attachment from storage arrive; the row is sent', async () => {
    await ctx.deps.storage.put('exports/test/report.csv', Buffer.from('title,date\nÉté,2026-05-01\n'));
    const { id } = await mail('Your export — Été', {
      text: 'Download: https://cw.example/api/p/exports/tok\nValid 7 days. Ça marche.',
      attachments: [{ filename: 'supersearch-2026-05-01.csv', key: 'exports/test/report.csv', content_type: 'text/csv' }],
    });
    expect((await row(id)).status).toBe('queued');
    expect(await sendDueMail(deps())).toEqual({ sent: 1, kept: 0, retried: 0, failed: 0 });
    const m = await smtp.waitFor((x) => x.subject === 'Your export — Été');
    expect(m.to).toEqual(['ana@example.test']);
    expect(m.from).toBe('no-reply@coverwatch.local');
    expect(m.text).toBe('Download: https://cw.example/api/p/exports/tok\nValid 7 days. Ça marche.');
    expect(m.attachments).toHaveLength(1);
    expect(m.attachments[0].filename).toBe('supersearch-2026-05-01.csv');
    expect(m.attachments[0].content.toString('utf8')).toBe('title,date\nÉté,2026-05-01\n');
    const after = await row(id);
    expect(after).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(after.sentAt).toBeInstanceOf(Date);
    // Sent is final: another sweep sends nothing.
    expect((await sendDueMail(deps(), { now: later(86400) })).sent).toBe(0);
    expect(smtp.messages).toHaveLength(1);
  });

  it('without SMTP_URL keeps the message and logs recipient, subject, links and file paths', async () => {
    const owner = await makeOrg(ctx);
    await ctx.deps.db.insert(exports).values({
      token: 'abc',
      organizationId: owner.org.id,
      kind: 'supersearch',
      params: {},
      toEmail: 'ana@example.test',
      status: 'done',
      fileKey: 'exports/abc.csv',
    });
    const { id } = await mail('Kept export', {
      text: 'Your file: https://cw.example/api/p/exports/abc (7 days)',
      attachments: [{ filename: 'a.csv', key: 'exports/1/a.csv', content_type: 'text/csv' }],
    });
    expect(await sendDueMail(deps(null))).toMatchObject({ kept: 1, sent: 0 });
    expect(await row(id)).toMatchObject({ status: 'kept', attempts: 0, sentAt: null });
    const line = lines.find((l) => l.fields.mailId === id)!;
    expect(line.level).toBe('info');
    // The link is logged masked (its token opens the file); the file's path serves the operator.
    expect(line.fields).toMatchObject({ to: 'ana@example.test', subject: 'Kept export', links: ['https://cw.example/api/p/exports/…'] });
    // The attachment's file, and the file the download link serves.
    expect(line.fields.files).toEqual([`${ctx.config.dataDir}/uploads/exports/1/a.csv`, `${ctx.config.dataDir}/uploads/exports/abc.csv`]);
    expect(smtp.messages).toHaveLength(0);
  });

  it('never writes a one-time token to the log: reset, confirmation, unsubscribe and export links are masked', async () => {
    const tokens = {
      reset: 'rst_Q1w2E3r4T5y6U7i8O9p0AsDfGhJkL',
      verify: 'vfy_Z9x8C7v6B5n4M3q2W1e0RtYuIoPaS',
      unsubscribe: 'uns_P0o9I8u7Y6t5R4e3W2q1LkJhGfDsA',
      unsubscribeApi: 'una_M1n2B3v4C5x6Z7l8K9j0HgFdSaQwE',
      export: 'exp_A1s2D3f4G5h6J7k8L9z0XcVbNmQwE',
    };
    const texts = [
      ['Reset your password', `Choose a new password: https://cw.example/reset-password/${tokens.reset}\nIt works for 60 minutes.`],
      ['Confirm your address', `Confirm: https://cw.example/verify-email/${tokens.verify}`],
      [
        'Your weekly digest',
        `Stop these e-mails: https://cw.example/unsubscribe/${tokens.unsubscribe}\nOne click: https://cw.example/api/p/unsubscribe/${tokens.unsubscribeApi}`,
      ],
      ['Your export is ready', `Download: https://cw.example/api/p/exports/${tokens.export} (7 days)`],
    ] as const;
    for (const [subject, text] of texts) await mail(subject, { text });
    expect(await sendDueMail(deps(null))).toMatchObject({ kept: texts.length });
    const logged = JSON.stringify(lines);
    for (const token of Object.values(tokens)) expect(logged).not.toContain(token);
    const links = lines.flatMap((l) => (l.fields.links as string[] | undefined) ?? []);
    expect(links).toEqual([
      'https://cw.example/reset-password/…',
      'https://cw.example/verify-email/…',
      'https://cw.example/unsubscribe/…',
      'https://cw.example/api/p/unsubscribe/…',
      'https://cw.example/api/p/exports/…',
    ]);
  });

  it('retries a 4xx answer with back-off, then sends', async () => {
    smtp.failNext(451);
    const { id } = await mail('Greylisted');
    expect(await sendDueMail(deps())).toMatchObject({ retried: 1 });
    const after = await row(id);
    expect(after).toMatchObject({ status: 'queued', attempts: 1 });
    expect(after.lastError).toMatch(/451/);
    // Not due before its back-off has passed, due after.
    expect(await sendDueMail(deps(), { now: later(dueAfterSeconds(1) - 5) })).toMatchObject({ sent: 0, retried: 0 });
    expect(await sendDueMail(deps(), { now: later(dueAfterSeconds(1) + 1) })).toMatchObject({ sent: 1 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(smtp.messages.map((m) => m.subject)).toEqual(['Greylisted']);
  });

  it('fails a 5xx answer for good, with the server reply', async () => {
    smtp.failNext(550);
    const { id } = await mail('Bounced');
    expect(await sendDueMail(deps())).toMatchObject({ failed: 1 });
    const after = await row(id);
    expect(after).toMatchObject({ status: 'failed', attempts: 1 });
    expect(after.lastError).toMatch(/^550 .*Mailbox unavailable/);
    expect(await sendDueMail(deps(), { now: later(86400 * 30) })).toMatchObject({ sent: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(0);
  });

  it('treats an unreachable server as transient, and gives up after MAX_ATTEMPTS', async () => {
    const closed = await startFakeSmtp();
    await closed.close();
    const { id } = await mail('Nobody home');
    expect(await sendDueMail(deps(closed.url))).toMatchObject({ retried: 1 });
    expect((await row(id)).lastError).toMatch(/ECONNREFUSED|connect/i);
    await ctx.deps.db
      .update(mailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(mailOutbox.id, id));
    expect(await sendDueMail(deps(closed.url), { now: later(dueAfterSeconds(MAX_ATTEMPTS)) })).toMatchObject({ failed: 1 });
    const after = await row(id);
    expect(after).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(after.lastError).toMatch(/gave up after 20 attempts/);
  });

  it('fails a message whose attached file is gone', async () => {
    const { id } = await mail('Lost file', { attachments: [{ filename: 'x.csv', key: 'exports/none/x.csv', content_type: 'text/csv' }] });
    expect(await sendDueMail(deps())).toMatchObject({ failed: 1 });
    expect((await row(id)).lastError).toBe('The attached file x.csv is no longer stored');
  });

  it('never sends a row twice when two senders run at once', async () => {
    const ids = [];
    for (let i = 0; i < 12; i++) ids.push((await mail(`Parallel ${i}`)).id);
    const [a, b] = await Promise.all([sendDueMail(deps()), sendDueMail(deps())]);
    expect(a.sent + b.sent).toBe(12);
    expect(smtp.messages.map((m) => m.subject).sort()).toEqual(ids.map((_, i) => `Parallel ${i}`).sort());
    const rows = await ctx.deps.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('due times in SQL follow dueAfterSeconds', async () => {
    const { id } = await mail('Schedule');
    for (const attempts of [0, 1, 2, 6, 7, 8, 12]) {
      await ctx.deps.db
        .update(mailOutbox)
        .set({ attempts, insertedAt: sql`now() - make_interval(secs => ${dueAfterSeconds(attempts) - 2})` })
        .where(eq(mailOutbox.id, id));
      const notYet = await sendDueMail(deps(null), { id });
      await ctx.deps.db
        .update(mailOutbox)
        .set({ insertedAt: sql`now() - make_interval(secs => ${dueAfterSeconds(attempts) + 2})` })
        .where(eq(mailOutbox.id, id));
      const due = await sendDueMail(deps(null), { id });
      expect([attempts, notYet.kept, due.kept]).toEqual([attempts, 0, 1]);
      await ctx.deps.db.update(mailOutbox).set({ status: 'queued' }).where(eq(mailOutbox.id, id));
    }
    expect(dueAfterSeconds(3)).toBe(30 + 60 + 120);
    expect(dueAfterSeconds(9) - dueAfterSeconds(8)).toBe(3600);
  });
});

describe('queueMail with the job queue', () => {
  let boss: PgBoss;
  beforeAll(async () => {
    boss = new PgBoss({ connectionString: ctx.dbUrl, max: 3, schedule: false, supervise: false });
    boss.on('error', () => {});
    await boss.start();
    await createMailQueues(boss);
  });
  afterAll(async () => {
    await boss?.stop({ graceful: false, timeout: 2000 }).catch(() => {});
  });

  it('enqueues mail-send in the caller transaction: a rollback leaves neither row nor job', async () => {
    let rolledBack = 0;
    await ctx.deps.db
      .transaction(async (tx) => {
        rolledBack = (await queueMail(tx, { organizationId: null, userId: null, to: 'x@example.test', subject: 'Never', text: 'no' })).id;
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(await row(rolledBack)).toBeUndefined();
    expect(await boss.findJobs(MAIL_QUEUES.send, { data: { id: rolledBack } })).toHaveLength(0);

    const committed = await ctx.deps.db.transaction((tx) =>
      queueMail(tx, { organizationId: null, userId: null, to: 'job@example.test', subject: 'Through the queue', text: 'Hello' }),
    );
    expect(await boss.findJobs(MAIL_QUEUES.send, { data: { id: committed.id } })).toHaveLength(1);

    // The worker picks the job up and sends the row.
    await startMailWorkers(boss, { ...deps(), storage: ctx.deps.storage });
    const m = await smtp.waitFor((x) => x.subject === 'Through the queue', 15000);
    expect(m.to).toEqual(['job@example.test']);
    await expect.poll(async () => (await row(committed.id)).status, { timeout: 5000 }).toBe('sent');
  });
});

describe('GET /api/mail_outbox', () => {
  it("masks the secret tokens of another person's links (reset, confirmation, unsubscribe), keeps the rest", async () => {
    const operator = await makeOrg(ctx, { plan: 'admin', capabilities: CAPABILITIES_BY_LEGACY_ID[1] });
    const token = 'Qx7_abcdefghijklmnopqrstuvwxyz0123456789ABCD';
    const text = [
      `Reset: https://cw.example/reset-password/${token}`,
      `Confirm: https://cw.example/verify-email/${token}`,
      `Stop: https://cw.example/unsubscribe/${token} or https://cw.example/api/p/unsubscribe/${token}`,
      'Report: https://cw.example/p/r/42',
    ].join('\n');
    const sent = await mail('Links', { text });
    const res = await ctx.call('GET', '/api/mail_outbox?page_size=100', { token: operator.token });
    const shown = res.json().data.find((d: { id: string }) => Number(d.id) === sent.id).attributes.text_body as string;
    expect(shown).not.toContain(token);
    expect(shown).toContain('https://cw.example/reset-password/…');
    expect(shown).toContain('https://cw.example/api/p/unsubscribe/…');
    expect(shown).toContain('https://cw.example/p/r/42');
    // The message itself still goes out whole.
    const [row] = await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, sent.id));
    expect(row.textBody).toContain(token);
  });

  it("shows admins their organization's messages, newest first; members are refused; other organizations' are invisible", async () => {
    const owner = await makeOrg(ctx);
    const other = await makeOrg(ctx);
    const member = await addMember(ctx, owner.org.id, 2);
    const first = await mail('Older', { organizationId: owner.org.id, userId: owner.admin.user.id });
    await sendDueMail(deps(null));
    const second = await mail('Newer', { organizationId: owner.org.id, text: 'See https://cw.example/x' });
    const theirs = await mail('Theirs', { organizationId: other.org.id });
    const orgless = await mail('No organization');

    const res = await ctx.call('GET', '/api/mail_outbox', { token: owner.token });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.map((d: { id: string }) => Number(d.id))).toEqual([second.id, first.id]);
    expect(body.data[0]).toMatchObject({
      type: 'mail',
      attributes: {
        to: 'ana@example.test',
        subject: 'Newer',
        text_body: 'See https://cw.example/x',
        status: 'queued',
        attempts: 0,
        last_error: null,
        'sent-at': null,
      },
    });
    expect(body.data[1].attributes.status).toBe('kept');
    expect(body.meta).toEqual({ total_entries: 2, last_page: 1, page_number: 1, page_size: 25 });

    const paged = await ctx.call('GET', '/api/mail_outbox?page=2&page_size=1', { token: owner.token });
    expect(paged.json().data.map((d: { id: string }) => Number(d.id))).toEqual([first.id]);

    const refused = await ctx.call('GET', '/api/mail_outbox', { token: member.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('forbidden');
    expect((await ctx.call('GET', '/api/mail_outbox')).statusCode).toBe(401);

    const otherView = await ctx.call('GET', '/api/mail_outbox', { token: other.token });
    expect(otherView.json().data.map((d: { id: string }) => Number(d.id))).toEqual([theirs.id]);

    // The platform operator also sees messages that belong to no organization.
    const operator = await makeOrg(ctx, { plan: 'admin', capabilities: CAPABILITIES_BY_LEGACY_ID[1] });
    const opView = await ctx.call('GET', '/api/mail_outbox', { token: operator.token });
    const seen = opView.json().data.map((d: { id: string }) => Number(d.id));
    expect(seen).toContain(orgless.id);
    expect(seen).not.toContain(second.id);
  });
});
