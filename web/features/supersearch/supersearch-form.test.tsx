import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import { MSG } from '../../../common/messages';
import { QUERY_MSG } from '../../../common/query/messages';
import { utcDay } from '../../../common/schemas/supersearch';
import { tokenStore } from '../../lib/api';
import { callsTo, renderPage, resultsDoc, serve, userDoc } from './supersearch-fixtures';

// Mantine forms render slowly on a shared machine; the default 5 s is too tight.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  localStorage.clear();
  tokenStore.set('test-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const SEARCH = '/api/supersearch';
const searchButton = () => screen.getByRole('button', { name: 'Search' }) as HTMLButtonElement;

/** Types a term into a term box; Enter adds it (and searches), leaving the box adds it only. */
function typeTerm(label: string, term: string, then: 'Enter' | 'blur' = 'Enter') {
  const input = screen.getByRole('combobox', { name: label });
  input.focus();
  fireEvent.change(input, { target: { value: term } });
  if (then === 'Enter') fireEvent.keyDown(input, { key: 'Enter' });
  else fireEvent.blur(input);
}

function advanced(query: string) {
  fireEvent.click(screen.getByText('Advanced'));
  fireEvent.change(screen.getByRole('textbox', { name: 'Query' }), { target: { value: query } });
}

const answerResults = () => ({
  handler: (req: { method: string; url: URL }) => (req.method === 'POST' && req.url.pathname === SEARCH ? { body: resultsDoc([1, 2], 2, null) } : undefined),
});

describe('super search form', () => {
  it('keeps Search disabled until there is a term, then searches one week back to today by button', async () => {
    const calls = serve(answerResults());
    renderPage();
    await screen.findByRole('form', { name: 'Super Search' });
    expect(searchButton().disabled).toBe(true);

    typeTerm('All of these', 'Starfall', 'blur');
    await waitFor(() => expect(searchButton().disabled).toBe(false));
    fireEvent.click(searchButton());

    await waitFor(() => expect(callsTo(calls, SEARCH)).toHaveLength(1));
    expect(callsTo(calls, SEARCH)[0].body).toEqual({
      search: '+"Starfall"',
      from_date: dayjs().subtract(1, 'week').format('YYYY-MM-DD'),
      to_date: dayjs().format('YYYY-MM-DD'),
      organization_id: '7',
      languages: [],
      media_score: { min: null, max: null },
      page_size: 25,
      search_after: null,
      sort_fields: 'pub_date',
      sort_order: 'desc',
    });
    // The title's matched term is marked, so its accessible name has a break after it.
    expect(await screen.findByRole('link', { name: /^Starfall\s*review number 1$/ })).toBeTruthy();
  });

  it('runs the search on Enter in a term box, with the term just typed', async () => {
    const calls = serve(answerResults());
    renderPage();
    await screen.findByRole('form', { name: 'Super Search' });
    typeTerm('All of these', 'Starfall');
    await waitFor(() => expect(callsTo(calls, SEARCH)).toHaveLength(1));
    expect((callsTo(calls, SEARCH)[0].body as { search: string }).search).toBe('+"Starfall"');
    // The volume of the main query loads with the table.
    await waitFor(() => expect(callsTo(calls, '/api/supersearch/volume')).toHaveLength(1));
  });

  it('straightens curly quotes of an advanced query and shows parse errors live', async () => {
    const calls = serve(answerResults());
    renderPage();
    await screen.findByRole('form', { name: 'Super Search' });
    advanced('“nebula games” "unclosed');
    expect((await screen.findByTestId('query-error')).textContent).toContain(QUERY_MSG.missingClosingQuote);
    expect(searchButton().disabled).toBe(true);

    advanced('“nebula games” -giveaway');
    expect(screen.queryByTestId('query-error')).toBeNull();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Query' }), { key: 'Enter' });
    await waitFor(() => expect(callsTo(calls, SEARCH)).toHaveLength(1));
    expect((callsTo(calls, SEARCH)[0].body as { search: string }).search).toBe('"nebula games" -giveaway');
  });

  it('sets the maximum score to 10 when only a minimum is chosen', async () => {
    const calls = serve(answerResults());
    renderPage();
    await screen.findByRole('form', { name: 'Super Search' });
    fireEvent.click(screen.getByRole('combobox', { name: 'Min media score' }));
    // Min choices 0.1 to 10; max 0 to 10.
    expect(await screen.findByRole('option', { name: '0.1' })).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: '3' }));
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Max media score' }) as HTMLInputElement).value).toBe('10'));

    typeTerm('All of these', 'Starfall');
    await waitFor(() => expect(callsTo(calls, SEARCH)).toHaveLength(1));
    expect((callsTo(calls, SEARCH)[0].body as { media_score: unknown }).media_score).toEqual({ min: 3, max: 10 });
  });

  it('offers no date before the plan history allows', async () => {
    // No months of history: today (UTC) is the earliest day, and the from date starts there.
    serve({ user: userDoc({ maxData: 0 }) });
    renderPage();
    await screen.findByRole('form', { name: 'Super Search' });
    const today = utcDay();
    fireEvent.click(screen.getByRole('button', { name: /^From/ }));
    const label = (day: string) => dayjs(day).format('D MMMM YYYY');
    const first = await screen.findByRole('button', { name: label(today) });
    expect(first.hasAttribute('data-disabled')).toBe(false);
    // Every earlier day on show (this month's, and the previous month's in the first row) is disabled.
    const earlier = Array.from({ length: 40 }, (_, i) => dayjs(today).subtract(i + 1, 'day'))
      .map((d) => document.querySelector<HTMLButtonElement>(`button[aria-label="${d.format('D MMMM YYYY')}"]`))
      .filter((b): b is HTMLButtonElement => b !== null);
    if (dayjs(today).date() > 7) expect(earlier.length).toBeGreaterThan(0);
    for (const b of earlier) expect(b.hasAttribute('data-disabled') || b.disabled, b.getAttribute('aria-label')!).toBe(true);
  });

  it('maps the server errors of the search onto the form fields', async () => {
    serve({
      handler: (req) =>
        req.method === 'POST' && req.url.pathname === SEARCH
          ? {
              status: 400,
              body: {
                errors: [
                  { status: '400', code: 'invalid', title: 'Invalid', detail: 'The date is before your plan history', source: { pointer: '/from_date' } },
                ],
              },
            }
          : undefined,
    });
    renderPage();
    await screen.findByRole('form', { name: 'Super Search' });
    typeTerm('All of these', 'Starfall');
    expect(await screen.findByText('The date is before your plan history')).toBeTruthy();
  });

  it('explains a search timeout in the results', async () => {
    serve({
      handler: (req) =>
        req.method === 'POST' && req.url.pathname === SEARCH
          ? {
              status: 503,
              body: {
                errors: [{ status: '503', code: 'search_timeout', title: 'Timeout', detail: 'The search took too long. Narrow the dates or the terms.' }],
              },
            }
          : undefined,
    });
    renderPage();
    await screen.findByRole('form', { name: 'Super Search' });
    typeTerm('All of these', 'Starfall');
    expect(await screen.findByText('The search took too long. Narrow the dates or the terms.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows the upgrade hint instead of competitors on plans without them', async () => {
    const calls = serve({ user: userDoc({ plan: 'starter' }), ...answerResults() });
    renderPage();
    await screen.findByRole('form', { name: 'Super Search' });
    expect(screen.getByTestId('competitors-upgrade').textContent).toContain(MSG.billing.upgrade);
    expect(screen.queryByRole('button', { name: 'Add competitor' })).toBeNull();
    typeTerm('All of these', 'Starfall');
    await waitFor(() => expect(callsTo(calls, '/api/supersearch/volume')).toHaveLength(1));
    expect(callsTo(calls, '/api/supersearch/volume')[0].body).not.toHaveProperty('competitorIndex');
    expect(screen.queryByLabelText('Share of voice')).toBeNull();
  });

  it('plots competitors and their share of voice on plans with them', async () => {
    const calls = serve(answerResults());
    renderPage();
    await screen.findByRole('form', { name: 'Super Search' });
    fireEvent.click(screen.getByRole('button', { name: 'Add competitor' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Competitor 1 query' }), { target: { value: '(galaxy' } });
    expect(await screen.findByText(QUERY_MSG.missingClosingParenthesis)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Competitor 1 query' }), { target: { value: '“galaxy wars”' } });
    typeTerm('All of these', 'Starfall');

    await waitFor(() => expect(callsTo(calls, '/api/supersearch/volume')).toHaveLength(2));
    const rival = callsTo(calls, '/api/supersearch/volume').find((c) => (c.body as { competitorIndex?: number }).competitorIndex === 1);
    expect(rival?.body).toMatchObject({ search: '"galaxy wars"', competitorIndex: 1 });
    // Main 3 + 5 = 8 articles, the competitor 3 + 1 = 4: two thirds and one third.
    const share = await screen.findByTestId('share-of-voice');
    expect(share.textContent).toContain('66.7%');
    expect(share.textContent).toContain('33.3%');
  });
});
