import type { SteamApp, SteamSummaryAttributes } from '../../../common/schemas/steam';

/**
 * The words and figures of the Steam panels (the overview, a report's Steam section): shared by
 * both, so the page and the report say the same thing.
 */

/** A share of 0–1 as "87 %"; an en dash without one. */
export const formatShare = (share: number | null | undefined) =>
  share === null || share === undefined || !Number.isFinite(share) ? '–' : `${Math.round(share * 100)} %`;

/** A percentage of 0–100 (the chart's axis and tooltips). */
export const formatPercent = (v: number) => (Number.isFinite(v) ? `${Math.round(v)} %` : '–');

const count = (n: number) => n.toLocaleString('en');

/** "1,234 reviews · 87 % positive in the period", or that there were none. */
export function reviewTotalsLine(totals: SteamSummaryAttributes['totals']): string {
  if (totals.reviews === 0) return 'No reviews in the period';
  const noun = totals.reviews === 1 ? 'review' : 'reviews';
  return `${count(totals.reviews)} ${noun} · ${formatShare(totals.share_positive)} positive in the period`;
}

/** The store's all-time summary: "Very Positive · 18,342 of 19,862", or null before the first read. */
export function allTimeLine(app: SteamApp): string | null {
  if (app.total_reviews === null) return null;
  const figures = app.total_positive !== null ? `${count(app.total_positive)} of ${count(app.total_reviews)}` : `${count(app.total_reviews)} reviews`;
  return app.review_score_desc ? `${app.review_score_desc} · ${figures}` : figures;
}

export const PENDING_MESSAGE = 'Reading Steam… the first figures arrive within minutes';

/** What an app's state says, or null when it is read and well. */
export function appStateMessage(app: SteamApp): string | null {
  switch (app.state) {
    case 'ok':
      return null;
    case 'pending':
      return PENDING_MESSAGE;
    case 'not_found':
      return app.message ?? `Steam knows no app ${app.app_id}: check the id in the project’s settings`;
    case 'rate_limited':
      return app.message ?? 'Steam asked us to slow down: we read it again in a little while';
    case 'error':
      return app.message ?? 'Steam could not be read: we try again soon';
  }
}

/** The app's name, or "App 620" before its first read. */
export const appName = (app: Pick<SteamApp, 'app_id' | 'name'> | undefined, appId: number) => app?.name ?? `App ${appId}`;

/** A day of the period as a chart category: "Mar 5" (the day is UTC, as the API writes it). */
export const dayLabel = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Mar 5, 2024" for a YYYY-MM-DD day. */
export const dayLong = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * The room on each side of the coverage chart and the reviews chart under it: the same on both,
 * so a day sits in the same column of each (their axes' labels differ in width).
 */
export const STACKED_CHART_GUTTER = { start: 52, end: 52 } as const;
