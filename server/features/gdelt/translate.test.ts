import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesQuery, indexDocument } from '../../../common/query/match.js';
import { parseQuery } from '../../../common/query/parse.js';
import { printQuery } from '../../../common/query/print.js';
import { docText, queryText } from '../../../common/query/test-arbitraries.js';
import { tokenize } from '../../../common/query/tokenize.js';
import type { QueryNode } from '../../../common/query/types.js';
import { parseGdeltQuery } from '../../../test/fakes/gdelt.js';
import { GDELT_MIN_KEYWORD, MAX_GDELT_TERMS, toGdeltQuery } from './translate.js';

const parsed = (text: string): QueryNode => {
  const r = parseQuery(text);
  if (!r.ok) throw new Error(`does not parse: ${text}`);
  return r.query;
};
const gdelt = (text: string) => toGdeltQuery(parsed(text));

/** GDELT's reading of a query (the fake's) on a document tokenized like the archive's. */
function gdeltMatches(query: string, doc: string): boolean {
  const clauses = parseGdeltQuery(query);
  if (typeof clauses === 'string') throw new Error(`GDELT would refuse ${query}: ${clauses}`);
  const hay = ` ${tokenize(doc).join(' ')} `;
  const has = (term: string) => hay.includes(` ${tokenize(term).join(' ')} `);
  return clauses.every((c) => (c.kind === 'term' ? has(c.text) : c.kind === 'not' ? !has(c.text) : c.texts.some(has)));
}

describe('toGdeltQuery', () => {
  it('writes words, phrases, OR groups in parentheses and exclusions with a leading -', () => {
    expect(gdelt('zelda')).toEqual({ ok: true, query: 'zelda', exact: true, terms: 1 });
    expect(gdelt('"breath of the wild"')).toMatchObject({ query: '"breath of the wild"', exact: true });
    expect(gdelt('zelda OR link')).toMatchObject({ query: '(link OR zelda)', exact: true });
    expect(gdelt('+nintendo +(zelda link) -ganon')).toMatchObject({ query: '(link OR zelda) nintendo -ganon', exact: true });
    expect(gdelt('+"nintendo" +("zelda" "link") -"ganon dorf"')).toMatchObject({ query: '(link OR zelda) nintendo -"ganon dorf"', exact: true });
    // -(a OR b) is -a -b.
    expect(gdelt('+acme -(recall OR lawsuit)')).toMatchObject({ query: 'acme -lawsuit -recall', exact: true });
  });

  it('normalizes: equal queries print equal text whatever their order, case or spelling', () => {
    const a = gdelt('+Zelda +Nintendo -Ganon');
    const b = gdelt('nintendo AND zelda AND NOT ganon');
    expect(a).toEqual(b);
    expect(gdelt('(link OR zelda)')).toEqual(gdelt('zelda link'));
  });

  it('drops what GDELT cannot express, widening the query, and says it is not exact', () => {
    // A prefix: left out of an AND (the rest is sent), fatal when it is all.
    expect(gdelt('+nintendo +zeld*')).toMatchObject({ ok: true, query: 'nintendo', exact: false });
    expect(gdelt('zeld*')).toEqual({ ok: false, reason: 'prefix_only' });
    // A prefix in an OR group: the group cannot be narrowed to its other members, so it goes.
    expect(gdelt('+acme +(zeld* OR link)')).toMatchObject({ query: 'acme', exact: false });
    // An AND nested in an OR: one term of it (the longest) stands for it.
    expect(gdelt('(+nintendo +switch) OR sega')).toMatchObject({ query: '(nintendo OR sega)', exact: false });
    // An excluded AND cannot be written: dropped (wider).
    expect(gdelt('+acme -(+foo +bar)')).toMatchObject({ query: 'acme', exact: false });
  });

  it(`drops words shorter than ${GDELT_MIN_KEYWORD} characters (GDELT refuses them) and keeps phrases that hold a longer word`, () => {
    expect(gdelt('+ea +sports')).toMatchObject({ query: 'sports', exact: false });
    expect(gdelt('"ea sports"')).toMatchObject({ query: '"ea sports"', exact: true });
    expect(gdelt('ea OR ai')).toEqual({ ok: false, reason: 'too_short' });
    expect(gdelt('+acme -ai')).toMatchObject({ query: 'acme', exact: false });
    // CJK characters are one token each: a run of them is one keyword.
    expect(gdelt('"任天堂"')).toMatchObject({ query: '任天堂', exact: true });
  });

  it(`keeps at most ${MAX_GDELT_TERMS} terms: exclusions go first, then the largest groups; a 20-term OR cannot be sent`, () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `game${i}`).join(' OR ');
    expect(gdelt(twenty)).toEqual({ ok: false, reason: 'too_many_terms' });
    const and20 = Array.from({ length: 20 }, (_, i) => `+word${String.fromCharCode(97 + i)}`).join(' ');
    const t = gdelt(and20);
    expect(t).toMatchObject({ ok: true, exact: false, terms: MAX_GDELT_TERMS });
    const withExclusions = gdelt(`+acme +(${Array.from({ length: 9 }, (_, i) => `alt${i}`).join(' ')}) -foo -bar`);
    expect(withExclusions).toMatchObject({ ok: true, exact: false, terms: MAX_GDELT_TERMS });
    expect(withExclusions.ok && withExclusions.query.includes('-')).toBe(false);
  });

  it('never sends what GDELT refuses, and only widens: every document the alert matches, GDELT matches (property)', () => {
    fc.assert(
      fc.property(queryText, fc.array(docText, { minLength: 1, maxLength: 6 }), (text, docs) => {
        const r = parseQuery(text);
        if (!r.ok) return;
        const t = toGdeltQuery(r.query);
        if (!t.ok) return;
        expect(typeof parseGdeltQuery(t.query)).not.toBe('string');
        expect(t.terms).toBeLessThanOrEqual(MAX_GDELT_TERMS);
        for (const doc of docs) {
          const alert = matchesQuery(r.query, indexDocument(doc));
          const found = gdeltMatches(t.query, doc);
          if (alert) expect(found).toBe(true);
          // An exact translation matches exactly what the alert matches.
          if (t.exact) expect(found).toBe(alert);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('is stable: the canonical text of a query translates like the query (property)', () => {
    fc.assert(
      fc.property(queryText, (text) => {
        const r = parseQuery(text);
        if (!r.ok) return;
        expect(toGdeltQuery(parsed(printQuery(r.query)))).toEqual(toGdeltQuery(r.query));
      }),
      { numRuns: 300 },
    );
  });
});
