import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../common/messages';
import { tokenStore } from '../../lib/api';
import { listDocument, type StubRequest } from '../../testing/fetch-stub';
import { renderAt, serve, website } from './website-fixtures';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  localStorage.clear();
  tokenStore.set('test-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const NEEDS_SIMILARWEB = 'Visits by country and categories need the SimilarWeb add-on (SIMILARWEB_API_KEY).';

/** The website page of polygon.example with these attributes; PATCH answers the website as sent. */
function serveDetail(over: Record<string, unknown> = {}) {
  const attrs = website(over);
  return serve((req) => {
    if (req.url.pathname === '/api/websites/polygon.example') return { body: { data: { type: 'website', id: '5', attributes: attrs }, included: [] } };
    if (req.url.pathname === '/api/websites/5' && req.method === 'PATCH') return { body: { data: { type: 'website', id: '5', attributes: attrs } } };
    if (req.url.pathname === '/api/feeds') return { body: listDocument('feed', [], 1, 25) };
    if (req.url.pathname === '/api/websites/5/articles') return { body: listDocument('website_article', [], 1, 25) };
    return undefined;
  });
}

const patches = (calls: StubRequest[]) => calls.filter((c) => c.method === 'PATCH').map((c) => (c.body as { data: { attributes: unknown } }).data.attributes);

async function openEditor() {
  fireEvent.click(await screen.findByRole('button', { name: 'Edit media score' }));
  return screen.findByRole('dialog');
}

describe('the media score and its basis', () => {
  it("shows the ranking's basis under the score, the visitors' source and an article's views", async () => {
    serveDetail();
    renderAt('/websites/polygon.example');
    expect((await screen.findByTestId('score-basis')).textContent).toBe('Tranco rank 1,600 on 2026-11-20 → 7.2');
    expect(screen.queryByText('typed')).toBeNull();
    expect(screen.getByText('SimilarWeb')).toBeTruthy();
    expect(screen.getByTestId('views-per-article').textContent).toBe('An article here: ≈ 12.5K views (estimate)');
    expect(screen.queryByTestId('traffic-problem')).toBeNull();
    // The tooltip of the score says the basis too, and keeps the band.
    fireEvent.mouseEnter(screen.getByLabelText('Media score 7.2'));
    const tip = await screen.findByRole('tooltip');
    expect(tip.textContent).toBe('Tranco rank 1,600 on 2026-11-20 → 7.2Media score 6-9: High');
  });

  it('flags a typed score, and goes back to the ranking’s score from the editor', async () => {
    const calls = serveDetail({
      reach: 9.5,
      'reach-manual': true,
      reach_source: 'manual',
      reach_set_by: 'Ada',
      reach_set_at: '2026-11-27T10:00:00Z',
      reach_basis: 'Typed by Ada on 2026-11-27 (kept when the ranking changes)',
    });
    renderAt('/websites/polygon.example');
    expect((await screen.findByTestId('score-basis')).textContent).toBe('Typed by Ada on 2026-11-27 (kept when the ranking changes)');
    expect(screen.getByText('typed')).toBeTruthy();
    const dialog = await openEditor();
    // What the ranking would give, computed like the server (common/media-score.ts).
    expect(within(dialog).getByText('7.2')).toBeTruthy();
    expect(within(dialog).getByTestId('ranking-basis').textContent).toBe('Tranco rank 1,600 on 2026-11-20 → 7.2');
    expect((within(dialog).getByRole('switch', { name: /Type the media score by hand/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: "Use the ranking's score" }));
    expect(await screen.findByText(MSG.websites.websiteUpdated)).toBeTruthy();
    expect(patches(calls)).toEqual([{ reach_manual: false }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('types a score without turning SimilarWeb’s visitors into typed ones', async () => {
    const calls = serveDetail();
    renderAt('/websites/polygon.example');
    const dialog = await openEditor();
    expect(within(dialog).queryByRole('button', { name: "Use the ranking's score" })).toBeNull();
    expect(within(dialog).queryByLabelText(/traffic rank/i)).toBeNull();
    expect(within(dialog).getByText('Now 12.5M (SimilarWeb, last 30 days). Type a figure only to replace it.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('switch', { name: /Type the media score by hand/ }));
    fireEvent.change(within(dialog).getByLabelText(/^Media score/), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MSG.websites.reachRequired)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Media score/), { target: { value: '8.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]).toEqual({ reach_manual: true, reach: 8.5, mediatype_id: null, is_metacritic: true, is_ea: false });
  });

  it('empties typed visitors to go back to the estimate', async () => {
    const calls = serveDetail({ muv: 40_000, muv_source: 'manual' });
    renderAt('/websites/polygon.example');
    expect(await screen.findByText('typed')).toBeTruthy();
    const dialog = await openEditor();
    const visitors = within(dialog).getByLabelText(/Monthly unique visitors/) as HTMLInputElement;
    expect(visitors.value).toBe('40,000');
    fireEvent.change(visitors, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]).toEqual({ muv: null, mediatype_id: null, is_metacritic: true, is_ea: false });
  });
});

describe('visitors without SimilarWeb', () => {
  it('labels the estimate and says the map and categories need the add-on', async () => {
    serveDetail({
      muv: 26_140_989,
      muv_source: 'estimate',
      traffic_connected: false,
      traffic_state: null,
      traffic_checked_at: null,
      estimated_views_per_article: 26_141,
    });
    renderAt('/websites/polygon.example');
    expect(await screen.findByText('estimate')).toBeTruthy();
    expect(screen.getByTestId('views-per-article').textContent).toBe('An article here: ≈ 26.1K views (estimate)');
    expect(screen.getAllByText(NEEDS_SIMILARWEB)).toHaveLength(2);
    expect(screen.queryByText('No traffic by country is known for this website yet.')).toBeNull();
  });

  it.each([
    ['invalid_key', null, 'SimilarWeb refused the API key (SIMILARWEB_API_KEY).'],
    ['quota', null, "The SimilarWeb key's quota is used up: visits update when it renews."],
    ['no_data', null, 'SimilarWeb has no data for this domain.'],
    ['error', 'HTTP 503 from api.similarweb.com', 'SimilarWeb could not be asked: HTTP 503 from api.similarweb.com'],
  ])('says what went wrong with SimilarWeb (%s)', async (state, error, text) => {
    serveDetail({ muv_source: 'estimate', traffic_state: state, traffic_error: error, traffic_checked_at: new Date(Date.now() - 3600_000).toISOString() });
    renderAt('/websites/polygon.example');
    expect((await screen.findByTestId('traffic-problem')).textContent).toBe(`${text} Checked an hour ago.`);
  });

  it('marks an estimate in the websites list', async () => {
    const rows = [website(), website({ id: '6', domain: 'small.example', muv: 80_000, muv_source: 'estimate' })].map(({ id, ...a }) => ({ id, ...a }));
    serve((req) => (req.url.pathname === '/api/websites' ? { body: listDocument('website', rows, 1, 50) } : undefined));
    renderAt('/websites');
    const row = (await screen.findByRole('link', { name: 'small.example' })).closest('tr')!;
    expect(within(row).getByText('estimate')).toBeTruthy();
    expect(within((await screen.findByRole('link', { name: 'polygon.example' })).closest('tr')!).queryByText('estimate')).toBeNull();
  });
});
