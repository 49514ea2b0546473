import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../common/messages';
import { tokenStore } from '../../lib/api';
import { listDocument } from '../../testing/fetch-stub';
import { SavedBulkImportModal } from './components/saved-bulk-import-modal';
import { SavedFeedImportModal } from './components/saved-feed-import-modal';
import { SavedArticlesPage } from './routes/saved-articles-page';
import { linkLines, PROJECT, renderUi, serve } from './saved-articles-fixtures';

/** Saved articles: bulk import and import from an alert's feed. The list and new articles: saved-articles.test.tsx. */

beforeEach(() => {
  tokenStore.set('token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
  tokenStore.clear();
});

describe('Bulk import', () => {
  it('says when no links were found and when there are too many', async () => {
    serve();
    renderUi(<SavedBulkImportModal opened onClose={() => {}} projectId={PROJECT} initialTagId="3" />);
    const area = screen.getByPlaceholderText(/example\.com\/review/);
    const importButton = () => screen.getByRole('button', { name: /^Import/ }) as HTMLButtonElement;

    fireEvent.change(area, { target: { value: '  \n \n' } });
    expect(await screen.findByText(MSG.articles.noLinks)).toBeTruthy();
    expect(importButton().disabled).toBe(true);

    fireEvent.change(area, { target: { value: linkLines(1000).join('\n') } });
    expect(await screen.findByText(MSG.articles.tooManyLinks)).toBeTruthy();
    expect(importButton().disabled).toBe(true);

    fireEvent.change(area, { target: { value: [...linkLines(2), 'ign.com/no-scheme', linkLines(1)[0]].join('\n') } });
    await waitFor(() => expect(screen.getByText('2 ready')).toBeTruthy());
    expect(screen.getByText('1 invalid')).toBeTruthy();
    expect(screen.getByText('1 duplicate skipped')).toBeTruthy();
    expect(screen.queryByText(MSG.articles.noLinks)).toBeNull();
    expect(importButton().disabled).toBe(false);
  });

  it('imports in chunks of 10, moving the progress bar and the per-link statuses, and reports a partial failure', async () => {
    const links = linkLines(23);
    let releaseSecond: () => void = () => {};
    const secondChunk = new Promise<void>((r) => (releaseSecond = r));
    let chunk = 0;
    const calls = serve(async (req) => {
      if (req.method !== 'POST' || req.url.pathname !== '/api/bulk/articles') return undefined;
      chunk += 1;
      if (chunk === 2) await secondChunk;
      const urls = (req.body as { data: { attributes: { urls: string[] } } }).data.attributes.urls;
      const results = urls.map((url) => (url === links[14] ? { url, status: 'KO', reason: MSG.articles.alreadyExists } : { url, status: 'OK', reason: null }));
      const failed = results.filter((r) => r.status === 'KO').length;
      return { body: { data: { type: 'bulk_result', attributes: { success: urls.length - failed, failed, results } } } };
    });
    renderUi(<SavedBulkImportModal opened onClose={() => {}} projectId={PROJECT} initialTagId="3" />);
    await screen.findByDisplayValue('Reviews');

    fireEvent.change(screen.getByPlaceholderText(/example\.com\/review/), { target: { value: [...links, 'gamespot.com/without-scheme'].join('\n') } });
    fireEvent.click(await screen.findByRole('button', { name: 'Import 23 links' }));

    // First chunk answered, the second is held: 10 of 23 done, 13 links still loading.
    await waitFor(() => expect(screen.getByTestId('bulk-progress-count').textContent).toBe('10 / 23'));
    const statuses = screen.getByTestId('bulk-statuses');
    expect(statuses.querySelectorAll('[data-state="ok"]').length).toBe(10);
    expect(statuses.querySelectorAll('[data-state="loading"]').length).toBe(13);
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe('43');

    releaseSecond();
    await waitFor(() => expect(screen.getByTestId('bulk-progress-count').textContent).toBe('23 / 23'));
    expect(await screen.findByText(MSG.savedArticles.importedSome(22))).toBeTruthy();
    expect(screen.getByText(MSG.articles.failedCount(2))).toBeTruthy();
    expect(statuses.querySelectorAll('[data-state="ok"]').length).toBe(22);
    expect(statuses.querySelectorAll('[data-state="ko"]').length).toBe(2);
    expect(within(statuses).getByText(MSG.articles.alreadyExists)).toBeTruthy();
    expect(within(statuses).getByText(MSG.articles.invalidUrl)).toBeTruthy();

    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((p) => (p.body as { data: { attributes: { urls: string[] } } }).data.attributes.urls.length)).toEqual([10, 10, 3]);
    expect(posts[0].body).toMatchObject({ data: { type: 'bulk_articles', attributes: { tag_id: '3' } } });
  });
});

