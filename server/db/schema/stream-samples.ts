import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

const sqlLive = sql`ended_at is null`;
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Live viewer metrics of Twitch streams (feature `streams`; docs/decisions.md "Twitch viewer
 * metrics"). Every poll of a game records one sample per live stream it saw, keyed by the Helix
 * stream id (a restart is a new id, so a new stream). The running totals live on the stream's
 * row and are updated with each sample, so compacting the samples once the stream ends (≤ 60
 * kept, the peak among them) changes no total.
 */

/** One live stream (Helix stream id) and its running totals. */
export const twitchStreamStats = pgTable(
  'twitch_stream_stats',
  {
    streamId: text('stream_id').primaryKey(),
    gameId: text('game_id').notNull(),
    broadcasterId: text('broadcaster_id').notNull(),
    startedAt: ts('started_at').notNull(),
    firstSampleAt: ts('first_sample_at').notNull(),
    lastSampleAt: ts('last_sample_at').notNull(),
    lastViewers: integer('last_viewers').notNull(),
    peakViewers: integer('peak_viewers').notNull(),
    peakAt: ts('peak_at').notNull(),
    /** Σ viewers × the milliseconds each sample stands for (hours watched × 3,600,000). */
    viewerMs: bigint('viewer_ms', { mode: 'number' }).notNull().default(0),
    /** Σ the milliseconds the samples stand for (the time-weighted average's denominator). */
    coveredMs: bigint('covered_ms', { mode: 'number' }).notNull().default(0),
    samples: integer('samples').notNull().default(0),
    /** When it left the game's live list (set once), as stated in docs/decisions.md. */
    endedAt: ts('ended_at'),
    compactedAt: ts('compacted_at'),
  },
  (t) => [index('twitch_stream_stats_live_idx').on(t.gameId).where(sqlLive), index('twitch_stream_stats_broadcaster_idx').on(t.broadcasterId)],
);

/** One viewer count of a live stream at one poll. */
export const twitchStreamSamples = pgTable(
  'twitch_stream_samples',
  {
    streamId: text('stream_id')
      .notNull()
      .references(() => twitchStreamStats.streamId, { onDelete: 'cascade' }),
    sampledAt: ts('sampled_at').notNull(),
    viewers: integer('viewers').notNull(),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.sampledAt] })],
);
