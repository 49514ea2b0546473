import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { createSmtpClient, type SmtpClient, type SmtpOutcome } from '../../integrations/smtp/client.js';
import { DiskStorage, type Storage } from '../../storage/storage.js';
import { exportFileKeysInText } from '../exports/service.js';
import { MAIL_QUEUES, maskLinksForLog, setMailQueue, type MailAttachment } from './service.js';

/**
 * The mail sender. A row is claimed with `for update skip locked` inside a transaction that
 * stays open while the message goes out and is settled in it: two senders never hold the same
 * row, and a sender that dies mid-send rolls back to `queued`, so the row is sent later (at most
 * a repeat of a message the server had already accepted, as with the notification outbox).
 *
 * Retries need no extra column: a queued row is due at `inserted_at` plus the sum of its
 * back-offs so far (30 s, 60 s, … capped at an hour each), i.e. at a fixed schedule from when it
 * was queued; the minute sweep sends what is due.
 */

export interface MailSenderDeps {
  db: Db;
  config: Pick<Config, 'mail' | 'dataDir'>;
  storage: Storage;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** The SMTP client (tests pass one); by default one is made from `config.mail.smtpUrl`. */
  smtp?: SmtpClient | null;
}

export interface MailReport {
  sent: number;
  kept: number;
  retried: number;
  failed: number;
}

/** A transient failure after this many attempts (the last one about 13 hours after queueing) fails the row for good. */
export const MAX_ATTEMPTS = 20;
const BASE_SECONDS = 30;
const CAP_SECONDS = 3600;
/** Waits below the cap: 30 s × 2^0 … 30 s × 2^6 (32 min); every later wait is the cap. */
const UNCAPPED_WAITS = 7;
/** Rows sent per sweep; the next sweep takes the rest. */
const SWEEP_LIMIT = 500;

/** Seconds from queueing to the next try after `attempts` failed tries (the sum of the waits so far). */
export function dueAfterSeconds(attempts: number): number {
  let total = 0;
  for (let i = 0; i < attempts; i++) total += Math.min(CAP_SECONDS, BASE_SECONDS * 2 ** Math.min(i, UNCAPPED_WAITS));
  return total;
}

// The same sum in closed form, in SQL (checked against dueAfterSeconds in the tests).
const dueSeconds = sql`(${BASE_SECONDS} * (power(2, least(o.attempts, ${UNCAPPED_WAITS})) - 1) + greatest(o.attempts - ${UNCAPPED_WAITS}, 0) * ${CAP_SECONDS})`;

interface ClaimedMail {
  id: number;
  attempts: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: MailAttachment[];
  headers: Record<string, string> | null;
}

async function claimOne(tx: Tx, now: Date, id: number | null): Promise<ClaimedMail | null> {
  const result = await tx.execute<Record<string, unknown>>(sql`
    select o.id, o.attempts, o.to_address, o.subject, o.text_body, o.html_body, o.attachments, o.headers
    from mail_outbox o
    where o.status = 'queued' ${id === null ? sql`` : sql`and o.id = ${id}`}
      -- The database's own clock too: inserted_at has microseconds, a JS Date only milliseconds,
      -- so a row queued within the same millisecond would otherwise not be due yet.
      and o.inserted_at + make_interval(secs => ${dueSeconds}) <= greatest(${now.toISOString()}::timestamptz, clock_timestamp())
    order by o.id
    limit 1
    for update skip locked`);
  const r = result.rows[0];
  return r ? ({ ...r, id: Number(r.id), attempts: Number(r.attempts) } as unknown as ClaimedMail) : null;
}

type Settled = 'sent' | 'kept' | 'retried' | 'failed';

async function settle(tx: Tx, row: ClaimedMail, outcome: Settled, now: Date, error: string | null) {
  const status = outcome === 'retried' ? 'queued' : outcome;
  await tx.execute(sql`
    update mail_outbox set status = ${status}, last_error = ${error},
      attempts = attempts + ${outcome === 'kept' ? 0 : 1},
      sent_at = ${outcome === 'sent' ? now.toISOString() : null}::timestamptz
    where id = ${row.id}`);
}

/** Where a stored file lies on disk, for the log line of a kept message (DiskStorage's layout). */
const fileLocation = (deps: MailSenderDeps, key: string) => path.join(deps.config.dataDir, 'uploads', key);

