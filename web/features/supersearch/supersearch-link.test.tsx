import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import { tokenStore } from '../../lib/api';
import { callsTo, renderPage, resultsDoc, serve } from './supersearch-fixtures';

/** A link to Super Search (the project overview's competitor figures): `?search=&from=&to=`. */

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
const DAY = 'YYYY-MM-DD';
const answerResults = () => ({
  handler: (req: { method: string; url: URL }) => (req.method === 'POST' && req.url.pathname === SEARCH ? { body: resultsDoc([1, 2], 2, null) } : undefined),
});
const link = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;
const shown = (day: string) => dayjs(day).format('MMM D, YYYY');
const dateField = (label: 'From' | 'To') => screen.getByRole('button', { name: new RegExp(`^${label}`) });

describe('super search from a link', () => {
  it('fills an advanced query and the dates, and searches once on arrival', async () => {
    const from = dayjs().subtract(40, 'day').format(DAY);
    const to = dayjs().subtract(10, 'day').format(DAY);
    const calls = serve(answerResults());
    renderPage(link({ search: '"Nebula Games" OR "Halo"', from, to }));

    await waitFor(() => expect(callsTo(calls, SEARCH)).toHaveLength(1));
    expect(callsTo(calls, SEARCH)[0].body).toMatchObject({ search: '"Nebula Games" OR "Halo"', from_date: from, to_date: to, organization_id: '7' });
    expect(await screen.findByRole('link', { name: /review number 1$/ })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Query' }) as HTMLTextAreaElement).value).toBe('"Nebula Games" OR "Halo"');
    expect(dateField('From').textContent).toBe(shown(from));
    expect(dateField('To').textContent).toBe(shown(to));
    // Once: not again on later renders.
    await waitFor(() => expect(callsTo(calls, '/api/supersearch/volume')).toHaveLength(1));
    expect(callsTo(calls, SEARCH)).toHaveLength(1);
  });

  it('shows a query the simple form can build in simple mode', async () => {
    const calls = serve(answerResults());
    renderPage(link({ search: '+"Starfall" -"giveaway"' }));
    await waitFor(() => expect(callsTo(calls, SEARCH)).toHaveLength(1));
    const body = callsTo(calls, SEARCH)[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ search: '+"Starfall" -"giveaway"', from_date: dayjs().subtract(1, 'week').format(DAY), to_date: dayjs().format(DAY) });
    const form = screen.getByRole('form', { name: 'Super Search' });
    expect(within(form).getByText('Starfall')).toBeTruthy();
    expect(within(form).getByText('giveaway')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Query' })).toBeNull();
  });

  it('ignores dates that are not days, before the plan’s history or backwards, and keeps the default week', async () => {
    const weekAgo = dayjs().subtract(1, 'week').format(DAY);
    const today = dayjs().format(DAY);
    const cases = [
      { from: '2024-02-30', to: 'soon' },
      // The default plan searches 6 months back.
      { from: dayjs().subtract(2, 'year').format(DAY), to: dayjs().add(3, 'day').format(DAY) },
      { from: dayjs().subtract(3, 'day').format(DAY), to: dayjs().subtract(20, 'day').format(DAY) },
    ];
    for (const dates of cases) {
      const calls = serve(answerResults());
      const view = renderPage(link({ search: 'starfall', ...dates }));
      await waitFor(() => expect(callsTo(calls, SEARCH)).toHaveLength(1));
      expect(callsTo(calls, SEARCH)[0].body, JSON.stringify(dates)).toMatchObject({ search: 'starfall', from_date: weekAgo, to_date: today });
      view.unmount();
      vi.unstubAllGlobals();
    }
  });

  it('fills the dates alone without searching when the link has no query', async () => {
    const from = dayjs().subtract(30, 'day').format(DAY);
    const calls = serve(answerResults());
    renderPage(link({ from }));
    await screen.findByRole('form', { name: 'Super Search' });
    expect(dateField('From').textContent).toBe(shown(from));
    expect((screen.getByRole('button', { name: 'Search' }) as HTMLButtonElement).disabled).toBe(true);
    expect(callsTo(calls, SEARCH)).toHaveLength(0);
  });
});
