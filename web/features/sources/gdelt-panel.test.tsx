import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { GdeltAttributes } from '../../../common/schemas/gdelt';
import { tokenStore } from '../../lib/api';
import { GdeltPanel } from './components/gdelt-panel';
import { calledWith, renderSources, serve, userOf, type Handler } from './sources-fixtures';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  localStorage.clear();
  tokenStore.set('test-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const PATH = '/api/operator/gdelt';

function gdelt(over: Partial<GdeltAttributes> = {}): GdeltAttributes {
  return {
    enabled: true,
    api_url: 'https://api.gdeltproject.org/api/v2/doc/doc',
    interval_seconds: 5,
    refresh_minutes: 15,
    requests_last_hour: 118,
    refusals_last_hour: 0,
    backoff_until: null,
    last_refusal_at: null,
    last_refusal: null,
    queries_total: 42,
    queries_invalid: 1,
    alerts_searched: 60,
    alerts_unsupported: 2,
    queries: [
      {
        query: '"acme quest" -recall',
        state: 'ok',
        alerts: 3,
        last_searched_at: new Date(Date.now() - 4 * 60_000).toISOString(),
        last_error: null,
        last_results: 12,
        articles_found: 40,
      },
      {
        query: 'nebulon',
        state: 'invalid',
        alerts: 1,
        last_searched_at: new Date(Date.now() - 60 * 60_000).toISOString(),
        last_error: 'GDELT refused the query: Your search contained a keyword that was too short.',
        last_results: 0,
        articles_found: 0,
      },
    ],
    ...over,
  };
}
const doc = (g: GdeltAttributes) => ({ data: { type: 'gdelt', id: 'current', attributes: g } });

function serveGdelt(answer: GdeltAttributes, extra: Handler = () => undefined, user = userOf({ operator: true })) {
  return serve(user, async (req) => {
    const own = await extra(req);
    if (own) return own;
    if (req.method === 'GET' && req.url.pathname === PATH) return { body: doc(answer) };
    return undefined;
  });
}

const panel = () => screen.findByRole('region', { name: 'GDELT discovery' });

describe('GDELT discovery panel', () => {
  it('says what it is, that it reaches the internet, with GDELT’s attribution, the counts and the queries’ states', async () => {
    serveGdelt(gdelt());
    renderSources(<GdeltPanel />);
    const region = await panel();
    expect(await within(region).findByText(/Sends each distinct alert query to api\.gdeltproject\.org on the internet/)).toBeTruthy();
    const links = within(region).getAllByRole('link', { name: /GDELT Project|gdeltproject\.org/ });
    expect(links).toHaveLength(2);
    expect(links.every((l) => l.getAttribute('href') === 'https://www.gdeltproject.org/')).toBe(true);
    expect(((await within(region).findByRole('switch', { name: "Search the alerts' queries in GDELT" })) as HTMLInputElement).checked).toBe(true);
    expect(within(region).getByTestId('gdelt-facts').textContent).toBe(
      '118 requests in the last hour (one every 5 s at most) · 42 distinct queries for 60 alerts, each searched again every 15 min · 2 alerts GDELT cannot search (word beginnings, short words only)',
    );
    const table = within(region).getByRole('table', { name: 'GDELT queries' });
    expect(within(table).getByText('"acme quest" -recall')).toBeTruthy();
    expect(within(table).getByText('OK')).toBeTruthy();
    expect(within(table).getByText('Refused by GDELT')).toBeTruthy();
    expect(within(table).getByText('GDELT refused the query: Your search contained a keyword that was too short.')).toBeTruthy();
  });

  it('shows the back-off while GDELT refuses, and the last refusal after it', async () => {
    serveGdelt(
      gdelt({
        backoff_until: new Date(Date.now() + 4 * 60_000).toISOString(),
        last_refusal_at: new Date().toISOString(),
        last_refusal: 'GDELT answered 429: too many requests.',
      }),
    );
    renderSources(<GdeltPanel />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('GDELT asked to slow down')).toBeTruthy();
    expect(within(alert).getByText('GDELT answered 429: too many requests.')).toBeTruthy();
    expect(within(alert).getByText(/No request is sent before .* the wait doubles at each refusal in a row\./)).toBeTruthy();
  });

  it('says when GDELT last refused once the back-off is over', async () => {
    serveGdelt(gdelt({ last_refusal_at: new Date(Date.now() - 2 * 3600_000).toISOString(), last_refusal: 'GDELT answered 429: too many requests.' }));
    renderSources(<GdeltPanel />);
    expect((await screen.findByTestId('gdelt-last-refusal')).textContent).toBe('Last refusal 2 hours ago: GDELT answered 429: too many requests.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('switches discovery off with a PATCH', async () => {
    const calls = serveGdelt(gdelt(), (req) => (req.method === 'PATCH' && req.url.pathname === PATH ? { body: doc(gdelt({ enabled: false })) } : undefined));
    renderSources(<GdeltPanel />);
    const toggle = (await screen.findByRole('switch', { name: "Search the alerts' queries in GDELT" })) as HTMLInputElement;
    fireEvent.click(toggle);
    await waitFor(() => expect(calledWith(calls, 'PATCH', PATH)).toHaveLength(1));
    expect(calledWith(calls, 'PATCH', PATH)[0].body).toEqual({ data: { type: 'gdelt', attributes: { enabled: false } } });
    await waitFor(() => expect(toggle.checked).toBe(false));
  });

  it('is not shown to anyone but the operator, and asks nothing', async () => {
    const calls = serveGdelt(gdelt(), undefined, userOf({ operator: false }));
    const { container } = renderSources(<GdeltPanel />);
    await new Promise((r) => setTimeout(r, 200));
    expect(container.querySelector('section')).toBeNull();
    expect(calledWith(calls, 'GET', PATH)).toHaveLength(0);
  });
});
