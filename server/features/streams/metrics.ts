import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

/**
 * Live viewer metrics from samples (issue 30; docs/decisions.md "Twitch viewer metrics").
 *
 * Every poll of a game records, per live stream it saw, one sample (viewers at the poll's time).
 * A sample stands for the time around it: half the gap to each neighbouring sample, each half
 * capped at HALF_GAP_CAP_MS (a missed poll or a back-off does not let one sample claim an hour);
 * the first sample also stands back to the stream's `started_at` (capped the same way); when the
 * stream leaves the live list, the last sample stands for half the gap to the poll that missed it
 * (capped), and that is its end. Then:
 *
 * - hours watched = Σ viewers × the time each sample stands for (kept exactly, in viewer-ms);
 * - average viewers = hours watched ÷ the time the samples stand for (time-weighted);
 * - peak viewers = the highest sample; airtime = end (or latest sample while live) − started_at.
 *
 * The running totals sit on the stream's row and grow with each sample, so compacting the
 * samples after the end (COMPACT_POINTS kept, the peak among them) changes no total.
 */

export const HALF_GAP_CAP_MS = 300_000;
/** Samples kept per ended stream: enough for the detail modal's chart. */
export const COMPACT_POINTS = 60;
/** An ended stream is compacted this long after its end (a stream that reappears meanwhile reopens). */
export const COMPACT_AFTER_MS = 15 * 60_000;
/** With a capped live list (more streams than the pages read), a stream unseen this long has ended. */
export const UNSEEN_END_MS = 3_600_000;

export interface Sample {
  at: number;
  viewers: number;
}

export interface SeriesTotals {
  peakViewers: number;
  viewerMs: number;
  coveredMs: number;
  hoursWatched: number;
  averageViewers: number;
  /** ms since epoch; null while live. */
  endedAt: number | null;
  airtimeSeconds: number;
}

const half = (gapMs: number) => Math.min(HALF_GAP_CAP_MS, Math.floor(Math.max(0, gapMs) / 2));

/**
 * The metrics of one stream's samples, as the poll computes them incrementally (the reference
 * definition: tests and the bench compare the database's totals with it). `goneAt` is the time of
 * the first poll that no longer saw the stream.
 */
export function seriesTotals(startedAt: number, samples: Sample[], goneAt?: number): SeriesTotals {
  let viewerMs = 0;
  let coveredMs = 0;
  let peak = 0;
  samples.forEach((s, i) => {
    const before = i === 0 ? Math.min(HALF_GAP_CAP_MS, Math.max(0, s.at - startedAt)) : half(s.at - samples[i - 1].at);
    const after = i < samples.length - 1 ? half(samples[i + 1].at - s.at) : goneAt !== undefined ? half(goneAt - s.at) : 0;
    viewerMs += s.viewers * (before + after);
    coveredMs += before + after;
    peak = Math.max(peak, s.viewers);
  });
  const last = samples[samples.length - 1];
  const endedAt = last && goneAt !== undefined ? last.at + half(goneAt - last.at) : null;
  return {
    peakViewers: peak,
    viewerMs,
    coveredMs,
    hoursWatched: viewerMs / 3_600_000,
    averageViewers: coveredMs > 0 ? Math.round(viewerMs / coveredMs) : (last?.viewers ?? 0),
    endedAt,
    airtimeSeconds: last ? Math.max(0, Math.round(((endedAt ?? last.at) - startedAt) / 1000)) : 0,
  };
}

export interface LiveStream {
  id: string;
  broadcasterId: string;
  startedAt: Date;
  viewers: number;
}

const sqlHalf = (gap: ReturnType<typeof sql>) => sql`least(${HALF_GAP_CAP_MS}::bigint, greatest(0, (extract(epoch from ${gap}) * 1000)::bigint) / 2)`;

/**
 * Records one sample per live stream the poll saw (at `now`) and updates each stream's running
 * totals. A stream that left the list and comes back (a shifting page) reopens. Idempotent: a
 * second run at the same `now` changes nothing.
 */
