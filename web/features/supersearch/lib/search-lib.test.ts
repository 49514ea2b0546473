import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { cursorPages, currentCursor, currentPage, initialPages } from './cursor-pages';
import { appliedCompetitors, draftFilters, initialDraft, minSearchDate, resolveScore, searchBlocker, type SearchDraft } from './search-form';
import { chartData, shareOfVoice } from './volume';
import { searchFieldErrors } from './errors';
import { ApiError } from '../../../lib/api';

const NOW = dayjs('2024-06-15T12:00:00');
const withTerm = (over: Partial<SearchDraft> = {}): SearchDraft => ({
  ...initialDraft('2017-01-01', NOW),
  simple: { all: ['starfall'], any: [], exclude: [] },
  ...over,
});

describe('search form rules', () => {
  it('never goes earlier than 2017-01-01 nor than the plan history allows', () => {
    expect(minSearchDate(6, '2024-06-15')).toBe('2023-12-15');
    expect(minSearchDate(3, '2024-05-31')).toBe('2024-02-29');
    expect(minSearchDate(120, '2024-06-15')).toBe('2017-01-01');
    expect(minSearchDate(undefined, '2024-06-15')).toBe('2017-01-01');
    expect(minSearchDate(0, '2024-06-15')).toBe('2024-06-15');
  });

  it('starts one week ago until today, never before the earliest date', () => {
    expect(initialDraft('2017-01-01', NOW)).toMatchObject({ fromDate: '2024-06-08', toDate: '2024-06-15', sort: 'date_desc' });
    expect(initialDraft('2024-06-12', NOW).fromDate).toBe('2024-06-12');
  });

  it('blocks the search without term, from date, to date or organization, or with a broken query', () => {
    expect(searchBlocker(initialDraft('2017-01-01', NOW), '7')).not.toBeNull();
    expect(searchBlocker(withTerm(), '7')).toBeNull();
    expect(searchBlocker(withTerm({ fromDate: null }), '7')).not.toBeNull();
    expect(searchBlocker(withTerm({ toDate: null }), '7')).not.toBeNull();
    expect(searchBlocker(withTerm(), null)).not.toBeNull();
    expect(searchBlocker(withTerm({ mode: 'advanced', raw: '"unclosed' }), '7')).not.toBeNull();
    expect(searchBlocker(withTerm({ competitors: [{ key: 1, query: '(broken' }] }), '7')).not.toBeNull();
    expect(searchBlocker(withTerm({ minScore: 5, maxScore: 2 }), '7')).not.toBeNull();
  });

  it('straightens curly quotes and sends max 10 when only a minimum is set', () => {
    const filters = draftFilters(withTerm({ mode: 'advanced', raw: ' “nebula games” ', minScore: 3 }), '7');
    expect(filters).toEqual({
      search: '"nebula games"',
      from_date: '2024-06-08',
      to_date: '2024-06-15',
      organization_id: '7',
      languages: [],
      media_score: { min: 3, max: 10 },
    });
    expect(resolveScore(null, 4)).toEqual({ min: null, max: 4 });
    expect(resolveScore(null, null)).toEqual({ min: null, max: null });
  });

  it('numbers the filled, valid competitor rows 1 to 5', () => {
    const d = withTerm({
      competitors: [
        { key: 1, query: '' },
        { key: 2, query: '“galaxy wars”' },
        { key: 5, query: 'lumen' },
      ],
    });
    expect(appliedCompetitors(d)).toEqual([
      { index: 1, search: '"galaxy wars"' },
      { index: 2, search: 'lumen' },
    ]);
  });
});

