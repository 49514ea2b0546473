import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What each worker process last measured (its prom-client registry as JSON), written every few
 * seconds by features/metrics: the API's GET /metrics aggregates them with its own, so one
 * scrape sees the whole installation whatever the number of processes or machines. A row is
 * one process; rows not refreshed for a while are ignored and swept. Unlogged: it is telemetry,
 * rebuilt within seconds after a crash, and not worth WAL.
 */
export const processMetrics = pgTable('process_metrics', {
  instance: text('instance').primaryKey(),
  role: text('role').notNull(),
  pid: integer('pid').notNull(),
  host: text('host').notNull(),
  snapshot: jsonb('snapshot').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
