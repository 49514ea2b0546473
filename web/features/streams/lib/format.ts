/**
 * Twitch durations come as "3h2m1s" (videos); shown as 3:02:01 or 2:01. Anything else is shown
 * as given, and nothing as an en dash.
 */
export function formatDuration(raw: string | null | undefined): string {
  if (!raw) return '–';
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(raw.trim());
  if (!m || (!m[1] && !m[2] && !m[3])) return raw;
  const [h, min, s] = [Number(m[1] ?? 0), Number(m[2] ?? 0), Number(m[3] ?? 0)];
  const pad = (v: number) => String(v).padStart(2, '0');
  return h > 0 ? `${h}:${pad(min)}:${pad(s)}` : `${min}:${pad(s)}`;
}

/** Hours watched: "12,345 h", "12.5 h", "0.25 h"; nothing as an en dash. */
export function formatHours(hours: number | null | undefined): string {
  if (hours === null || hours === undefined) return '–';
  const digits = hours >= 100 ? 0 : hours >= 10 ? 1 : 2;
  return `${hours.toLocaleString('en', { maximumFractionDigits: digits })} h`;
}

/** Airtime in seconds as 3:02:01 or 2:01; nothing as an en dash. */
export function formatAirtime(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '–';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  const pad = (v: number) => String(v).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
