import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { RankingAttributes } from '../../../common/schemas/reach';
import { tokenStore } from '../../lib/api';
import { RankingPanel } from './components/ranking-panel';
import { NO_RANKING, calledWith, fieldError, ranking, rankingDoc, renderSources, serve, userOf, type Handler } from './sources-fixtures';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  localStorage.clear();
  tokenStore.set('test-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const PATH = '/api/operator/ranking';

/** GET answers the rankings in turn (the last one stays); `extra` answers PATCH and POST. */
function serveRanking(answers: RankingAttributes[], extra: Handler = () => undefined, user = userOf({ operator: true })) {
  let at = 0;
  return serve(user, async (req) => {
    const own = await extra(req);
    if (own) return own;
    if (req.method === 'GET' && req.url.pathname === PATH) return { body: rankingDoc(answers[Math.min(at++, answers.length - 1)]) };
    return undefined;
  });
}

const panel = () => screen.findByRole('region', { name: 'Traffic ranking' });
const fileInput = (container: HTMLElement) => container.querySelector('input[type="file"]') as HTMLInputElement;

describe('traffic ranking panel', () => {
  it('says there is no list yet, with the daily updates off', async () => {
    serveRanking([NO_RANKING]);
    renderSources(<RankingPanel />);
    const region = await panel();
    expect(await within(region).findByText(/No ranking yet: every website scores 0\.1 until a list arrives/)).toBeTruthy();
    expect((within(region).getByRole('switch', { name: 'Daily ranking updates from Tranco' }) as HTMLInputElement).checked).toBe(false);
    expect(within(region).getByText('Fetches the latest list from tranco-list.eu once a day. Nothing is fetched until this is on.')).toBeTruthy();
    expect(within(region).getByTestId('ranking-websites').textContent).toContain('0 scored from their rank · 444 not in the list (0.1) · 0 typed by a person');
    expect(within(region).queryByTestId('ranking-facts')).toBeNull();
    expect(within(region).queryByTestId('ranking-citation')).toBeNull();
    expect(within(region).queryByTestId('ranking-url')).toBeNull();
    expect(within(region).getByRole('button', { name: 'Upload a list' })).toBeTruthy();
  });

  it('shows the list in use, its Tranco page, the counts, RANKING_URL and the citation', async () => {
    serveRanking([ranking({ url_configured: true, refresh_hours: 12 })]);
    renderSources(<RankingPanel />);
    const facts = await screen.findByTestId('ranking-facts');
    const value = (label: string) => within(facts).getByText(label).nextElementSibling!.textContent;
    expect(value('List of')).toBe('Nov 20, 2026');
    expect(value('Domains')).toBe('1,000,000');
    expect(value('Source')).toBe('Daily update from Tranco');
    expect(value('Imported')).toBe('5 hours ago');
    expect(value('Lines skipped')).toBe('3');
    expect(within(facts).getByRole('link', { name: 'XJNYN' }).getAttribute('href')).toBe('https://tranco-list.eu/list/XJNYN/');
    expect(screen.getByTestId('ranking-websites').textContent).toContain('412 scored from their rank · 30 not in the list (0.1) · 2 typed by a person');
    expect(screen.getByTestId('ranking-url').textContent).toBe('RANKING_URL is set: the list is fetched from it at start and every 12 h.');
    const citation = screen.getByTestId('ranking-citation');
    expect(citation.textContent).toBe('Ranking: Tranco (Le Pochat et al., NDSS 2019), list XJNYN');
    expect(within(citation).getByRole('link', { name: 'XJNYN' }).getAttribute('href')).toBe('https://tranco-list.eu/list/XJNYN/');
    expect((screen.getByRole('switch', { name: 'Daily ranking updates from Tranco' }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows an import under way and asks again until it is done', async () => {
    const calls = serveRanking([ranking({ state: 'importing' }), ranking({ domains: 999_000, list_date: '2026-11-21' })]);
    renderSources(<RankingPanel />);
    expect(await screen.findByTestId('ranking-importing')).toBeTruthy();
    expect(screen.getByText(/Importing a new list .*Scores update when it is done\./)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Upload a list' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('ranking-importing')).toBeNull(), { timeout: 6000 });
    expect(within(screen.getByTestId('ranking-facts')).getByText('999,000')).toBeTruthy();
    expect(calledWith(calls, 'GET', PATH).length).toBeGreaterThanOrEqual(2);
  });

  it('says why the last import failed and that the list before it stays', async () => {
    serveRanking([ranking({ state: 'failed', last_error: 'The file is not a ranking: no line reads rank,domain (an HTML page?)' })]);
    renderSources(<RankingPanel />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The last import failed')).toBeTruthy();
    expect(within(alert).getByText('The file is not a ranking: no line reads rank,domain (an HTML page?)')).toBeTruthy();
    expect(within(alert).getByText(/The list before it stays in use\./)).toBeTruthy();
    // The list in use is still shown.
    expect(screen.getByTestId('ranking-facts')).toBeTruthy();
  });

  it('switches the daily updates on with a PATCH', async () => {
    const calls = serveRanking([NO_RANKING], (req) =>
      req.method === 'PATCH' && req.url.pathname === PATH ? { body: rankingDoc({ ...NO_RANKING, auto_update: true, state: 'importing' }) } : undefined,
    );
    renderSources(<RankingPanel />);
    const toggle = (await screen.findByRole('switch', { name: 'Daily ranking updates from Tranco' })) as HTMLInputElement;
    fireEvent.click(toggle);
    await waitFor(() => expect(calledWith(calls, 'PATCH', PATH)).toHaveLength(1));
    expect(calledWith(calls, 'PATCH', PATH)[0].body).toEqual({ data: { type: 'ranking', attributes: { auto_update: true } } });
    await waitFor(() => expect(toggle.checked).toBe(true));
    expect(await screen.findByTestId('ranking-importing')).toBeTruthy();
  });

  it('uploads a list as multipart and shows the import', async () => {
    const calls = serveRanking([NO_RANKING], (req) =>
      req.method === 'POST' && req.url.pathname === PATH
        ? { status: 202, body: rankingDoc({ ...NO_RANKING, state: 'importing', last_attempt_source: 'upload', last_attempt_at: new Date().toISOString() }) }
        : undefined,
    );
    const { container } = renderSources(<RankingPanel />);
    await screen.findByRole('button', { name: 'Upload a list' });
    const file = new File(['1,google.com\n2,facebook.com\n'], 'top-1m.csv', { type: 'text/csv' });
    fireEvent.change(fileInput(container), { target: { files: [file] } });
    await waitFor(() => expect(calledWith(calls, 'POST', PATH)).toHaveLength(1));
    const body = calledWith(calls, 'POST', PATH)[0].body;
    expect(body).toBeInstanceOf(FormData);
    const sent = (body as FormData).get('file') as File;
    expect(sent.name).toBe('top-1m.csv');
    expect(await sent.text()).toBe('1,google.com\n2,facebook.com\n');
    expect(await screen.findByTestId('ranking-importing')).toBeTruthy();
  });

  it('says under the button why the server refused a file, and sends none that is too big', async () => {
    const calls = serveRanking([ranking()], (req) =>
      req.method === 'POST' && req.url.pathname === PATH ? fieldError(422, 'This file is not a ranking: expected lines of rank,domain', '/file') : undefined,
    );
    const { container } = renderSources(<RankingPanel />);
    await screen.findByTestId('ranking-facts');
    fireEvent.change(fileInput(container), { target: { files: [new File(['<html>'], 'page.html.csv')] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This file is not a ranking: expected lines of rank,domain Nothing changed: the list in use stays.',
    );

    const huge = new File(['x'], 'huge.csv');
    Object.defineProperty(huge, 'size', { value: 300 * 1024 * 1024 });
    fireEvent.change(fileInput(container), { target: { files: [huge] } });
    expect((await screen.findByRole('alert')).textContent).toContain('huge.csv is 300 MB: a ranking file may be at most 100 MB.');
    expect(calledWith(calls, 'POST', PATH)).toHaveLength(1);
  });

  it('shows nothing and asks nothing for an operator who is not an admin', async () => {
    const calls = serveRanking([ranking()], undefined, userOf({ operator: true, admin: false }));
    renderSources(<RankingPanel />);
    await waitFor(() => expect(calledWith(calls, 'GET', '/api/user')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Traffic ranking' })).toBeNull();
    expect(calledWith(calls, 'GET', PATH)).toHaveLength(0);
  });
});
