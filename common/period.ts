/**
 * Calendar days as the API writes them (YYYY-MM-DD, UTC) and a period of days read from a query
 * string: the creators leaderboard (GET projects/{id}/creators) and the Steam panel (GET
 * projects/{id}/steam) read `filter[from]` / `filter[to]` the same way.
 */
export const DAY_MS = 86_400_000;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export const isDay = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
/** Days since 1970-01-01 (UTC). */
export const dayNumber = (v: string) => Date.parse(`${v}T00:00:00Z`) / DAY_MS;
export const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

export const PERIOD_MESSAGES = {
  day: 'Use a date like 2026-01-31 (YYYY-MM-DD)',
  order: 'The start of the period must be on or before its end',
  span: (maxDays: number) => `A period covers at most ${maxDays} days`,
} as const;

export interface PeriodProblem {
  parameter: 'filter[from]' | 'filter[to]';
  detail: string;
}

/**
 * `filter[from]` / `filter[to]` (both ends included): by default the `defaultDays` days up to
 * `to` (today by default); at most `maxDays`.
 */
export function readPeriod(
  raw: { from?: string; to?: string },
  opts: { defaultDays: number; maxDays: number; today?: string },
): { from: string; to: string; problems: PeriodProblem[] } {
  const problems: PeriodProblem[] = [];
  const today = opts.today ?? new Date().toISOString().slice(0, 10);
  const to = raw.to ?? today;
  if (!isDay(to)) problems.push({ parameter: 'filter[to]', detail: PERIOD_MESSAGES.day });
  const from = raw.from ?? dayText(dayNumber(isDay(to) ? to : today) - (opts.defaultDays - 1));
  if (!isDay(from)) problems.push({ parameter: 'filter[from]', detail: PERIOD_MESSAGES.day });
  if (isDay(from) && isDay(to)) {
    if (dayNumber(from) > dayNumber(to)) problems.push({ parameter: 'filter[from]', detail: PERIOD_MESSAGES.order });
    else if (dayNumber(to) - dayNumber(from) + 1 > opts.maxDays) problems.push({ parameter: 'filter[from]', detail: PERIOD_MESSAGES.span(opts.maxDays) });
  }
  return { from, to, problems };
}