describe('Import from feed', () => {
  it('is disabled with an explanation while the project has no alert', async () => {
    serve((req) => (req.url.pathname === '/api/articles' ? { body: listDocument('article', [], 1, 25) } : undefined));
    renderUi(<SavedArticlesPage />);
    await screen.findByText(MSG.emptyTable);
    fireEvent.click(screen.getByRole('button', { name: 'Add article' }));
    const item = await screen.findByRole('menuitem', { name: /Import from feed/ });
    expect(item.hasAttribute('disabled') || item.getAttribute('data-disabled') === 'true').toBe(true);
    expect(within(item).getByText(MSG.savedArticles.noAlertShort)).toBeTruthy();
  });

  it('lists the alert’s unsaved articles and saves the ticked ones under the tag', async () => {
    const feed = [
      {
        id: 31,
        title: 'Nebula Quest tops the charts',
        url: 'https://kotaku.com/a',
        media: 'kotaku.com',
        language: 'en',
        reach: 8.4,
        pub_date: '2024-03-06T10:00:00Z',
        saved: false,
      },
      {
        id: 32,
        title: 'Nebula Quest patch notes',
        url: 'https://pcgamer.com/b',
        media: 'pcgamer.com',
        language: 'en',
        reach: 9.1,
        pub_date: '2024-03-05T10:00:00Z',
        saved: true,
      },
      {
        id: 33,
        title: 'Nebula Quest mods',
        url: 'https://rps.com/c',
        media: 'rps.com',
        language: 'en',
        reach: 7.2,
        pub_date: '2024-03-04T10:00:00Z',
        saved: false,
      },
    ];
    const calls = serve((req) => {
      if (req.url.pathname === '/api/articles_feed/12') return { body: listDocument('feed_article', feed, 1, 50) };
      if (req.method === 'POST' && req.url.pathname === '/api/bulk/articles')
        return { body: { data: { type: 'bulk_result', attributes: { success: 1, failed: 0, results: [{ id: '33', status: 'OK', reason: null }] } } } };
      return undefined;
    });
    renderUi(<SavedFeedImportModal opened onClose={() => {}} projectId={PROJECT} alertId="12" initialTagId="4" />);
    await screen.findByText('Nebula Quest tops the charts');
    expect(screen.queryByText('Nebula Quest patch notes')).toBeNull(); // already saved
    const feedCall = calls.find((c) => c.url.pathname === '/api/articles_feed/12')!.url.searchParams;
    expect(feedCall.get('sort')).toBe('-pub_date');

    fireEvent.click(screen.getByText('Nebula Quest mods'));
    fireEvent.click(await screen.findByRole('button', { name: 'Save 1 article' }));
    expect(await screen.findByText(MSG.articles.savedCount(1))).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      data: { type: 'articles_rss_ids', attributes: { ids: ['33'], tag_id: '4', alert_id: '12' } },
    });
  });

  it('imports from the alert picked when the project has several (plans with multiple alerts)', async () => {
    const row = (id: number, title: string) => ({
      id,
      title,
      url: `https://kotaku.com/${id}`,
      media: 'kotaku.com',
      language: 'en',
      reach: 5,
      pub_date: '2024-03-06T10:00:00Z',
      saved: false,
    });
    const calls = serve((req) => {
      if (req.url.pathname === '/api/alerts')
        return {
          body: listDocument(
            'alert',
            [
              { id: 12, name: 'Nebula Quest', keywords: '"nebula quest"' },
              { id: 13, name: 'Nebula studio', keywords: '"nebula games"' },
            ],
            1,
            100,
          ),
        };
      if (req.url.pathname === '/api/articles_feed/12') return { body: listDocument('feed_article', [row(31, 'From the game alert')], 1, 50) };
      if (req.url.pathname === '/api/articles_feed/13') return { body: listDocument('feed_article', [row(41, 'From the studio alert')], 1, 50) };
      if (req.method === 'POST' && req.url.pathname === '/api/bulk/articles')
        return { body: { data: { type: 'bulk_result', attributes: { success: 1, failed: 0, results: [{ id: '41', status: 'OK', reason: null }] } } } };
      return undefined;
    });
    renderUi(<SavedFeedImportModal opened onClose={() => {}} projectId={PROJECT} alertId="12" initialTagId="4" />);
    await screen.findByText('From the game alert');
    fireEvent.click((await screen.findAllByLabelText(/^Alert/)).find((el) => el.tagName === 'INPUT')!);
    fireEvent.click(await screen.findByRole('option', { name: 'Nebula studio' }));
    fireEvent.click(await screen.findByText('From the studio alert'));
    fireEvent.click(await screen.findByRole('button', { name: 'Save 1 article' }));
    expect(await screen.findByText(MSG.articles.savedCount(1))).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      data: { type: 'articles_rss_ids', attributes: { ids: ['41'], tag_id: '4', alert_id: '13' } },
    });
  });
});
