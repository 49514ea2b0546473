import path from 'node:path';
import { Readable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import { LIMITS } from '../../../common/limits.js';
import { MSG } from '../../../common/messages.js';
import type { SupersearchFilters } from '../../../common/schemas/supersearch.js';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { createSearchPool, isRecoveryConflict } from '../../db/search-db.js';
import { DiskStorage, type Storage } from '../../storage/storage.js';
import { csvLines } from '../../http/csv.js';
import { bossConnection, queueMail } from '../mail/service.js';
import { claimExport, createExport, failExport, finishExport } from '../exports/service.js';
import { EXPORT_COLUMNS, exportQuery } from './repo.js';
import { toSearchFilter } from './service.js';

/**
 * Super Search by e-mail (001 §7 `supersearch/export_csv`): the request writes an `exports` row
 * and enqueues `exports-run`; the job streams every match (at most LIMITS.exportFilters rows) as
 * CSV into storage, marks the row done or failed, and mails the download link
 * (`/api/p/exports/{token}`, valid EXPORT_TTL_DAYS days) or the catalogue's error.
 */
export const EXPORT_QUEUE = 'exports-run';
export const EXPORT_TTL_DAYS = 7;
export const EXPORT_KIND = 'supersearch';
/** Rows per fetch from the export's cursor (~200 KB of CSV). */
const BATCH_ROWS = 1000;
/** An export of a million rows takes a minute or two; a statement past this is stuck. */
const EXPORT_STATEMENT_TIMEOUT_MS = 30 * 60_000;

/** What the job needs to know, stored in `exports.params`. */
export interface SupersearchExportParams extends SupersearchFilters {
  /** Where the download link points: PUBLIC_URL, else the API's own address (when the export was asked). */
  base_url: string;
}

export interface ExportDeps {
  db: Db;
  /** Where the rows are read (exportReadPool); the export's own row and its e-mail are written through `db`. */
  pool: pg.Pool;
  storage: Storage;
  config: Pick<Config, 'publicUrl'>;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
}

/** The export's row and its job (on the same connection: both commit or neither does). */
export async function queueSupersearchExport(
  tx: Tx,
  boss: PgBoss | null,
  input: { orgId: number; userId: number; toEmail: string; params: SupersearchExportParams },
): Promise<{ id: string }> {
  const row = await createExport(tx, {
    orgId: input.orgId,
    userId: input.userId,
    kind: EXPORT_KIND,
    params: { ...input.params },
    toEmail: input.toEmail,
    ttlDays: EXPORT_TTL_DAYS,
  });
  if (boss) await boss.send(EXPORT_QUEUE, { id: row.id }, { singletonKey: `export-${row.id}`, db: bossConnection(tx) });
  return { id: row.id };
}

const dialect = new PgDialect();

/**
 * The query's rows as CSV, batch by batch, from a server-side cursor on its own connection (one
 * snapshot for the whole file). Each batch becomes one buffer; the consumer pulls the next only
 * when it has written the last, so memory holds a batch or two, never the file.
 */
async function* csvBatches(pool: pg.Pool, query: SQL, counter: { rows: number }): AsyncGenerator<Buffer> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const client = await pool.connect();
  let done = false;
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query(`select set_config('statement_timeout', '${EXPORT_STATEMENT_TIMEOUT_MS}', true), set_config('jit', 'off', true),
                               set_config('cursor_tuple_fraction', '1', true), set_config('work_mem', '32MB', true)`);
    await client.query({ text: `declare supersearch_export no scroll cursor for ${text}`, values: params as unknown[] });
    yield Buffer.from(csvLines([EXPORT_COLUMNS]));
    for (;;) {
      const res = await client.query<unknown[]>({ text: `fetch ${BATCH_ROWS} from supersearch_export`, rowMode: 'array' });
      if (res.rows.length > 0) {
        counter.rows += res.rows.length;
        yield Buffer.from(csvLines(res.rows));
      }
      if (res.rows.length < BATCH_ROWS) break;
    }
    await client.query('commit');
    done = true;
  } finally {
    if (!done) await client.query('rollback').catch(() => undefined);
    // After a failure the connection may be gone with its server (a standby restarting): not reused.
    client.release(!done);
  }
}

/**
 * Where the export reads: SEARCH_DATABASE_URL (a hot standby) when set, on a connection of its own
 * (one export at a time per process); otherwise the application pool, as before standbys.
 */
export function exportReadPool(appPool: pg.Pool, config: Pick<Config, 'searchDatabaseUrl'>): pg.Pool {
  if (!config.searchDatabaseUrl) return appPool;
  return createSearchPool(appPool, { url: config.searchDatabaseUrl, max: 1, timeoutMs: EXPORT_STATEMENT_TIMEOUT_MS, applicationName: 'coverwatch-export' });
}