describe('cursor pages', () => {
  it('keeps a stack of cursors to go forward, back and to the first page', () => {
    let s = initialPages();
    expect([currentPage(s), currentCursor(s)]).toEqual([1, null]);
    s = cursorPages(s, { type: 'next', cursor: 'c1' });
    s = cursorPages(s, { type: 'next', cursor: 'c2' });
    expect([currentPage(s), currentCursor(s)]).toEqual([3, 'c2']);
    s = cursorPages(s, { type: 'previous' });
    expect([currentPage(s), currentCursor(s)]).toEqual([2, 'c1']);
    s = cursorPages(s, { type: 'first' });
    expect([currentPage(s), currentCursor(s)]).toEqual([1, null]);
    expect(cursorPages(s, { type: 'previous' })).toBe(s);
    expect(cursorPages(s, { type: 'next', cursor: null })).toBe(s);
  });

  it('goes back to page 1 when the sort or the page size changes', () => {
    const deep = cursorPages(cursorPages(initialPages(), { type: 'next', cursor: 'c1' }), { type: 'next', cursor: 'c2' });
    expect(cursorPages(deep, { type: 'sort', sort: 'relevance' })).toEqual({ sort: 'relevance', pageSize: 25, cursors: [null] });
    expect(cursorPages(deep, { type: 'pageSize', pageSize: 50 })).toEqual({ sort: 'date_desc', pageSize: 50, cursors: [null] });
    expect(cursorPages(deep, { type: 'sort', sort: 'date_desc' })).toBe(deep);
  });
});

describe('volume', () => {
  it('fills the buckets no series has, per day, week or month', () => {
    const days = chartData(
      [
        {
          index: 0,
          label: 'main',
          total: 5,
          points: [
            { inserted_at: '2024-03-01', articles: 2 },
            { inserted_at: '2024-03-04', articles: 3 },
          ],
        },
        { index: 1, label: 'rival', total: 1, points: [{ inserted_at: '2024-03-02', articles: 1 }] },
      ],
      'day',
    );
    expect(days.buckets).toEqual(['2024-03-01', '2024-03-02', '2024-03-03', '2024-03-04']);
    expect(days.series.map((s) => s.values)).toEqual([
      [2, 0, 0, 3],
      [0, 1, 0, 0],
    ]);
    const months = chartData(
      [
        {
          index: 0,
          label: 'm',
          total: 2,
          points: [
            { inserted_at: '2024-01-01', articles: 1 },
            { inserted_at: '2024-04-01T00:00:00Z', articles: 1 },
          ],
        },
      ],
      'month',
    );
    expect(months.buckets).toEqual(['2024-01-01', '2024-02-01', '2024-03-01', '2024-04-01']);
    const weeks = chartData(
      [
        {
          index: 0,
          label: 'w',
          total: 2,
          points: [
            { inserted_at: '2024-03-04', articles: 1 },
            { inserted_at: '2024-03-18', articles: 1 },
          ],
        },
      ],
      'week',
    );
    expect(weeks.series[0].values).toEqual([1, 0, 1]);
  });

  it('computes the share of voice as percents of all the queries together', () => {
    expect(
      shareOfVoice([
        { index: 0, label: 'a', total: 30 },
        { index: 1, label: 'b', total: 10 },
      ]).map((s) => s.percent),
    ).toEqual([75, 25]);
    expect(
      shareOfVoice([
        { index: 0, label: 'a', total: 1 },
        { index: 1, label: 'b', total: 2 },
      ]).map((s) => s.percent),
    ).toEqual([33.3, 66.7]);
    expect(shareOfVoice([{ index: 0, label: 'a', total: 0 }]).map((s) => s.percent)).toEqual([0]);
  });
});

describe('server errors', () => {
  it('maps JSON:API pointers onto the form fields', () => {
    const err = new ApiError(400, [
      { status: '400', code: 'invalid', title: 'Invalid', detail: 'Missing closing quote', source: { pointer: '/search' } },
      { status: '400', code: 'invalid', title: 'Invalid', detail: 'Too early', source: { pointer: '/from_date' } },
      { status: '400', code: 'invalid', title: 'Invalid', detail: 'Bad max', source: { pointer: '/media_score/max' } },
      { status: '400', code: 'invalid', title: 'Invalid', detail: 'Unknown language', source: { pointer: '/languages/1' } },
    ]);
    expect(searchFieldErrors(err)).toEqual({ search: 'Missing closing quote', from_date: 'Too early', max: 'Bad max', languages: 'Unknown language' });
    expect(searchFieldErrors(new Error('x'))).toEqual({});
  });
});