/** Sends (or keeps) one claimed row and settles it, inside the claiming transaction. */
async function deliver(deps: MailSenderDeps, smtp: SmtpClient | null, tx: Tx, row: ClaimedMail, now: Date, job: string): Promise<Settled> {
  const logFields = { job, mailId: row.id, to: row.to_address, subject: row.subject };
  if (!smtp) {
    // The links as the outbox screen shows them: a token in a log line is a key anyone reading it could use.
    const links = (row.text_body.match(/https?:\/\/[^\s<>"')]+/g) ?? []).map(maskLinksForLog);
    const keys = [...row.attachments.map((a) => a.key), ...(await exportFileKeysInText(tx, row.text_body))];
    const files = keys.map((key) => fileLocation(deps, key));
    await settle(tx, row, 'kept', now, null);
    deps.log.info({ ...logFields, links, files }, 'e-mail kept in the outbox (SMTP_URL is not set)');
    return 'kept';
  }
  const outcome = await sendOne(deps, smtp, row);
  if (outcome.ok) {
    await settle(tx, row, 'sent', now, null);
    deps.log.info({ ...logFields, attempt: row.attempts + 1, response: outcome.response }, 'e-mail sent');
    return 'sent';
  }
  const attempt = row.attempts + 1;
  if (outcome.permanent || attempt >= MAX_ATTEMPTS) {
    const error = outcome.permanent ? outcome.message : `${outcome.message} (gave up after ${attempt} attempts)`;
    await settle(tx, row, 'failed', now, error);
    deps.log.warn({ ...logFields, attempt, error }, 'e-mail failed');
    return 'failed';
  }
  await settle(tx, row, 'retried', now, outcome.message);
  deps.log.warn(
    { ...logFields, attempt, error: outcome.message, retryInSeconds: dueAfterSeconds(attempt) - dueAfterSeconds(row.attempts) },
    'e-mail will be retried',
  );
  return 'retried';
}

async function sendOne(deps: MailSenderDeps, smtp: SmtpClient, row: ClaimedMail): Promise<SmtpOutcome> {
  const attachments = [];
  for (const a of row.attachments) {
    const content = await deps.storage.get(a.key);
    if (!content) {
      for (const opened of attachments) opened.content.destroy();
      return { ok: false, permanent: true, message: `The attached file ${a.filename} is no longer stored` };
    }
    attachments.push({ filename: a.filename, content, contentType: a.content_type });
  }
  return smtp.send({
    from: deps.config.mail.from,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body ?? undefined,
    attachments,
    headers: row.headers ?? {},
  });
}

const clients = new Map<string, SmtpClient>();
function smtpFor(deps: MailSenderDeps): SmtpClient | null {
  if (deps.smtp !== undefined) return deps.smtp;
  const url = deps.config.mail.smtpUrl;
  if (!url) return null;
  let client = clients.get(url);
  if (!client) clients.set(url, (client = createSmtpClient(url)));
  return client;
}

/**
 * Sends due queued rows (only row `id` when given) one at a time until none is left or
 * `limit` were handled. Safe to run in several processes at once.
 */
export async function sendDueMail(deps: MailSenderDeps, opts: { id?: number; now?: () => Date; limit?: number; job?: string } = {}): Promise<MailReport> {
  const clock = opts.now ?? (() => new Date());
  const smtp = smtpFor(deps);
  const report: MailReport = { sent: 0, kept: 0, retried: 0, failed: 0 };
  const limit = opts.id === undefined ? (opts.limit ?? SWEEP_LIMIT) : 1;
  for (let i = 0; i < limit; i++) {
    const outcome = await deps.db.transaction(async (tx) => {
      const now = clock();
      const row = await claimOne(tx, now, opts.id ?? null);
      return row ? deliver(deps, smtp, tx, row, now, opts.job ?? (opts.id === undefined ? MAIL_QUEUES.sweep : MAIL_QUEUES.send)) : null;
    });
    if (!outcome) break;
    report[outcome]++;
  }
  return report;
}

/** Creates the mail queues and makes `queueMail` enqueue on this boss (every role enqueues). */
export async function createMailQueues(boss: PgBoss): Promise<void> {
  const queues = [
    [MAIL_QUEUES.send, { retryLimit: 0, expireInSeconds: 900, deleteAfterSeconds: 3600 }],
    [MAIL_QUEUES.sweep, { policy: 'exclusive', retryLimit: 0, expireInSeconds: 900, deleteAfterSeconds: 3600 }],
  ] as const;
  for (const [name, options] of queues) {
    await boss.createQueue(name, options);
    const { policy: _policy, ...changeable } = options as { policy?: string };
    await boss.updateQueue(name, changeable);
  }
  setMailQueue(boss);
  boss.once('stopped', () => setMailQueue(null));
}

/** Workers: `mail-send` (one row, right after it was queued) and the every-minute sweep. */
export async function startMailWorkers(boss: PgBoss, deps: Omit<MailSenderDeps, 'storage'> & { storage?: Storage }): Promise<void> {
  const full: MailSenderDeps = { ...deps, storage: deps.storage ?? new DiskStorage(path.join(deps.config.dataDir, 'uploads')) };
  // Each message logs its own line (sent, kept, retried, failed); an empty run logs nothing.
  await boss.work<{ id: number }>(MAIL_QUEUES.send, { pollingIntervalSeconds: 2 }, async ([job]) => sendDueMail(full, { id: Number(job.data.id) }));
  await boss.work(MAIL_QUEUES.sweep, { pollingIntervalSeconds: 5 }, async () => sendDueMail(full));
  await boss.schedule(MAIL_QUEUES.sweep, '* * * * *');
}