export async function recordSamples(tx: Tx, gameId: string, streams: LiveStream[], now: Date): Promise<number> {
  if (!streams.length) return 0;
  // Sorted: concurrent polls lock shared rows in the same order.
  const list = [...new Map(streams.map((s) => [s.id, s])).values()].sort((a, b) => (a.id < b.id ? -1 : 1));
  const at = now.toISOString();
  const ids = sql.param(list.map((s) => s.id));
  const users = sql.param(list.map((s) => s.broadcasterId));
  const starts = sql.param(list.map((s) => s.startedAt.toISOString()));
  const viewers = sql.param(list.map((s) => Math.max(0, Math.round(s.viewers))));
  const gap = sql`excluded.last_sample_at - s.last_sample_at`;
  await tx.execute(sql`
    insert into twitch_stream_stats as s (stream_id, game_id, broadcaster_id, started_at, first_sample_at, last_sample_at,
      last_viewers, peak_viewers, peak_at, viewer_ms, covered_ms, samples)
    select x.id, ${gameId}, x.uid, x.st, ${at}::timestamptz, ${at}::timestamptz, x.v, x.v, ${at}::timestamptz,
           x.v::bigint * x.lead_ms, x.lead_ms, 1
    from (
      select id, uid, st, v, least(${HALF_GAP_CAP_MS}::bigint, greatest(0, (extract(epoch from ${at}::timestamptz - st) * 1000)::bigint)) as lead_ms
      from unnest(${ids}::text[], ${users}::text[], ${starts}::timestamptz[], ${viewers}::int[]) as u(id, uid, st, v)
    ) x
    on conflict (stream_id) do update set
      game_id = excluded.game_id,
      viewer_ms = s.viewer_ms + (s.last_viewers + excluded.last_viewers)::bigint * ${sqlHalf(gap)},
      covered_ms = s.covered_ms + 2 * ${sqlHalf(gap)},
      peak_at = case when excluded.last_viewers > s.peak_viewers then excluded.last_sample_at else s.peak_at end,
      peak_viewers = greatest(s.peak_viewers, excluded.last_viewers),
      last_sample_at = excluded.last_sample_at,
      last_viewers = excluded.last_viewers,
      samples = s.samples + 1,
      ended_at = null
    where excluded.last_sample_at > s.last_sample_at`);
  const res = await tx.execute(sql`
    insert into twitch_stream_samples (stream_id, sampled_at, viewers)
    select id, ${at}::timestamptz, v from unnest(${ids}::text[], ${viewers}::int[]) as u(id, v)
    on conflict do nothing`);
  return res.rowCount ?? 0;
}

/**
 * Ends the game's streams the poll no longer saw (once: only rows not ended yet). With a capped
 * list only after UNSEEN_END_MS unseen. The last sample stands for half the gap to `now`.
 */
export async function endMissingStreams(tx: Tx, gameId: string, liveIds: string[], liveComplete: boolean, now: Date): Promise<number> {
  const at = now.toISOString();
  const gap = sql`${at}::timestamptz - last_sample_at`;
  const res = await tx.execute(sql`
    update twitch_stream_stats set
      viewer_ms = viewer_ms + last_viewers::bigint * ${sqlHalf(gap)},
      covered_ms = covered_ms + ${sqlHalf(gap)},
      ended_at = last_sample_at + make_interval(secs => ${sqlHalf(gap)} / 1000.0)
    where game_id = ${gameId} and ended_at is null and last_sample_at < ${at}::timestamptz
      and not (stream_id = any(${sql.param(liveIds)}::text[]))
      and (${liveComplete} or last_sample_at < ${new Date(now.getTime() - UNSEEN_END_MS).toISOString()}::timestamptz)`);
  return res.rowCount ?? 0;
}

/**
 * Streams of the game that ended more than COMPACT_AFTER_MS ago: those no feed keeps (no item
 * row) are dropped with their samples; the others keep at most COMPACT_POINTS samples (the first,
 * the last, and the highest of each of COMPACT_POINTS − 2 equal-count buckets, so the peak stays).
 */
export async function compactEndedStreams(tx: Tx, gameId: string, now: Date): Promise<{ dropped: number; compacted: number; deleted: number }> {
  const before = new Date(now.getTime() - COMPACT_AFTER_MS).toISOString();
  const dropped = await tx.execute(sql`
    delete from twitch_stream_stats st
    where st.game_id = ${gameId} and st.ended_at < ${before}::timestamptz and st.compacted_at is null
      and not exists (select 1 from twitch_items i where i.kind = 'stream' and i.twitch_id = st.stream_id)`);
  const due = await tx.execute<{ stream_id: string }>(sql`
    select stream_id from twitch_stream_stats
    where game_id = ${gameId} and ended_at < ${before}::timestamptz and compacted_at is null
    order by stream_id limit 2000`);
  if (!due.rows.length) return { dropped: dropped.rowCount ?? 0, compacted: 0, deleted: 0 };
  const ids = sql.param(due.rows.map((r) => r.stream_id));
  const deleted = await tx.execute(sql`
    with s as (
      select stream_id, sampled_at, viewers,
             ntile(${COMPACT_POINTS - 2}) over w as b, row_number() over w as rn, count(*) over (partition by stream_id) as n
      from twitch_stream_samples where stream_id = any(${ids}::text[])
      window w as (partition by stream_id order by sampled_at)
    ), keep as (
      select distinct on (stream_id, b) stream_id, sampled_at from s order by stream_id, b, viewers desc, sampled_at
    )
    delete from twitch_stream_samples t using s
    where t.stream_id = s.stream_id and t.sampled_at = s.sampled_at and s.n > ${COMPACT_POINTS} and s.rn > 1 and s.rn < s.n
      and not exists (select 1 from keep k where k.stream_id = s.stream_id and k.sampled_at = s.sampled_at)`);
  await tx.execute(sql`update twitch_stream_stats set compacted_at = ${now.toISOString()}::timestamptz where stream_id = any(${ids}::text[])`);
  return { dropped: dropped.rowCount ?? 0, compacted: due.rows.length, deleted: deleted.rowCount ?? 0 };
}