/** The link and row count the user receives. */
function readyMail(params: SupersearchExportParams, rows: number, link: string) {
  const text = [
    `Your Super Search export is ready: ${rows.toLocaleString('en')} article${rows === 1 ? '' : 's'} matching ${params.search}`,
    `from ${params.from_date} to ${params.to_date}${rows >= LIMITS.exportFilters ? ` (the first ${LIMITS.exportFilters.toLocaleString('en')})` : ''}.`,
    '',
    `Download the CSV file (the link works for ${EXPORT_TTL_DAYS} days):`,
    link,
  ].join('\n');
  return { subject: MSG.supersearch.exportReadySubject, text };
}

/**
 * Runs one export: claims its row (a row already done or failed is left alone, so a repeated
 * job does nothing), writes `exports/{id}.csv`, then records the outcome and queues the e-mail
 * in one transaction. A failure is recorded on the row and mailed as the catalogue's error.
 */
export async function runSupersearchExport(deps: ExportDeps, id: string): Promise<{ status: 'done' | 'failed' | 'skipped'; rows: number }> {
  const row = await claimExport(deps.db, id, EXPORT_KIND);
  if (!row) return { status: 'skipped', rows: 0 };
  const params = row.params as unknown as SupersearchExportParams;
  const counter = { rows: 0 };
  const fileKey = `exports/${row.id}.csv`;
  const mailBase = { organizationId: row.organizationId, userId: row.userId, to: row.toEmail };
  try {
    const query = exportQuery(toSearchFilter(params), LIMITS.exportFilters);
    const write = () => deps.storage.putStream(fileKey, Readable.from(csvBatches(deps.pool, query, counter), { objectMode: false, highWaterMark: 1 }));
    try {
      await write();
    } catch (err) {
      // A standby cancelled the cursor to replay the primary's changes: the file is written again
      // from a new snapshot, once (the conflict was with that moment's WAL, not with the export).
      if (!isRecoveryConflict(err)) throw err;
      deps.log.warn({ job: EXPORT_QUEUE, exportId: row.id, rows: counter.rows }, 'export cancelled by a recovery conflict; starting over');
      counter.rows = 0;
      await write();
    }
    const base = (deps.config.publicUrl ?? params.base_url).replace(/(?<!\/)\/+$/, '');
    const mail = readyMail(params, counter.rows, `${base}/api/p/exports/${row.token}`);
    await deps.db.transaction(async (tx) => {
      await finishExport(tx, row.id, { rowCount: counter.rows, fileKey });
      await queueMail(tx, { ...mailBase, ...mail });
    });
    deps.log.info({ job: EXPORT_QUEUE, exportId: row.id, rows: counter.rows }, 'export done');
    return { status: 'done', rows: counter.rows };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    await deps.storage.remove(fileKey).catch(() => undefined);
    await deps.db.transaction(async (tx) => {
      await failExport(tx, row.id, error);
      await queueMail(tx, { ...mailBase, subject: MSG.supersearch.exportFailedSubject, text: MSG.exports.emailFailure });
    });
    deps.log.error({ job: EXPORT_QUEUE, exportId: row.id, err }, 'export failed');
    return { status: 'failed', rows: 0 };
  }
}

/** The export queue (every role enqueues). One attempt more after a worker that died. */
export async function createExportQueue(boss: PgBoss): Promise<void> {
  const options = { retryLimit: 1, retryDelay: 30, expireInSeconds: 3600, heartbeatSeconds: 30, deleteAfterSeconds: 7 * 86_400 };
  await boss.createQueue(EXPORT_QUEUE, options);
  await boss.updateQueue(EXPORT_QUEUE, options);
}

/** The worker: one export at a time per process (each holds a connection and a core for a while). */
export async function startExportWorker(
  boss: PgBoss,
  deps: { db: Db; log: ExportDeps['log']; config: Pick<Config, 'publicUrl' | 'dataDir' | 'searchDatabaseUrl'>; pool?: pg.Pool; storage?: Storage },
): Promise<void> {
  const full: ExportDeps = {
    ...deps,
    // The application pool behind the Drizzle handle (or a standby's): the export's cursor needs a client of its own.
    pool: deps.pool ?? exportReadPool((deps.db as unknown as { $client: pg.Pool }).$client, deps.config),
    storage: deps.storage ?? new DiskStorage(path.join(deps.config.dataDir, 'uploads')),
  };
  await boss.work<{ id: string }>(EXPORT_QUEUE, { batchSize: 1, pollingIntervalSeconds: 2 }, async ([job]) => runSupersearchExport(full, String(job.data.id)));
}
