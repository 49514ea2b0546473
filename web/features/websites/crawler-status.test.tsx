import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { tokenStore } from '../../lib/api';
import { userQueryKey } from '../../lib/session';
import { stubFetch } from '../../testing/fetch-stub';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '../../testing/render';
import { signedInUserDoc } from '../../testing/user-doc';
import type { CrawlerStatusAttributes, CrawlerWorker } from '../../../common/schemas/metrics';
import { CrawlerStatusPanel } from './components/crawler-status';

const STATUS_PATH = '/api/operator/crawler_status';
const MEASURED_AT = '2026-11-24T09:00:00.000Z';

/** A worker whose last snapshot is `age` seconds older than the measurement. */
function worker(pid: number, age: number, over: Partial<CrawlerWorker> = {}): CrawlerWorker {
  return {
    role: 'worker',
    pid,
    host: 'crawler-1',
    started_at: '2026-11-24T08:00:00.000Z',
    updated_at: new Date(Date.parse(MEASURED_AT) - age * 1000).toISOString(),
    event_loop_max_ms: 42,
    event_loop_p99_ms: 11,
    ...over,
  };
}

function status(over: Partial<CrawlerStatusAttributes> = {}): CrawlerStatusAttributes {
  return {
    measured_at: MEASURED_AT,
    feeds: { total: 1300, enabled: 1250, due: 37, failing: 4 },
    feed_polls: { waiting: 120, active: 2 },
    jobs_waiting: 131,
    articles_last_5_minutes: 6172,
    articles_per_minute: 1234.4,
    api_latency_ms: { requests: 2400, p50: 12, p95: 48.4, p99: 90 },
    ingest_limit: { current: 1, max: 2 },
    workers: [worker(4321, 5)],
    health: { ok: 1200, pending: 10, stale: 4, blocked: 3, not_found: 1, not_a_feed: 0, timeout: 2, unreachable: 0, tls: 0, too_large: 0, rate_limited: 0 },
    ...over,
  };
}

/** Serves `GET user` for an admin of an organization with the given capabilities, and the status. */
function serve(opts: { operator: boolean; role?: number; attributes?: CrawlerStatusAttributes }) {
  const user = signedInUserDoc({ defaultProjectId: '4', organization: { capabilities: { platform_operator: opts.operator } }, roleId: opts.role });
  return stubFetch((req) => {
    if (req.url.pathname === '/api/user') return { body: user };
    if (req.url.pathname === STATUS_PATH) return { body: { data: { type: 'crawler_status', id: 'current', attributes: opts.attributes ?? status() } } };
    return { status: 404, body: { errors: [{ status: '404', code: 'not_found', title: 'Not found', detail: req.url.pathname }] } };
  });
}

beforeEach(() => {
  localStorage.clear();
  tokenStore.set('test-token');
});
afterEach(() => vi.unstubAllGlobals());

