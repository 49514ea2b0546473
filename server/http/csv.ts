import type { FastifyReply } from 'fastify';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { finished } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/*
 * CSV out of the server. Large exports are written here: sendCsvCopy lets PostgreSQL format the
 * cells (the feed's export), csvLines writes batches of rows a job reads itself (Super Search's
 * export file), with formula escaping. jsonapi.ts's sendCsv (the `Accept: text/csv` form of a
 * list) stays on csv-stringify for its quoting and escapes formulas with formulaSafe.
 */

const dialect = new PgDialect();

/** A parameter written into SQL text as a literal (COPY takes no parameters). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`cannot inline ${value}`);
    // In parentheses when negative: `::` binds tighter than unary minus, so `-2147483648::int`
    // would cast 2147483648 first (out of range) where the parameter is -2147483648.
    return value < 0 ? `(${value})` : String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  // Arrays always carry a cast in our SQL ($n::text[]), which types an empty ARRAY[] too.
  if (Array.isArray(value)) return `ARRAY[${value.map(literal).join(', ')}]`;
  throw new Error(`cannot inline a ${typeof value}`);
}

/**
 * The query's text with its $n placeholders replaced by literals (pg.escapeLiteral for text);
 * quoted literals in the text are left as they are. Our queries use no dollar quoting.
 */
export function inlineParams(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/'(?:[^']|'')*'|\$(\d+)/g, (match, n: string | undefined) => {
    if (n === undefined) return match;
    const i = Number(n) - 1;
    if (i >= params.length) throw new Error(`no parameter $${n}`);
    return literal(params[i]);
  });
}

/**
 * Streams `query` as CSV to the reply, formatted by PostgreSQL itself: COPY (query) TO STDOUT in
 * CSV format with the query's column names as the header. One statement and one snapshot; the
 * bytes flow from the database socket to the client's with backpressure (the copy stream reads
 * the socket only when the reply has taken the last chunk), so memory stays flat and a million
 * rows take about as long as PostgreSQL needs to produce them (bench/articles-feed).
 * Quoting is RFC 4180's (a cell with a comma, quote or line break is quoted, quotes doubled);
 * NULL is an empty cell. If the client goes away, the connection is closed, which ends the COPY.
 */
export async function sendCsvCopy(reply: FastifyReply, pool: pg.Pool, filename: string, query: SQL) {
  const text = `copy (${inlineParams(query)}) to stdout with (format csv, header true)`;
  const client = await pool.connect();
  let stream;
  try {
    // The COPY lasts as long as the client takes to read it: the pool's statement timeout is for
    // queries, not downloads (an hour covers 150 MB at 40 KB/s).
    await client.query("begin; set local statement_timeout = '1h'");
    stream = client.query(copyTo(text));
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
  finished(stream, (err) => {
    // Not read to its end (an error, or a client that went away): the connection is mid-COPY and
    // cannot be reused, so the pool closes it instead of taking it back.
    if (err || !stream.readableEnded) client.release(err ?? new Error('CSV export stopped before its end'));
    else
      client.query('commit').then(
        () => client.release(),
        (e: Error) => client.release(e),
      );
  });
  return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}.csv"`).send(stream);
}

/**
 * Text a spreadsheet would run as a formula (CSV injection: =, +, -, @, tab or carriage return
 * first) with a leading apostrophe, which spreadsheets show as text; other text as it is.
 */
export function formulaSafe(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One CSV cell (RFC 4180 quoting); a cell a spreadsheet would run as a formula is escaped. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = formulaSafe(value instanceof Date ? value.toISOString() : String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A batch of rows as one CSV text: one string per batch instead of objects per cell. */
export function csvLines(rows: readonly (readonly unknown[])[]): string {
  let out = '';
  for (const row of rows) out += row.map(csvCell).join(',') + '\n';
  return out;
}
