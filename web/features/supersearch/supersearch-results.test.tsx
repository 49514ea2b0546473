import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../common/messages';
import { tokenStore } from '../../lib/api';
import type { StubRequest } from '../../testing/fetch-stub';
import { expectCodeBadge } from '../../testing/vocabulary';
import { PROJECT_ID, callsTo, countingResultsDoc, renderPage, resultsDoc, serve, userDoc, volumeDoc, type Handler } from './supersearch-fixtures';

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
type SearchBody = { search_after: string | null; page_size: number; sort_fields: string; sort_order: string };
const bodies = (calls: StubRequest[]) => callsTo(calls, SEARCH).map((c) => c.body as SearchBody);
const titleLink = (n: number) => screen.findByRole('link', { name: new RegExp(`^Starfall\\s*review number ${n}$`) });
const rowOf = async (n: number) => (await titleLink(n)).closest('tr')!;

/** Three pages of two rows: cursors "c2" and "c3" open pages 2 and 3; 5 results in all. */
function serveThreePages(extra?: Handler, user = userDoc()) {
  return serve({
    user,
    handler: async (req) => {
      const answer = await extra?.(req);
      if (answer) return answer;
      if (req.method !== 'POST' || req.url.pathname !== SEARCH) return undefined;
      const after = (req.body as SearchBody).search_after;
      if (after === null) return { body: resultsDoc([1, 2], 5, 'c2') };
      if (after === 'c2') return { body: resultsDoc([3, 4], 5, 'c3') };
      return { body: resultsDoc([5], 5, null) };
    },
  });
}

