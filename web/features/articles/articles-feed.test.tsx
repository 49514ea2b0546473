import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../common/messages';
import { tokenStore } from '../../lib/api';
import { listDocument, type StubRequest } from '../../testing/fetch-stub';
import { expectCodeBadge } from '../../testing/vocabulary';
import { bulkOutcome } from './api/feed';
import { ALERT_ID, alertDoc, feedArticle, lastCall, renderFeedPage, serve, userDoc, type Handler } from './feed-fixtures';

// A page of 25 Mantine rows renders slowly on a shared machine; the default 5 s is too tight.
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

const FEED = `/api/articles_feed/${ALERT_ID}`;
const articles = Array.from({ length: 12 }, (_, i) => feedArticle(i + 1, i === 1 ? { saved: true, language: 'es', title: 'Starfall reseña completa' } : {}));

/** The feed from memory, paged like the API; `extra` answers other calls first. */
function serveFeed(opts: { user?: ReturnType<typeof userDoc>; extra?: Handler } = {}) {
  return serve({
    user: opts.user,
    handler: async (req) => {
      const extra = await opts.extra?.(req);
      if (extra) return extra;
      const path = req.url.pathname;
      if (path === `/api/alerts/${ALERT_ID}`) return { body: alertDoc() };
      if (path === FEED) {
        const page = Number(req.url.searchParams.get('page[page]') ?? 1);
        const size = Number(req.url.searchParams.get('page[page_size]') ?? 25);
        return { body: { ...listDocument('feed_article', articles.slice((page - 1) * size, page * size), page, size, articles.length), latest_pull: null } };
      }
      return undefined;
    },
  });
}

const feedCalls = (calls: StubRequest[]) => calls.filter((c) => c.url.pathname === FEED && c.method === 'GET');
const rowOf = (title: string) => screen.getByText(title).closest('tr')!;

