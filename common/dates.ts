/**
 * Calendar days as the API names them (`YYYY-MM-DD`, UTC): a report's range, the saved-coverage
 * list's `filter[date_range]`. An inclusive range of days is the half-open range of instants
 * [first day 00:00, the day after the last 00:00).
 */

const DAY_MS = 86400_000;

/** `YYYY-MM-DD` → that day at 00:00 UTC. */
export const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
/** A Date at 00:00 UTC → `YYYY-MM-DD`. */
export const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The half-open instant range of the inclusive days [from, to]. */
export function dayRange(from: string, to: string): { start: Date; endExclusive: Date } {
  return { start: dayStart(from), endExclusive: new Date(dayStart(to).getTime() + DAY_MS) };
}
