import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import { Readable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/** Rows fetched per round trip from the export's cursor (~150 KB of text): small batches stay in V8's young generation. */
export const CSV_BATCH_ROWS = 1000;

const dialect = new PgDialect();

/**
 * Runs `query` as a server-side cursor on its own connection and yields its rows in batches,
 * as arrays of text (rowMode 'array': no object per row, no type parsing beyond text). One
 * query and one snapshot for the whole export, however it is sorted; the connection is
 * released when the consumer finishes, fails or stops early (a client that went away).
 */
export async function* cursorBatches(pool: pg.Pool, query: SQL, batchRows = CSV_BATCH_ROWS): AsyncGenerator<unknown[][]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const client = await pool.connect();
  const fetchBatch = () => client.query<unknown[]>({ text: `fetch ${batchRows} from feed_export`, rowMode: 'array' });
  let pending: Promise<pg.QueryResult<unknown[]>> | undefined;
  let done = false;
  try {
    await client.query('begin isolation level repeatable read read only');
    // The whole result is wanted: plan for total time, not for the first rows.
    await client.query('set local cursor_tuple_fraction = 1');
    await client.query({ text: `declare feed_export no scroll cursor for ${text}`, values: params as unknown[] });
    pending = fetchBatch();
    while (pending) {
      const res: pg.QueryResult<unknown[]> = await pending;
      // The next batch is read by PostgreSQL while this one is being written out.
      pending = res.rows.length === batchRows ? fetchBatch() : undefined;
      if (res.rows.length > 0) yield res.rows;
    }
    await client.query('commit');
    done = true;
  } finally {
    // A consumer that stopped early leaves a fetch in flight: let it settle before rolling back.
    await pending?.catch(() => undefined);
    if (!done) await client.query('rollback').catch(() => undefined);
    client.release();
  }
}

/** One CSV cell (RFC 4180 quoting); a cell a spreadsheet would run as a formula is escaped. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  // CSV injection: =, +, -, @ (and tab / carriage return) at the start make a formula.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A batch of rows as one CSV text: one string per batch instead of objects per cell. */
export function csvLines(rows: readonly (readonly unknown[])[]): string {
  let out = '';
  for (const row of rows) out += row.map(csvCell).join(',') + '\n';
  return out;
}

/**
 * Streams batches of array rows as CSV to the reply. The stream pulls a batch only when the
 * client has taken the previous one (Readable.from honours backpressure), and each batch becomes
 * a single buffer, so a million-row export holds a batch or two in memory, not the export.
 */
export function sendCsvRows(reply: FastifyReply, filename: string, columns: readonly string[], batches: AsyncGenerator<unknown[][]>) {
  async function* encode() {
    yield Buffer.from(csvLines([columns]));
    // Leaving this loop early (a client that went away) closes the cursor through `batches`.
    for await (const rows of batches) yield Buffer.from(csvLines(rows));
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}.csv"`)
    .send(Readable.from(encode(), { objectMode: false, highWaterMark: 1 }));
}