async function chooseOption(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('articles feed', () => {
  it('shows the title, the keywords and the last run, and the rows with their columns', async () => {
    serveFeed();
    renderFeedPage();
    expect(await screen.findByText('Starfall Articles')).toBeTruthy();
    expect(await screen.findByText('starfall · not: giveaway')).toBeTruthy();
    expect(screen.getByText('Last run was 2 hours ago')).toBeTruthy();

    const row = await screen.findByText('Starfall review number 1').then((el) => el.closest('tr')!);
    const link = within(row).getByRole('link', { name: 'Starfall review number 1' });
    expect(link.getAttribute('href')).toBe('https://www.gamespot.com/reviews/starfall-1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(row).getByText('7.4')).toBeTruthy();
    expect(within(row).getByText('MC')).toBeTruthy();
    // Not the platform operator: the media is plain text, not a link to /websites.
    expect(within(row).queryByRole('link', { name: 'gamespot.com' })).toBeNull();
    expect(within(rowOf('Starfall reseña completa')).getByText('Saved')).toBeTruthy();
    // The language as everywhere (issue 27): the code, read by its name.
    expectCodeBadge(rowOf('Starfall reseña completa'), 'es', 'Spanish');
    // No similarweb flag: no UMV column; no AI capability: no headline tools.
    expect(screen.queryByText('UMV')).toBeNull();
    expect(screen.queryByLabelText('Headline sentiment')).toBeNull();
  });

  it('offers UMV, media links and headline tools to organizations that have them', async () => {
    serveFeed({
      user: userDoc({ permissions: { similarweb: true }, capabilities: { platform_operator: true, ai_headline_tools: true } }),
      extra: (req) => {
        if (req.url.pathname === '/api/translations') return { body: { data: { translation: 'Starfall full review', source_language: 'es' } } };
        if (req.url.pathname === '/api/sentiment') return { body: { data: { sentiment: 'positive', score: 0.71 } } };
        return undefined;
      },
    });
    renderFeedPage();
    await screen.findByText('Starfall reseña completa');
    expect(screen.getByText('UMV')).toBeTruthy();
    const row = rowOf('Starfall reseña completa');
    expect(within(row).getByText('5.3M')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'gamespot.com' }).getAttribute('href')).toBe('/websites/gamespot.com');
    // The tools render just after the rows (a deferred pass). Translation only for headlines not in English.
    await within(rowOf('Starfall review number 1')).findByLabelText('Headline sentiment');
    expect(within(rowOf('Starfall review number 1')).queryByLabelText('Translate the headline')).toBeNull();

    fireEvent.click(await within(row).findByLabelText('Translate the headline'));
    expect(await within(row).findByText('Starfall full review')).toBeTruthy();
    // Sentiment reads English only: the Spanish row says so, the English one asks.
    expect(within(row).getByLabelText(MSG.articles.sentimentUnavailable)).toBeTruthy();
    const english = rowOf('Starfall review number 1');
    fireEvent.click(within(english).getByLabelText('Headline sentiment'));
    expect(await within(english).findByLabelText('Sentiment: positive')).toBeTruthy();
  });

  it('saves checked rows under a tag and warns when some already were saved', async () => {
    let bulkBody: unknown;
    const calls = serveFeed({
      extra: (req) => {
        if (req.method !== 'POST' || req.url.pathname !== '/api/bulk/articles') return undefined;
        bulkBody = req.body;
        return {
          body: {
            data: {
              type: 'bulk_result',
              attributes: {
                success: 1,
                failed: 1,
                results: [
                  { id: 1, status: 'OK' },
                  { id: 2, status: 'KO', reason: MSG.articles.alreadyExists },
                ],
              },
            },
          },
        };
      },
    });
    renderFeedPage();
    await screen.findByText('Starfall review number 1');
    fireEvent.click(within(rowOf('Starfall review number 1')).getByLabelText('Select row'));
    fireEvent.click(within(rowOf('Starfall reseña completa')).getByLabelText('Select row'));
    expect(screen.getByText('2 selected')).toBeTruthy();

    await chooseOption('Bulk action', 'Save to Saved Coverage');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Save 2 articles')).toBeTruthy();
    await chooseOption('Tag', 'Reviews');
    const before = feedCalls(calls).length;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MSG.articles.partialSave(1, 1))).toBeTruthy();
    expect(bulkBody).toEqual({ data: { type: 'articles_rss_ids', attributes: { ids: ['1', '2'], tag_id: '21', alert_id: ALERT_ID } } });
    // The list reloads and the selection clears (000 §4).
    await waitFor(() => expect(feedCalls(calls).length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByText('2 selected')).toBeNull());
  });

  it('deletes a row from its menu after confirmation', async () => {
    let bulkBody: unknown;
    serveFeed({
      extra: (req) => {
        if (req.method !== 'POST' || req.url.pathname !== '/api/bulk/articles') return undefined;
        bulkBody = req.body;
        return { body: { data: { type: 'bulk_result', attributes: { success: 1, failed: 0, results: [{ id: 3, status: 'OK' }] } } } };
      },
    });
    renderFeedPage();
    await screen.findByText('Starfall review number 3');
    fireEvent.click(screen.getByLabelText('Actions for Starfall review number 3'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MSG.articles.deletedCount(1))).toBeTruthy();
    expect(bulkBody).toEqual({
      data: { type: 'delete_articles_rss_ids', attributes: { ids: ['3'] }, relationships: { alert: { data: { type: 'alert', id: ALERT_ID } } } },
    });
  });

  it('applies filters as query parameters, back on page 1 with the same page size, and clears them', async () => {
    const calls = serveFeed();
    renderFeedPage();
    await screen.findByText('Starfall review number 1');
    fireEvent.change(screen.getByRole('combobox', { name: 'Rows per page' }), { target: { value: '10' } });
    await waitFor(() => expect(screen.queryByText('Starfall review number 11')).toBeNull());
    fireEvent.click(screen.getByLabelText('Next page'));
    await screen.findByText('Starfall review number 11');
    expect(lastCall(calls, FEED).url.searchParams.get('page[page]')).toBe('2');

    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await screen.findByText('Filter articles');
    await chooseOption('Minimum media score', '3');
    await chooseOption('Maximum media score', '2');
    expect(screen.getByText(MSG.alerts.minBelowMax)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Apply filters' }) as HTMLButtonElement).disabled).toBe(true);
    await chooseOption('Maximum media score', '9');
    fireEvent.click(screen.getByRole('switch', { name: /Metacritic outlets only/ }));
    fireEvent.click(screen.getByText('Specific Period'));
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(lastCall(calls, FEED).url.searchParams.get('filter[minScore]')).toBe('3'));
    const q = lastCall(calls, FEED).url.searchParams;
    expect(q.get('filter[maxScore]')).toBe('9');
    expect(q.get('filter[metacritic]')).toBe('true');
    expect(q.get('filter[startDate]')).toMatch(/^\d{4}-\d{2}-01$/);
    expect(q.get('filter[endDate]')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(q.get('page[page]')).toBe('1');
    expect(q.get('page[page_size]')).toBe('10');

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastCall(calls, FEED).url.searchParams.get('filter[minScore]')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it("groups a story's copies by default, and starts from the period and grouping a link asks for", async () => {
    const calls = serveFeed();
    const first = renderFeedPage();
    await screen.findByText('Starfall review number 1');
    expect(lastCall(calls, FEED).url.searchParams.get('filter[collapse]')).toBe('stories');
    first.unmount();
    renderFeedPage(`?alert_id=${ALERT_ID}&startDate=2026-11-01&endDate=2026-11-28&group=none`);
    await waitFor(() => expect(lastCall(calls, FEED).url.searchParams.get('filter[startDate]')).toBe('2026-11-01'));
    const q = lastCall(calls, FEED).url.searchParams;
    expect([q.get('filter[endDate]'), q.get('filter[collapse]')]).toEqual(['2026-11-28', null]);
    expect((screen.getByRole('switch', { name: 'Group copies' }) as HTMLInputElement).checked).toBe(false);
  });

  it('offers region, country and EA-only filters to organizations with regional filters', async () => {
    const calls = serveFeed({
      user: userDoc({ capabilities: { regional_filters: true } }),
      extra: (req) => {
        if (req.url.pathname === '/api/regions') return { body: listDocument('region', [{ id: 1, name: 'Europe' }], 1, 150, 1) };
        if (req.url.pathname === '/api/countries') return { body: listDocument('country', [], 1, 250, 0) };
        return undefined;
      },
    });
    renderFeedPage();
    await screen.findByText('Starfall review number 1');
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await screen.findByText('Filter articles');
    expect(screen.getByText(MSG.alerts.regionFirst)).toBeTruthy();
    fireEvent.click(screen.getByText('EA only'));
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(lastCall(calls, FEED).url.searchParams.get('filter[ea_only]')).toBe('1'));
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });

  it('previews an article and says so when nothing readable was found', async () => {
    serveFeed({
      extra: (req) => {
        if (req.url.pathname !== '/api/extract') return undefined;
        if (req.url.searchParams.get('id') === '1')
          return { body: { data: { type: 'extraction', id: '1', attributes: { title: 'Starfall, reviewed', text: 'A long body of text.', image: null } } } };
        return { status: 404, body: { errors: [{ status: '404', code: 'not_found', title: 'Not found', detail: 'Nothing readable' }] } };
      },
    });
    renderFeedPage();
    await screen.findByText('Starfall review number 1');
    fireEvent.click(screen.getByLabelText('Actions for Starfall review number 1'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Preview' }));
    expect(await screen.findByText('A long body of text.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open in new tab' }).getAttribute('href')).toBe('https://www.gamespot.com/reviews/starfall-1');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    fireEvent.click(screen.getByLabelText('Actions for Starfall review number 4'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Preview' }));
    expect(await screen.findByText(MSG.articles.noPreview)).toBeTruthy();
  });
});

describe('bulk outcome', () => {
  it('follows the catalogue for all, some and none saved or deleted', () => {
    expect(bulkOutcome('save', { success: 3, failed: 0 })).toEqual({ level: 'success', message: '3 articles saved on your Saved coverage!' });
    expect(bulkOutcome('save', { success: 2, failed: 1 })).toEqual({
      level: 'warning',
      // The catalogue's sentence with the plural rules applied (issue 27): no "(s)", "it" for one.
      message: "2 articles saved. 1 couldn't be saved as it already exists on Saved Coverage",
    });
    expect(bulkOutcome('save', { success: 0, failed: 2 })).toEqual({ level: 'error', message: MSG.articles.alreadyExists });
    expect(bulkOutcome('delete', { success: 4, failed: 0 })).toEqual({ level: 'success', message: '4 articles deleted.' });
    expect(bulkOutcome('delete', { success: 0, failed: 4 }).level).toBe('error');
  });
});
