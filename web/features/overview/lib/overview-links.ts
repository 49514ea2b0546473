import type { OverviewAttributes } from '../../../../common/schemas/projects-overview';

/*
 * Where each overview figure leads: the list it is the total of, with the same period. The
 * parameters name the filters as each list's API does (the articles feed's startDate/endDate, the
 * creator leaderboard's from/to, Super Search's search and dates, saved coverage's date range).
 */

type Period = OverviewAttributes['period'];
const p = (id: string) => encodeURIComponent(id);
const query = (params: Record<string, string | null | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
};

/**
 * The articles feed of the alert the figures count, over the period: every copy (`group=none`,
 * what placements, reach and outlets count), or one row per story (`stories`: unique stories).
 */
export const feedLink = (projectId: string, o: Pick<OverviewAttributes, 'alert_id' | 'period'>, opts: { stories?: boolean } = {}) =>
  `/articles-feed/${p(projectId)}${query({ alert_id: o.alert_id, startDate: o.period.from, endDate: o.period.to, group: opts.stories ? null : 'none' })}`;

/** The creator leaderboard of a platform over the period. */
export const creatorsLink = (projectId: string, platform: 'youtube' | 'twitch', period: Period) =>
  `/creators/${p(projectId)}${query({ platform, from: period.from, to: period.to })}`;

/** Super Search with a competitor's query over the days it counted. */
export const supersearchLink = (projectId: string, search: string, from: string, to: string) => `/supersearch/${p(projectId)}${query({ search, from, to })}`;

/** The project's saved coverage dated in the period. */
export const savedLink = (projectId: string, period: Period) => `/articles/${p(projectId)}${query({ date_range: `${period.from},${period.to}` })}`;

/** Numbers as the overview writes them: 1,234 and, for the large ones, 12.3M. */
export const count = (n: number) => n.toLocaleString('en');
export const compact = (n: number) => (n < 10_000 ? count(Math.round(n)) : n.toLocaleString('en', { notation: 'compact', maximumFractionDigits: 1 }));
/** Hours watched: "12,345 h", "12.5 h", "0.25 h" (as the streams tables show them). */
export function hours(h: number): string {
  const digits = h >= 100 ? 0 : h >= 10 ? 1 : 2;
  return `${h.toLocaleString('en', { maximumFractionDigits: digits })} h`;
}
