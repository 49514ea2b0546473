import { describe, it, expect } from 'vitest';
import { parseFeedDate } from './dates.js';

const now = Date.parse('2024-12-31T00:00:00Z');

describe('parseFeedDate: zone comments and the JavaScript default format', () => {
  it.each([
    ['Tue, 05 Mar 2024 14:30:00 +0100 (CET)', '2024-03-05T13:30:00.000Z'],
    ['Tue, 05 Mar 2024 14:30:00 -0500 (Eastern Standard Time)', '2024-03-05T19:30:00.000Z'],
    ['Tue, 05 Mar 2024 14:30:00 GMT (UTC)', '2024-03-05T14:30:00.000Z'],
    ['Tue, 05 Mar 2024 14:30:00 (CET)', '2024-03-05T13:30:00.000Z'],
    ['Tue Mar 05 2024 14:30:00 GMT+0100 (Central European Standard Time)', '2024-03-05T13:30:00.000Z'],
    ['Tue Mar 05 2024 14:30:00 GMT-0800 (Pacific Standard Time)', '2024-03-05T22:30:00.000Z'],
    ['Fri Jul 05 2024 09:00:00 GMT+0200 (heure d’été d’Europe centrale)', '2024-07-05T07:00:00.000Z'],
  ])('%s', (input, iso) => {
    expect(parseFeedDate(input, now)?.toISOString()).toBe(iso);
  });
});

describe('parseFeedDate: impossible dates are refused, not rolled over', () => {
  it.each([
    '31 Feb 2024',
    'Sat, 31 Feb 2024 10:00:00 GMT',
    '30 Feb 2024',
    '29 Feb 2023',
    '31 Apr 2024',
    '31 Jun 2024 12:00:00 +0000',
    'Feb 30, 2024',
    '2024-02-30T00:00:00Z',
    '2024-04-31',
    '2024-05-01T24:30:00Z',
  ])('%j → null', (input) => {
    expect(parseFeedDate(input, now)).toBeNull();
  });

  it('keeps the last day of each month and 29 February of a leap year', () => {
    expect(parseFeedDate('29 Feb 2024', now)?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseFeedDate('30 Apr 2024', now)?.toISOString()).toBe('2024-04-30T00:00:00.000Z');
    expect(parseFeedDate('2024-12-31', now + 86_400_000)?.toISOString()).toBe('2024-12-31T00:00:00.000Z');
  });
});

describe('parseFeedDate: French months', () => {
  it.each([
    ['5 févr. 2024 10:00:00 +0100', '2024-02-05T09:00:00.000Z'],
    ['5 fevr 2024', '2024-02-05T00:00:00.000Z'],
    ['5 février 2024', '2024-02-05T00:00:00.000Z'],
    ['3 avr. 2024', '2024-04-03T00:00:00.000Z'],
    ['3 avril 2024', '2024-04-03T00:00:00.000Z'],
    ['1 mai 2024 08:00:00 +0200', '2024-05-01T06:00:00.000Z'],
    ['1 juin 2024', '2024-06-01T00:00:00.000Z'],
    ['2 juil. 2024', '2024-07-02T00:00:00.000Z'],
    ['2 juil 2024', '2024-07-02T00:00:00.000Z'],
    ['2 juillet 2024', '2024-07-02T00:00:00.000Z'],
    ['15 août 2024', '2024-08-15T00:00:00.000Z'],
    ['15 aout 2024', '2024-08-15T00:00:00.000Z'],
    ['15 AOÛT 2024', '2024-08-15T00:00:00.000Z'],
    ['1 déc. 2023', '2023-12-01T00:00:00.000Z'],
    ['1 déc 2023', '2023-12-01T00:00:00.000Z'],
    ['mar., 05 mars 2024 14:30:00 +0100', '2024-03-05T13:30:00.000Z'],
    ['jeu. 15 août 2024 10:00:00 GMT', '2024-08-15T10:00:00.000Z'],
  ])('%s', (input, iso) => {
    expect(parseFeedDate(input, now)?.toISOString()).toBe(iso);
  });

  it('does not mistake an unknown word for a month', () => {
    expect(parseFeedDate('1 juxx 2024', now)).toBeNull();
    expect(parseFeedDate('1 xyz 2024', now)).toBeNull();
  });
});
