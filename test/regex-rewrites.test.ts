/* eslint-disable regexp/no-super-linear-move -- the flagged "before" regexes are kept here on purpose, to compare against */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';

/**
 * The regexes eslint-plugin-regexp flagged as super-linear were rewritten to be linear without
 * changing what they do. Each pair (before, after) is checked on generated strings built from
 * the characters that matter, and the rewrite must stay fast on the attack string the lint named.
 */
const pairs: { name: string; alphabet: string[]; before: (s: string) => unknown; after: (s: string) => unknown; attack: string }[] = [
  {
    name: 'trailing slashes (publicUrl, API base URLs)',
    alphabet: ['/', 'a', ':', ' '],
    before: (s) => s.replace(/\/+$/, ''),
    after: (s) => s.replace(/(?<!\/)\/+$/, ''),
    attack: '/'.repeat(50_000) + 'x',
  },
  {
    name: 'trailing dots (hostnames)',
    alphabet: ['.', 'a', '-'],
    before: (s) => s.replace(/\.+$/, ''),
    after: (s) => s.replace(/(?<!\.)\.+$/, ''),
    attack: '.'.repeat(50_000) + 'x',
  },
  {
    name: 'leading and trailing dashes (PDF file names)',
    alphabet: ['-', 'a', ' '],
    before: (s) => s.replace(/^-+|-+$/g, ''),
    after: (s) => s.replace(/^-+|(?<!-)-+$/g, ''),
    attack: 'a' + '-'.repeat(50_000) + 'x',
  },
  {
    name: 'trailing dashes',
    alphabet: ['-', 'a'],
    before: (s) => s.replace(/-+$/, ''),
    after: (s) => s.replace(/(?<!-)-+$/, ''),
    attack: '-'.repeat(50_000) + 'x',
  },
  // ip6Bytes only sees addresses that passed isIP: no line breaks (across one, `.*` differs).
  {
    name: 'IPv6 zone id',
    alphabet: ['%', 'f', ':', '1', 'e'],
    before: (s) => s.replace(/%.*$/, ''),
    after: (s) => s.replace(/^([^%]*)%.*$/, '$1'),
    attack: '%'.repeat(50_000) + '\n',
  }, // quadratic before: each % scanned to the line break
  {
    name: 'embedded IPv4 of an IPv6 address',
    alphabet: ['1', '2', '.', ':', 'f'],
    before: (s) => s.match(/(\d+\.\d+\.\d+\.\d+)$/)?.[1],
    after: (s) => s.match(/(?<!\d)(\d+\.\d+\.\d+\.\d+)$/)?.[1],
    attack: '1'.repeat(50_000) + 'x',
  },
  // The split became split-and-trim: the same tokens, except that the outer ends are trimmed too.
  {
    name: 'ETag list split',
    alphabet: [' ', ',', '"', 'a'],
    before: (s) => s.split(/\s*,\s*/).map((t) => t.trim()),
    after: (s) => s.split(',').map((t) => t.trim()),
    attack: ' '.repeat(50_000) + 'x',
  },
];

describe('linear rewrites of flagged regexes', () => {
  it.each(pairs.map((p) => [p.name, p] as const))('%s: same result as before', (_name, p) => {
    const text = fc.array(fc.constantFrom(...p.alphabet), { maxLength: 40 }).map((a) => a.join(''));
    fc.assert(
      fc.property(text, (s) => {
        expect(p.after(s)).toEqual(p.before(s));
      }),
      { numRuns: 2000 },
    );
  });

  it.each(pairs.map((p) => [p.name, p] as const))('%s: linear on the attack string', (_name, p) => {
    const started = performance.now();
    p.after(p.attack);
    expect(performance.now() - started).toBeLessThan(1000); // a budget against quadratic blow-up (the old regex: seconds)
  });
});