describe('crawler status panel', () => {
  it("shows the operator the crawler's queue, rates, latency, limit and workers", async () => {
    serve({ operator: true });
    renderWithProviders(
      <MemoryRouter>
        <CrawlerStatusPanel />
      </MemoryRouter>,
    );
    const panel = await screen.findByRole('region', { name: 'Crawler status' });
    await within(panel).findByText('37');
    expect(within(panel).getByText(/of 1,250 enabled/)).toBeTruthy();
    expect(within(panel).getByText(/4 failing/)).toBeTruthy();
    expect(within(panel).getByText('120')).toBeTruthy();
    expect(within(panel).getByText('2 running · 131 jobs queued')).toBeTruthy();
    expect(within(panel).getByText('1,234.4 / min')).toBeTruthy();
    expect(within(panel).getByText('6,172 articles in 5 min')).toBeTruthy();
    expect(within(panel).getByText('12 · 48 ms')).toBeTruthy();
    expect(within(panel).getByText('p50 · p95 of 2,400 requests')).toBeTruthy();
    expect(within(panel).getByText('yielding: 1 of 2')).toBeTruthy();
    expect(within(panel).getByText('making way for people')).toBeTruthy();
    expect(within(panel).getByText('Polling')).toBeTruthy();
    const row = within(panel).getByTestId('crawler-worker');
    expect(within(row).getByText('pid 4321')).toBeTruthy();
    expect(within(row).getByText('seen 5 s ago')).toBeTruthy();
    expect(within(row).getByText('longest stall 42 ms')).toBeTruthy();
    expect(within(panel).queryByText(/No worker is running/)).toBeNull();
  });

  it('says the crawler runs at full speed when the limit is at its maximum, and when the API was idle', async () => {
    serve({ operator: true, attributes: status({ ingest_limit: { current: 2, max: 2 }, api_latency_ms: { requests: 0, p50: null, p95: null, p99: null } }) });
    renderWithProviders(
      <MemoryRouter>
        <CrawlerStatusPanel />
      </MemoryRouter>,
    );
    expect(await screen.findByText('2 of 2')).toBeTruthy();
    expect(screen.getByText('feeds at once, full speed')).toBeTruthy();
    expect(screen.getByText('no requests in the last 5 min')).toBeTruthy();
  });

  it('counts the failing feeds by health, each a link to the websites list filtered by it', async () => {
    serve({ operator: true });
    renderWithProviders(
      <MemoryRouter>
        <CrawlerStatusPanel />
      </MemoryRouter>,
    );
    const line = await screen.findByTestId('crawler-health');
    const links = within(line).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['3 blocked by the site', '/websites?health=blocked'],
      ['1 not found', '/websites?health=not_found'],
      ['2 too slow', '/websites?health=timeout'],
      ['4 with nothing new', '/websites?health=stale'],
    ]);
  });

  it('says that no feed is failing when none is', async () => {
    const health = { ok: 12, pending: 0, stale: 0, blocked: 0, not_found: 0, not_a_feed: 0, timeout: 0, unreachable: 0, tls: 0, too_large: 0, rate_limited: 0 };
    serve({ operator: true, attributes: status({ health }) });
    renderWithProviders(
      <MemoryRouter>
        <CrawlerStatusPanel />
      </MemoryRouter>,
    );
    const line = await screen.findByTestId('crawler-health');
    expect(line.textContent).toBe('Failing feeds:none');
    expect(within(line).queryByRole('link')).toBeNull();
  });

  it('warns when no worker has reported for 30 seconds', async () => {
    serve({ operator: true, attributes: status({ ingest_limit: null, workers: [] }) });
    renderWithProviders(
      <MemoryRouter>
        <CrawlerStatusPanel />
      </MemoryRouter>,
    );
    expect(await screen.findByText('No worker is running: feeds are not being polled')).toBeTruthy();
    expect(screen.getByText('Not polling')).toBeTruthy();
    expect(screen.getByText('no worker reporting')).toBeTruthy();
    expect(screen.getByText('None has reported in the last 30 seconds.')).toBeTruthy();
  });

  it.each([
    ['an admin of another organization', { operator: false }],
    ["a user (not admin) of the platform operator's organization", { operator: true, role: 2 }],
  ])('is hidden from %s, who never asks for the status', async (_who, opts) => {
    const calls = serve(opts);
    const { client } = renderWithProviders(
      <MemoryRouter>
        <CrawlerStatusPanel />
      </MemoryRouter>,
    );
    // The panel has seen who the user is (it renders again with the answer) and still draws nothing.
    await waitFor(() => expect(client.getQueryState(userQueryKey)?.status).toBe('success'));
    expect(screen.queryByRole('region', { name: 'Crawler status' })).toBeNull();
    expect(screen.queryByText('Crawler')).toBeNull();
    expect(calls.some((c) => c.url.pathname === STATUS_PATH)).toBe(false);
  });
});