async function searchFor(term: string) {
  await screen.findByRole('form', { name: 'Super Search' });
  const input = screen.getByRole('combobox', { name: 'All of these' });
  input.focus();
  fireEvent.change(input, { target: { value: term } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

async function chooseOption(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('super search results', () => {
  it('shows the total, marks the matched terms and links to the article in a new tab', async () => {
    serveThreePages();
    renderPage();
    await searchFor('Starfall');
    const link = await titleLink(1);
    expect(link.getAttribute('href')).toBe('https://ign.com/starfall-1?ref=feed');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(link).getByTestId('match').textContent).toBe('Starfall');
    expect(screen.getByTestId('results-total').textContent).toBe('5 articles');
    const row = await rowOf(1);
    expect(within(row).getByText('8.2')).toBeTruthy();
    expectCodeBadge(row, 'en', 'English');
    // Not the platform operator: the media is plain text.
    expect(within(row).queryByRole('link', { name: 'ign.com' })).toBeNull();
  });

  it('links the media to its website for the platform operator', async () => {
    serveThreePages(undefined, userDoc({ operator: true }));
    renderPage();
    await searchFor('Starfall');
    const row = await rowOf(1);
    expect(within(row).getByRole('link', { name: 'ign.com' }).getAttribute('href')).toBe('/websites/ign.com');
  });

  it('pages forward with the cursors and back with the ones kept', async () => {
    const calls = serveThreePages();
    renderPage();
    await searchFor('Starfall');
    await titleLink(1);
    expect(screen.getByTestId('results-range').textContent).toBe('1–2 of 5');
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await titleLink(3);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await titleLink(5);
    expect(bodies(calls).map((b) => b.search_after)).toEqual([null, 'c2', 'c3']);
    expect(screen.getByTestId('current-page').textContent).toBe('3');
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await titleLink(3);
    expect(screen.getByTestId('current-page').textContent).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'First page' }));
    await titleLink(1);
    expect(screen.getByTestId('current-page').textContent).toBe('1');
  });

  it('goes back to page 1 when the page size or the sort changes', async () => {
    const calls = serveThreePages();
    renderPage();
    await searchFor('Starfall');
    await titleLink(1);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await titleLink(3);

    await chooseOption('Rows per page', '50');
    await waitFor(() => expect(bodies(calls).at(-1)).toMatchObject({ search_after: null, page_size: 50 }));
    await titleLink(1);
    expect(screen.getByTestId('current-page').textContent).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await titleLink(3);
    await chooseOption('Sort by', 'Most relevant');
    await waitFor(() => expect(bodies(calls).at(-1)).toMatchObject({ search_after: null, sort_fields: 'relevance', sort_order: 'desc' }));
    expect(screen.getByTestId('current-page').textContent).toBe('1');
  });

  it('says so when nothing matches', async () => {
    serve({ handler: (req) => (req.method === 'POST' && req.url.pathname === SEARCH ? { body: resultsDoc([], 0, null) } : undefined) });
    renderPage();
    await searchFor('zzzz');
    expect((await screen.findByTestId('results-empty')).textContent).toBe('Your request returned 0 results. Consider changing the search term or date range.');
  });

  it('a new search clears the previous results and selection', async () => {
    let slow: (() => void) | null = null;
    const calls = serveThreePages(async (req) => {
      if (req.method === 'POST' && req.url.pathname === SEARCH && (req.body as { search: string }).search.includes('Lumen')) {
        await new Promise<void>((r) => (slow = r));
        return { body: resultsDoc([], 0, null) };
      }
      return undefined;
    });
    renderPage();
    await searchFor('Starfall');
    fireEvent.click(within(await rowOf(1)).getByRole('checkbox'));
    expect(screen.getByTestId('bulk-bar')).toBeTruthy();
    await searchFor('Lumen');
    await waitFor(() => expect(callsTo(calls, SEARCH)).toHaveLength(2));
    // While the new search loads, nothing of the old one is shown.
    expect(screen.queryByRole('link', { name: /review number 1/ })).toBeNull();
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
    expect(screen.getAllByTestId('loading-row').length).toBeGreaterThan(0);
    slow!();
    expect(await screen.findByTestId('results-empty')).toBeTruthy();
  });

  it('saves the checked results to a project under a tag and shows the server message', async () => {
    let bulkBody: unknown;
    serveThreePages((req) => {
      if (req.method !== 'POST' || req.url.pathname !== '/api/supersearch/bulk') return undefined;
      bulkBody = req.body;
      return { body: { data: { success: 2, already_exists: 1, message: "2 article(s) saved. 1 couldn't be saved as they already exist on Saved Coverage" } } };
    });
    renderPage();
    await searchFor('Starfall');
    fireEvent.click(within(await rowOf(1)).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(within(await rowOf(3)).getByRole('checkbox'));
    fireEvent.click(within(await rowOf(4)).getByRole('checkbox'));
    expect(within(screen.getByTestId('bulk-bar')).getByText('3 selected')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save to project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save 3 articles to a project' });
    expect((within(dialog).getByRole('combobox', { name: 'Project' }) as HTMLInputElement).value).toBe('Starfall Launch');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MSG.articles.tagRequired)).toBeTruthy();
    await chooseOption('Tag', 'Reviews');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText("2 article(s) saved. 1 couldn't be saved as they already exist on Saved Coverage")).toBeTruthy();
    expect(bulkBody).toEqual({ articles: ['1', '3', '4'], tag_id: '21', project_id: PROJECT_ID, organization_id: '7', user_id: '1' });
    await waitFor(() => expect(screen.queryByTestId('bulk-bar')).toBeNull());
  });

  it('exports by e-mail to the user address by default, with the catalogue messages', async () => {
    let fail = false;
    let exportBody: unknown;
    serveThreePages((req) => {
      if (req.method !== 'POST' || req.url.pathname !== '/api/supersearch/export_csv') return undefined;
      exportBody = req.body;
      if (fail) return { status: 500, body: { errors: [{ status: '500', code: 'internal', title: 'Error', detail: 'boom' }] } };
      return { status: 202, body: { data: { type: 'export', id: '9', attributes: { status: 'queued', message: MSG.exports.emailed } } } };
    });
    renderPage();
    await screen.findByRole('form', { name: 'Super Search' });
    expect((screen.getByRole('button', { name: 'Export by e-mail' }) as HTMLButtonElement).disabled).toBe(true);
    await searchFor('Starfall');
    await titleLink(1);

    fireEvent.click(screen.getByRole('button', { name: 'Export by e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export by e-mail' });
    expect((within(dialog).getByRole('textbox', { name: 'Send to' }) as HTMLInputElement).value).toBe('ada@nebula.test');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send export' }));
    expect(await screen.findByText(MSG.exports.emailed)).toBeTruthy();
    expect(exportBody).toMatchObject({
      organization_id: '7',
      search: '+"Starfall"',
      to_email: 'ada@nebula.test',
      languages: [],
      media_score: { min: null, max: null },
    });

    fail = true;
    notifications.clean();
    fireEvent.click(screen.getByRole('button', { name: 'Export by e-mail' }));
    const again = await screen.findByRole('dialog', { name: 'Export by e-mail' });
    fireEvent.change(within(again).getByRole('textbox', { name: 'Send to' }), { target: { value: 'not-an-email' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Send export' }));
    expect(await within(again).findByText(MSG.validation.emailInvalid)).toBeTruthy();
    fireEvent.change(within(again).getByRole('textbox', { name: 'Send to' }), { target: { value: 'press@nebula.test' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Send export' }));
    expect(await screen.findByText(MSG.exports.emailFailure)).toBeTruthy();
  });

  describe('a first page sent before its total', () => {
    const VOLUME = '/api/supersearch/volume';
    /** The first page comes without its total; the volume call answers when `release` is called with its answer. */
    function serveCounting() {
      let release: (answer: { status?: number; body: unknown }) => void = () => undefined;
      const volume = new Promise<{ status?: number; body: unknown }>((resolve) => (release = resolve));
      const calls = serve({
        handler: (req) => {
          if (req.method !== 'POST') return undefined;
          if (req.url.pathname === SEARCH) return { body: countingResultsDoc([1, 2], 'c2') };
          if (req.url.pathname === VOLUME) return volume;
          return undefined;
        },
      });
      return { calls, release: (answer: { status?: number; body: unknown }) => release(answer) };
    }

    it('shows the results at once, says it is counting, then shows the volume call’s total', async () => {
      const { release } = serveCounting();
      renderPage();
      await searchFor('Starfall');
      await titleLink(1);
      const status = screen.getByTestId('results-total-status');
      expect(status.getAttribute('aria-live')).toBe('polite');
      expect(within(status).getByTestId('results-counting').textContent).toBe(MSG.supersearch.counting);
      expect(screen.getByTestId('results-range').textContent).toBe('1–2');
      expect(screen.getByTestId('volume-loading')).toBeTruthy();

      release({
        body: volumeDoc([
          ['2024-03-04', 40],
          ['2024-03-05', 12],
        ]),
      });
      await waitFor(() => expect(screen.getByTestId('results-total').textContent).toBe('52 articles'));
      expect(screen.queryByTestId('results-counting')).toBeNull();
      expect(screen.getByTestId('results-range').textContent).toBe('1–2 of 52');
    });

    it('says the results are complete but the count and chart took too long when the volume times out', async () => {
      const { release } = serveCounting();
      renderPage();
      await searchFor('Starfall');
      await titleLink(1);
      release({ status: 503, body: { errors: [{ status: '503', code: 'search_timeout', title: 'Service unavailable', detail: MSG.supersearch.timeout }] } });
      expect((await screen.findByTestId('volume-timeout')).textContent).toBe(MSG.supersearch.countTimeout);
      expect(screen.getByTestId('results-not-counted').textContent).toBe(MSG.supersearch.countTimeoutShort);
      // The results stay, with no error of the search itself.
      expect(await titleLink(2)).toBeTruthy();
      expect(screen.queryByText(MSG.supersearch.timeout)).toBeNull();
      expect(screen.getByTestId('results-range').textContent).toBe('1–2');
    });
  });
});