/** A stream's samples in time order (the detail modal's chart). */
export async function viewerSeries(db: Tx, streamId: string): Promise<Sample[]> {
  const res = await db.execute<{ at: string | Date; viewers: number }>(sql`
    select sampled_at as at, viewers from twitch_stream_samples where stream_id = ${streamId} order by sampled_at`);
  return res.rows.map((r) => ({ at: new Date(r.at).getTime(), viewers: Number(r.viewers) }));
}

/** The samples of these streams (a report's peak concurrent viewers). */
export async function samplesOf(db: Tx, streamIds: string[]): Promise<{ streamId: string; at: number; viewers: number }[]> {
  if (!streamIds.length) return [];
  const res = await db.execute<{ stream_id: string; at: string | Date; viewers: number }>(sql`
    select stream_id, sampled_at as at, viewers from twitch_stream_samples where stream_id = any(${sql.param(streamIds)}::text[])`);
  return res.rows.map((r) => ({ streamId: r.stream_id, at: new Date(r.at).getTime(), viewers: Number(r.viewers) }));
}

export interface StreamSeries {
  id: string;
  broadcasterId: string;
  startedAt: Date;
  /** In time order. */
  samples: Sample[];
  /** The first poll that no longer saw it (the stream has ended); absent while live. */
  goneAt?: number;
}

/**
 * Whole streams written at once, each with the totals its polls would have made (seriesTotals):
 * the demo workspace's streams, so its figures are those of real samples. A stream already
 * recorded is left as it is.
 */
export async function recordSeries(tx: Tx, gameId: string, series: StreamSeries[]): Promise<void> {
  const list = series.filter((s) => s.samples.length > 0);
  if (!list.length) return;
  const col = <T>(f: (s: StreamSeries, t: SeriesTotals) => T) => sql.param(list.map((s) => f(s, seriesTotals(s.startedAt.getTime(), s.samples, s.goneAt))));
  const iso = (ms: number) => new Date(ms).toISOString();
  const peakAt = (s: StreamSeries) => s.samples.reduce((best, x) => (x.viewers > best.viewers ? x : best)).at;
  await tx.execute(sql`
    insert into twitch_stream_stats (stream_id, game_id, broadcaster_id, started_at, first_sample_at, last_sample_at,
      last_viewers, peak_viewers, peak_at, viewer_ms, covered_ms, samples, ended_at)
    select u.id, ${gameId}, u.uid, u.st, u.fst, u.lst, u.lv, u.pk, u.pka, u.vms, u.cms, u.n, u.ended
    from unnest(${col((s) => s.id)}::text[], ${col((s) => s.broadcasterId)}::text[], ${col((s) => s.startedAt.toISOString())}::timestamptz[],
                ${col((s) => iso(s.samples[0].at))}::timestamptz[], ${col((s) => iso(s.samples[s.samples.length - 1].at))}::timestamptz[],
                ${col((s) => s.samples[s.samples.length - 1].viewers)}::int[], ${col((_, t) => t.peakViewers)}::int[], ${col((s) => iso(peakAt(s)))}::timestamptz[],
                ${col((_, t) => t.viewerMs)}::bigint[], ${col((_, t) => t.coveredMs)}::bigint[], ${col((s) => s.samples.length)}::int[],
                ${col((_, t) => (t.endedAt === null ? null : iso(t.endedAt)))}::timestamptz[])
      as u(id, uid, st, fst, lst, lv, pk, pka, vms, cms, n, ended)
    on conflict (stream_id) do nothing`);
  const rows = list.flatMap((s) => s.samples.map((x) => ({ id: s.id, at: iso(x.at), viewers: Math.max(0, Math.round(x.viewers)) })));
  await tx.execute(sql`
    insert into twitch_stream_samples (stream_id, sampled_at, viewers)
    select * from unnest(${sql.param(rows.map((r) => r.id))}::text[], ${sql.param(rows.map((r) => r.at))}::timestamptz[], ${sql.param(rows.map((r) => r.viewers))}::int[])
    on conflict do nothing`);
}
