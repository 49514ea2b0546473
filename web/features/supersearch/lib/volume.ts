import dayjs from 'dayjs';
import type { SupersearchVolumePoint, VolumeInterval } from '../../../../common/schemas/supersearch';

export type { VolumeInterval };

/** One bucket of the volume answer (the server's shape). */
export type VolumePoint = SupersearchVolumePoint;

/** One line of the chart: the main query (index 0) or a competitor (1-5). */
export interface VolumeSeries {
  index: number;
  label: string;
  points: VolumePoint[];
  total: number;
}

export interface ChartData {
  buckets: string[];
  series: { index: number; label: string; values: number[]; total: number }[];
}

const DAY = 'YYYY-MM-DD';

/**
 * The x axis of the chart: every bucket from the first to the last one any series has (the
 * API may leave out empty buckets), stepping by the interval, so gaps show as zeros.
 */
export function chartData(series: VolumeSeries[], interval: VolumeInterval): ChartData {
  const keys = new Set<string>();
  for (const s of series) for (const p of s.points) keys.add(p.inserted_at.slice(0, 10));
  const sorted = [...keys].sort();
  if (sorted.length > 0) {
    const last = sorted[sorted.length - 1];
    const step = interval === 'day' ? [1, 'day'] : interval === 'week' ? [7, 'day'] : [1, 'month'];
    // A bounded walk: a range of years per day is at most a few thousand buckets.
    for (let d = dayjs(sorted[0]), i = 0; d.format(DAY) <= last && i < 5000; d = d.add(step[0] as number, step[1] as 'day' | 'month'), i++) {
      keys.add(d.format(DAY));
    }
  }
  const buckets = [...keys].sort();
  return {
    buckets,
    series: series.map((s) => {
      const byDay = new Map<string, number>();
      for (const p of s.points) byDay.set(p.inserted_at.slice(0, 10), (byDay.get(p.inserted_at.slice(0, 10)) ?? 0) + p.articles);
      return { index: s.index, label: s.label, total: s.total, values: buckets.map((b) => byDay.get(b) ?? 0) };
    }),
  };
}

/** "Mar 5" per day, "Week of Mar 4" per week, "Mar 2024" per month. */
export function bucketLabel(bucket: string, interval: VolumeInterval, withYear = false): string {
  const d = dayjs(bucket);
  if (interval === 'month') return d.format('MMM YYYY');
  const day = d.format(withYear ? 'MMM D, YYYY' : 'MMM D');
  return interval === 'week' ? `Week of ${day}` : day;
}

export interface VoiceShare {
  index: number;
  label: string;
  total: number;
  /** Percent of all the queries' articles, 0-100 with one decimal. */
  percent: number;
}

/** Share of voice: each query's articles as a percent of all the queries' articles together. */
export function shareOfVoice(series: Pick<VolumeSeries, 'index' | 'label' | 'total'>[]): VoiceShare[] {
  const sum = series.reduce((n, s) => n + s.total, 0);
  return series.map((s) => ({
    index: s.index,
    label: s.label,
    total: s.total,
    percent: sum > 0 ? Math.round((1000 * s.total) / sum) / 10 : 0,
  }));
}
