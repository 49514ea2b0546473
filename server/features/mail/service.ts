import { desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Db, Tx } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/reports.js';

/** pg-boss queue names of outgoing e-mail. */
export const MAIL_QUEUES = {
  /** Send one outbox row now: `{ id }`. Enqueued with the row, in the same transaction. */
  send: 'mail-send',
  /** Every minute: send queued rows that are due (a lost job, a retry whose time has come). */
  sweep: 'mail-sweep',
} as const;

export interface MailAttachment {
  filename: string;
  /** Storage key (server/storage) of the file; read when the message is sent. */
  key: string;
  content_type: string;
}

export interface QueueMailInput {
  organizationId: number | null;
  userId: number | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Extra headers, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058) of a digest. */
  headers?: Record<string, string>;
}

// The queue that `queueMail` enqueues on. One per process: set when the job queue starts (every
// role can enqueue), cleared when it stops. Unset (API-only tests), the minute sweep sends.
let queue: PgBoss | null = null;

/** Called by the job queue's start-up (and tests): where `queueMail` enqueues `mail-send`. */
export function setMailQueue(boss: PgBoss | null): void {
  queue = boss;
}

/**
 * Writes an e-mail to the outbox (`queued`) and enqueues its `mail-send` job on the same
 * connection: inside a transaction both commit or neither does, so the sender never looks for a
 * row that is not there yet and a committed row always has its job. The row is the source of
 * truth; the minute sweep sends anything whose job was lost.
 */
export async function queueMail(db: Tx, input: QueueMailInput): Promise<{ id: number }> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      organizationId: input.organizationId,
      userId: input.userId,
      toAddress: input.to.trim(),
      subject: input.subject,
      textBody: input.text,
      htmlBody: input.html ?? null,
      attachments: input.attachments ?? [],
      headers: input.headers ?? {},
      status: 'queued',
    })
    .returning({ id: mailOutbox.id });
  if (queue) await queue.send(MAIL_QUEUES.send, { id: row.id }, { db: bossConnection(db) });
  return { id: row.id };
}

/**
 * pg-boss's database adapter over a Drizzle handle, so its insert joins the caller's transaction.
 * pg-boss writes `$1`-style placeholders; each becomes a bound parameter (`sql.param` keeps a
 * value whole, arrays included).
 */
export function bossConnection(db: Tx) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts = text.split(/\$(\d+)\b/);
      const chunks: SQL[] = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`));
      const result = await db.execute<Record<string, unknown>>(sql.join(chunks));
      return { rows: result.rows as never[], rowCount: result.rowCount ?? 0 };
    },
  };
}

/**
 * Links that act for the person they were sent to — a password reset, an address confirmation, a
 * digest's unsubscribe — carry a secret token. The outbox screen shows messages to admins (and the
 * platform operator sees those of no organization), who must not be able to use another person's
 * link, so the tokens are masked wherever the outbox is listed.
 */
const SECRET_LINK = /(\/(?:reset-password|verify-email|unsubscribe|api\/p\/unsubscribe)\/)[A-Za-z0-9_-]{16,}/g;

export function maskSecretLinks(text: string): string {
  return text.replace(SECRET_LINK, '$1…');
}

/** An export's download link: its token alone opens the file. */
const EXPORT_LINK = /(\/api\/p\/exports\/)[A-Za-z0-9_-]+/g;

/**
 * Text bound for the log (a message kept without SMTP): every link that acts by its token alone
 * is masked — reset, confirmation, unsubscribe and export downloads. Whoever reads the log is
 * not the person the link was sent to; the outbox screen (and the file's path) serve the operator.
 */
export function maskLinksForLog(text: string): string {
  return maskSecretLinks(text).replace(EXPORT_LINK, '$1…');
}

/**
 * One page of an organization's outbox, newest first, and the total. `withoutOrganization`
 * adds the messages that belong to no organization (the platform operator's view).
 */
export async function listMail(db: Db, orgId: number, page: { limit: number; offset: number }, opts: { withoutOrganization?: boolean } = {}) {
  const where = opts.withoutOrganization ? or(eq(mailOutbox.organizationId, orgId), isNull(mailOutbox.organizationId)) : eq(mailOutbox.organizationId, orgId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        textBody: mailOutbox.textBody,
        status: mailOutbox.status,
        attempts: mailOutbox.attempts,
        lastError: mailOutbox.lastError,
        insertedAt: mailOutbox.insertedAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.insertedAt), desc(mailOutbox.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, textBody: maskSecretLinks(r.textBody) })), total };
}

export type MailRow = Awaited<ReturnType<typeof listMail>>['rows'][number];
