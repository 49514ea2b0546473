/**
 * Dates as feeds and pages write them: RFC 822 (with its many zone names), RFC 3339 and the odd
 * layouts seen in the wild. Parsed deterministically (a missing zone means UTC), never by the
 * machine's local time.
 */

// By the first three letters, accents removed; French where it differs (févr, avr, mai, août;
// juin and juil share "jui" and are told apart by the fourth letter).
const MONTHS: Record<string, number> = {
  jan: 0,
  feb: 1,
  mar: 2,
  apr: 3,
  may: 4,
  jun: 5,
  jul: 6,
  aug: 7,
  sep: 8,
  oct: 9,
  nov: 10,
  dec: 11,
  fev: 1,
  avr: 3,
  mai: 4,
  aou: 7,
};

/** Month index of an English or French month name or abbreviation (with or without accents and a dot), or undefined. */
function monthIndex(word: string): number | undefined {
  const w = word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  if (w.startsWith('jui')) return w[3] === 'n' ? 5 : w[3] === 'l' ? 6 : undefined;
  return MONTHS[w.slice(0, 3)];
}
const ZONES: Record<string, number> = {
  UT: 0,
  UTC: 0,
  GMT: 0,
  Z: 0,
  WET: 0,
  BST: 60,
  IST: 330,
  CET: 60,
  MET: 60,
  CEST: 120,
  MEST: 120,
  EET: 120,
  EEST: 180,
  MSK: 180,
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
  AKST: -540,
  AKDT: -480,
  HST: -600,
  JST: 540,
  KST: 540,
  AEST: 600,
  AEDT: 660,
  ACST: 570,
  AWST: 480,
  NZST: 720,
  NZDT: 780,
  SGT: 480,
  HKT: 480,
  WIB: 420,
};

function zoneOffset(z: string): number | null {
  let t = z.trim();
  // A trailing comment names the zone in words: "+0100 (CET)", "GMT+0100 (Central European Standard Time)".
  // The numeric or abbreviated zone before it wins; a comment alone is read as a zone name.
  const comment = /\(([^()]*)\)$/.exec(t);
  if (comment) t = t.slice(0, comment.index).trim() || comment[1].trim();
  if (!t) return 0; // no zone: feeds that omit it are nearly always UTC
  const num = t.match(/^(?:GMT|UTC)?([+-])(\d{1,2}):?(\d{2})?$/i);
  if (num) return (num[1] === '-' ? -1 : 1) * (Number(num[2]) * 60 + Number(num[3] ?? 0));
  return ZONES[t.toUpperCase()] ?? null;
}

function build(y: number, mo: number, d: number, h: number, mi: number, s: number, offsetMin: number): Date | null {
  if (mo < 0 || mo > 11 || d < 1 || h > 24 || mi > 59 || s > 60) return null;
  // An impossible day (31 Feb, 31 Apr, 29 Feb 2023) is refused, not rolled over into the next month.
  if (d > new Date(Date.UTC(y, mo + 1, 0)).getUTCDate()) return null;
  if (h === 24 && (mi > 0 || s > 0)) return null;
  const ms = Date.UTC(y, mo, d, h, mi, Math.min(s, 59)) - offsetMin * 60_000;
  return Number.isNaN(ms) ? null : new Date(ms);
}

/**
 * RFC 822, RFC 3339 and the odd layouts feeds use. Null when missing, unparsable, before 1990
 * or more than a day ahead of `now` (a wrong clock must not pin an item to the top).
 */
export function parseFeedDate(raw: string, now = Date.now()): Date | null {
  const s = raw.trim().replace(/\s+/g, ' ');
  if (!s) return null;
  let date: Date | null = null;
  const iso = s.match(/^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?)? ?(Z|[A-Z]{2,5}|[+-]\d{1,2}(?::?\d{2})?)?$/i);
  const rfc = s.match(/^(?:\p{L}{2,9}\.?,? ?)?(\d{1,2})[ -](\p{L}{3,9})\.?[ -](\d{2,4})(?:,? (\d{1,2}):(\d{2})(?::(\d{2}))?)? ?(.*)$/u);
  const us = s.match(/^(?:\p{L}{2,9}\.?,? )?(\p{L}{3,9})\.? (\d{1,2}),? (\d{4})(?:,? (\d{1,2}):(\d{2})(?::(\d{2}))? ?(AM|PM)?)? ?(.*)$/iu);
  if (iso) {
    const off = zoneOffset(iso[7] ?? '');
    if (off !== null) date = build(+iso[1], +iso[2] - 1, +iso[3], +(iso[4] ?? 0), +(iso[5] ?? 0), +(iso[6] ?? 0), off);
  } else if (rfc && monthIndex(rfc[2]) !== undefined) {
    const y = +rfc[3] < 100 ? (+rfc[3] < 50 ? 2000 : 1900) + +rfc[3] : +rfc[3];
    const off = zoneOffset(rfc[7]);
    if (off !== null) date = build(y, monthIndex(rfc[2])!, +rfc[1], +(rfc[4] ?? 0), +(rfc[5] ?? 0), +(rfc[6] ?? 0), off);
  } else if (us && monthIndex(us[1]) !== undefined) {
    let h = +(us[4] ?? 0);
    if (us[7]?.toUpperCase() === 'PM' && h < 12) h += 12;
    if (us[7]?.toUpperCase() === 'AM' && h === 12) h = 0;
    const off = zoneOffset(us[8]);
    if (off !== null) date = build(+us[3], monthIndex(us[1])!, +us[2], h, +(us[5] ?? 0), +(us[6] ?? 0), off);
  } else if (/^\d{10}(\d{3})?$/.test(s)) {
    date = new Date(s.length === 10 ? +s * 1000 : +s);
  } else if (/\d{4}/.test(s) && /[a-z]{3}/i.test(s)) {
    const ms = Date.parse(s); // V8's lenient parser as the last resort ("Wed May 01 2024 12:00:00 GMT+0000")
    date = Number.isNaN(ms) ? null : new Date(ms);
  }
  if (!date || Number.isNaN(date.getTime())) return null;
  const t = date.getTime();
  if (t < Date.UTC(1990, 0, 1) || t > now + 86_400_000) return null;
  return date;
}
