import { describe, expect, it } from 'vitest';
import { MSG } from '../../../../common/messages';
import { formatPeriod, formatReportDay } from './format';
import { DEFAULT_TEMPLATE, escapeHtml, renderTemplate, type TemplateArticle } from './template';
import {
  WIZARD_STATUSES,
  canGoToFilters,
  canPreview,
  canPublish,
  cleanTitle,
  countMessage,
  datesEditable,
  wizardReducer,
  type WizardEvent,
  type WizardStatus,
} from './wizard-machine';

const article: TemplateArticle = {
  title: 'Nebula Quest review',
  url: 'https://www.gamespot.com/reviews/nebula-quest',
  fullUrl: 'https://www.gamespot.com/reviews/nebula-quest?utm=1',
  reach: 7.44,
  date: '2024-03-05T10:00:00.000Z',
  media: 'gamespot.com',
  tag_name: 'Reviews',
  'website-visits': 5_300_000,
};

describe('row template', () => {
  it('renders the default template with the title linked and the score to one decimal', () => {
    expect(DEFAULT_TEMPLATE).toBe('{{title}} | {{score}}');
    expect(renderTemplate(DEFAULT_TEMPLATE, article)).toBe(
      '<a href="https://www.gamespot.com/reviews/nebula-quest" target="_blank" rel="noopener noreferrer">Nebula Quest review</a> | 7.4',
    );
  });

  it('fills every placeholder of the spec', () => {
    const out = renderTemplate('{{date}};{{domain}};{{full_url}};{{tag_name}};{{url}};{{website_visits}}', article);
    expect(out).toBe('Mar 5, 2024;gamespot.com;https://www.gamespot.com/reviews/nebula-quest?utm=1;Reviews;https://www.gamespot.com/reviews/nebula-quest;5.3M');
  });

  it('escapes the template text and the values, so neither can inject markup', () => {
    const evil = { ...article, title: '<img src=x onerror=alert(1)>', tag_name: '"><script>alert(1)</script>' };
    const out = renderTemplate('<b>{{title}}</b> {{tag_name}}', evil);
    expect(out).not.toMatch(/<img|<script|<b>/);
    expect(out).toContain('&lt;b&gt;');
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(out).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('does not link a javascript: URL and shows missing values as a dash', () => {
    const out = renderTemplate('{{title}} {{score}} {{website_visits}}', { url: 'javascript:alert(1)', title: 'x', reach: null, 'website-visits': null });
    expect(out).toBe('x – –');
  });

  it('falls back to the URL for an empty title and keeps unknown placeholders as typed', () => {
    expect(renderTemplate('{{ title }} {{author}}', { ...article, title: '  ', url: 'https://a.example/x' })).toBe(
      '<a href="https://a.example/x" target="_blank" rel="noopener noreferrer">https://a.example/x</a> {{author}}',
    );
  });

  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('report dates', () => {
  // The spec's example weekday is off (March 5, 2024 was a Tuesday); the format is what counts.
  it('formats the end date like "Monday March 5, 2024", whatever the time zone', () => {
    expect(formatReportDay('2024-03-05')).toBe('Tuesday March 5, 2024');
    expect(formatReportDay('2024-03-04T00:00:00.000Z')).toBe('Monday March 4, 2024');
    expect(formatReportDay(null)).toBe('');
  });

  it('writes the period with one year when both ends share it', () => {
    expect(formatPeriod('2024-03-01', '2024-03-31')).toBe('Mar 1 – Mar 31, 2024');
    expect(formatPeriod('2023-12-15', '2024-01-14')).toBe('Dec 15, 2023 – Jan 14, 2024');
  });
});

const run = (from: WizardStatus, ...events: WizardEvent['type'][]) => events.reduce<WizardStatus>((s, type) => wizardReducer(s, { type } as WizardEvent), from);

describe('wizard state machine', () => {
  it('has the spec statuses', () => {
    expect(WIZARD_STATUSES).toEqual(['STEP 0', 'STEP 0 LOADED', 'STEP 1', 'STEP 1 LOADED', 'STEP 2', 'STEP 2 LOADED', 'STEP 3', 'STEP 3 LOADED']);
  });

  it('walks the four steps, each loading before the next can start', () => {
    expect(run('STEP 0', 'LOADED')).toBe('STEP 0 LOADED');
    expect(run('STEP 0 LOADED', 'FILTERS')).toBe('STEP 1');
    expect(run('STEP 1', 'LOADED')).toBe('STEP 1 LOADED');
    expect(run('STEP 1 LOADED', 'PREVIEW')).toBe('STEP 2');
    expect(run('STEP 2', 'LOADED')).toBe('STEP 2 LOADED');
    expect(run('STEP 2 LOADED', 'PUBLISH')).toBe('STEP 3');
    expect(run('STEP 3', 'LOADED')).toBe('STEP 3 LOADED');
  });

  it('ignores a step button while its step is still loading or in another step', () => {
    expect(run('STEP 0', 'FILTERS')).toBe('STEP 0');
    expect(run('STEP 1', 'PREVIEW')).toBe('STEP 1');
    expect(run('STEP 2', 'PUBLISH')).toBe('STEP 2');
    expect(run('STEP 0 LOADED', 'PUBLISH')).toBe('STEP 0 LOADED');
    expect(run('STEP 1 LOADED', 'FILTERS')).toBe('STEP 1 LOADED');
  });

  it('goes back one step to its loaded state, but not from the start or a published report', () => {
    expect(run('STEP 2 LOADED', 'BACK')).toBe('STEP 1 LOADED');
    expect(run('STEP 2', 'BACK')).toBe('STEP 1 LOADED');
    expect(run('STEP 1 LOADED', 'BACK')).toBe('STEP 0 LOADED');
    expect(run('STEP 0 LOADED', 'BACK')).toBe('STEP 0 LOADED');
    expect(run('STEP 3 LOADED', 'BACK')).toBe('STEP 3 LOADED');
  });

  it('returns to the previous step when a load fails', () => {
    expect(run('STEP 3', 'FAILED')).toBe('STEP 2 LOADED');
    expect(run('STEP 2', 'FAILED')).toBe('STEP 1 LOADED');
    expect(run('STEP 1', 'FAILED')).toBe('STEP 0 LOADED');
  });

  it('lets the dates change only in step 0', () => {
    expect(WIZARD_STATUSES.filter(datesEditable)).toEqual(['STEP 0', 'STEP 0 LOADED']);
  });

  it('needs both dates for Filters', () => {
    expect(canGoToFilters('STEP 0 LOADED', ['2024-03-01', '2024-03-31'])).toBe(true);
    expect(canGoToFilters('STEP 0 LOADED', ['2024-03-01', null])).toBe(false);
    expect(canGoToFilters('STEP 0', ['2024-03-01', '2024-03-31'])).toBe(false);
  });

  it('blocks Preview at 0 and above 10000 articles with the catalogue messages', () => {
    expect(countMessage(0)).toEqual({ text: MSG.reports.noArticles, blocking: true, tone: 'warn' });
    expect(countMessage(10001)).toEqual({ text: MSG.reports.tooManyArticles, blocking: true, tone: 'error' });
    expect(countMessage(10000)?.blocking).toBe(false);
    expect(countMessage(1)?.text).toBe('1 article found with these filters');
    expect(countMessage(2500)?.text).toBe('2,500 articles found with these filters');
    expect(canPreview('STEP 1 LOADED', 0, false)).toBe(false);
    expect(canPreview('STEP 1 LOADED', 10001, false)).toBe(false);
    expect(canPreview('STEP 1 LOADED', 12, true)).toBe(false);
    expect(canPreview('STEP 1', 12, false)).toBe(false);
    expect(canPreview('STEP 1 LOADED', undefined, false)).toBe(false);
    expect(canPreview('STEP 1 LOADED', 12, false)).toBe(true);
  });

  it('disables Publish for titles of 1 to 2 characters and until step 2 has loaded', () => {
    for (const title of ['', 'a', 'ab', '  ab  ']) expect(canPublish('STEP 2 LOADED', title)).toBe(false);
    expect(canPublish('STEP 2 LOADED', 'abc')).toBe(true);
    expect(canPublish('STEP 2', 'A fine title')).toBe(false);
    expect(canPublish('STEP 1 LOADED', 'A fine title')).toBe(false);
  });

  it('keeps the title on one line and at most 127 characters', () => {
    expect(cleanTitle('March\nreport\r\nfinal')).toBe('March report final');
    const long = 'x'.repeat(200);
    expect(cleanTitle(long)).toHaveLength(127);
    expect(canPublish('STEP 2 LOADED', cleanTitle(long))).toBe(true);
    expect(canPublish('STEP 2 LOADED', long)).toBe(false);
  });
});
