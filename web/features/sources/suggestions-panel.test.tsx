import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../common/messages';
import { tokenStore } from '../../lib/api';
import { listDocument } from '../../testing/fetch-stub';
import { SuggestionsPanel, SuggestionsTabLabel } from './components/suggestions-panel';
import { calledWith, renderSources, serve, suggestion, userOf, type Suggestion } from './sources-fixtures';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  localStorage.clear();
  tokenStore.set('test-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const PATH = '/api/website_suggestions';

function serveSuggestions(rows: Suggestion[]) {
  const all = rows.map((r) => ({ ...r }));
  return serve(userOf({ operator: true }), (req) => {
    if (req.method === 'GET' && req.url.pathname === PATH) {
      const status = req.url.searchParams.get('filter[status]');
      return {
        body: listDocument(
          'website_suggestion',
          all.filter((r) => r.status === status),
          1,
          10,
        ),
      };
    }
    const m = /^\/api\/website_suggestions\/(\w+)$/.exec(req.url.pathname);
    if (req.method === 'PATCH' && m) {
      const row = all.find((r) => r.id === m[1])!;
      row.status = (req.body as { data: { attributes: { status: Suggestion['status'] } } }).data.attributes.status;
      row['decided-at'] = new Date().toISOString();
      const { id, ...attributes } = row;
      return { body: { data: { type: 'website_suggestion', id, attributes } } };
    }
    if (['/api/sources/status', '/api/source_packs', '/api/websites'].includes(req.url.pathname)) return { body: {} };
    return undefined;
  });
}

const ROWS = [
  suggestion('1'),
  suggestion('2', {
    domain: 'quiet.example',
    url: 'https://quiet.example',
    feeds: [],
    reason: 'No feed is linked from the homepage.',
    organization_name: 'Globex Media',
  }),
  suggestion('3', { domain: 'old.example', status: 'rejected', 'decided-at': new Date(Date.now() - 86_400_000).toISOString() }),
];

describe('suggested outlets', () => {
  it('lists the pending suggestions with who asked, the feeds found or why none, and counts them in the tab', async () => {
    serveSuggestions(ROWS);
    renderSources(
      <>
        <SuggestionsTabLabel />
        <SuggestionsPanel />
      </>,
    );
    const cards = await screen.findAllByTestId('suggestion');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByRole('heading', { name: 'example.com' })).toBeTruthy();
    expect(within(cards[0]).getByText(/Nebula Games/).parentElement!.textContent).toBe('Nebula Games · suggested 3 hours ago');
    expect(within(cards[0]).getAllByTestId('discovered-feed')).toHaveLength(2);
    expect(within(cards[1]).getByText('No feed is linked from the homepage.')).toBeTruthy();
    expect(screen.getByLabelText('2 waiting for review').textContent).toBe('2');
  });

  it('cannot approve a suggestion without a feed, and says why', async () => {
    serveSuggestions(ROWS);
    renderSources(<SuggestionsPanel />);
    const [, quiet] = await screen.findAllByTestId('suggestion');
    const approve = within(quiet).getByRole('button', { name: 'Approve quiet.example' }) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);
    fireEvent.mouseEnter(approve.parentElement!);
    expect(await screen.findByText(MSG.outlets.noFeedToApprove)).toBeTruthy();
  });

  it("offers GDELT's suggestions for approval before any discovery, with their article count", async () => {
    const calls = serveSuggestions([
      suggestion('7', { domain: 'regional.example', url: 'https://regional.example/story', feeds: [], reason: null, source: 'gdelt', articles: 4 }),
    ]);
    renderSources(<SuggestionsPanel />);
    const [card] = await screen.findAllByTestId('suggestion');
    expect(within(card).getByText(/Found via GDELT/).textContent).toMatch(/^Found via GDELT for Nebula Games’s alerts · 4 articles since/);
    expect(within(card).getByText(/looked for when you approve it/)).toBeTruthy();
    const approve = within(card).getByRole('button', { name: 'Approve regional.example' }) as HTMLButtonElement;
    expect(approve.disabled).toBe(false);
    fireEvent.click(approve);
    await waitFor(() => expect(calledWith(calls, 'PATCH', '/api/website_suggestions/7')).toHaveLength(1));
  });

  it('approves and rejects in one click each', async () => {
    const calls = serveSuggestions(ROWS);
    renderSources(<SuggestionsPanel />);
    const [first, second] = await screen.findAllByTestId('suggestion');
    fireEvent.click(within(first).getByRole('button', { name: 'Approve example.com' }));
    expect(await screen.findByText('example.com approved: its feeds are fetched from now on.')).toBeTruthy();
    fireEvent.click(within(second).getByRole('button', { name: 'Reject quiet.example' }));
    expect(await screen.findByText('quiet.example rejected.')).toBeTruthy();
    expect(calledWith(calls, 'PATCH', '/api/website_suggestions/1')[0].body).toEqual({
      data: { type: 'website_suggestion', id: '1', attributes: { status: 'approved' } },
    });
    expect(calledWith(calls, 'PATCH', '/api/website_suggestions/2')[0].body).toEqual({
      data: { type: 'website_suggestion', id: '2', attributes: { status: 'rejected' } },
    });
    await waitFor(() => expect(screen.queryAllByTestId('suggestion')).toHaveLength(0));
    expect(screen.getByText(MSG.outlets.noSuggestions.pending)).toBeTruthy();
  });

  it('shows the decided ones behind the filter', async () => {
    const calls = serveSuggestions(ROWS);
    renderSources(<SuggestionsPanel />);
    await screen.findAllByTestId('suggestion');
    fireEvent.click(screen.getByText('Rejected'));
    const card = await screen.findByRole('article', { name: 'old.example' });
    expect(within(card).getByText('Rejected a day ago')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(calls.some((c) => c.url.searchParams.get('filter[status]') === 'rejected')).toBe(true);
  });
});
