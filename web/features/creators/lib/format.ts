/** Hours watched: "12,345 h", "12.5 h", "0.25 h" (as the streams tables show them). */
export function formatHours(hours: number): string {
  const digits = hours >= 100 ? 0 : hours >= 10 ? 1 : 2;
  return `${hours.toLocaleString('en', { maximumFractionDigits: digits })} h`;
}

/** Airtime in seconds as "12 h 5 min" or "42 min". */
export function formatAirtime(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h > 0 ? `${h.toLocaleString('en')} h ${m} min` : `${m} min`;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** Days of an inclusive period (YYYY-MM-DD both ends). */
export const periodDays = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;
