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
