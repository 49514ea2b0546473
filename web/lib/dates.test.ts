import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, formatTime, hourCycleOf } from './dates';

// Local time, so the expected clock does not depend on the machine's time zone.
const morning = new Date(2024, 2, 5, 9, 5, 7);
const afternoon = new Date(2024, 2, 5, 14, 30, 0);

afterEach(() => vi.restoreAllMocks());

describe('one clock per locale', () => {
  it('takes the hour cycle from the locale', () => {
    expect(hourCycleOf('en-US')).toBe('h12');
    expect(hourCycleOf('en-GB')).toBe('h23');
    expect(hourCycleOf('de-DE')).toBe('h23');
    expect(hourCycleOf('not a locale')).toBe('h23');
  });

  it('reads 24 hours where the locale does, padded as it is written', () => {
    expect(formatTime(afternoon, { locale: 'en-GB' })).toBe('14:30');
    expect(formatTime(morning, { locale: 'de-DE' })).toBe('09:05');
    expect(formatTime(morning, { locale: 'fr-FR', seconds: true })).toBe('09:05:07');
    expect(formatDateTime(afternoon.toISOString(), { locale: 'en-GB' })).toBe('Mar 5, 2024, 14:30');
  });

  it('reads 12 hours with AM/PM where the locale does, in the interface’s English', () => {
    expect(formatTime(afternoon, { locale: 'en-US' })).toMatch(/^2:30\sPM$/);
    expect(formatTime(morning, { locale: 'en-US', seconds: true })).toMatch(/^9:05:07\sAM$/);
    // A German browser keeps the English month; only the clock is its own.
    expect(formatDateTime(afternoon, { locale: 'de-DE' })).toBe('Mar 5, 2024, 14:30');
    expect(formatDateTime(afternoon, { locale: 'en-US' })).toMatch(/^Mar 5, 2024, 2:30\sPM$/);
  });

  it('follows the browser’s preferred language when no locale is given', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'en']);
    expect(formatTime(afternoon)).toBe('14:30');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    expect(formatTime(afternoon)).toMatch(/^2:30\sPM$/);
  });

  it('shows an en dash for a missing or unreadable time', () => {
    expect(formatTime(null)).toBe('–');
    expect(formatDateTime('not a date')).toBe('–');
  });
});

/** Every source file of the web app, tests aside. */
function webSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return webSources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('times of day go through the one clock', () => {
  it('leaves no hand-written hour format (dayjs "HH:mm" / "h:mm A", toLocaleTimeString) in the web app', () => {
    const web = path.resolve(__dirname, '..');
    const handWritten = /\.format\(\s*['"`][^'"`]*\b(HH|hh|H|h):mm|toLocaleTimeString\(|toLocaleString\([^)]*hour/;
    const offenders = webSources(web)
      .filter((file) => !file.endsWith(path.join('lib', 'dates.ts')))
      .flatMap((file) =>
        fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => (handWritten.test(line) ? `${path.relative(web, file)}:${i + 1}: ${line.trim()}` : null))
          .filter((x): x is string => x !== null),
      );
    expect(offenders).toEqual([]);
  });
});
