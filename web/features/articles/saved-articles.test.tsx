import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { MSG } from '../../../common/messages';
import { TagPicker } from '../../components/tag-picker';
import { tokenStore } from '../../lib/api';
import { listDocument, stubFetch, type StubRequest, type StubResponse } from '../../testing/fetch-stub';
import { SavedBulkImportModal } from './components/saved-bulk-import-modal';
import { userDoc } from './feed-fixtures';
import { SavedFeedImportModal } from './components/saved-feed-import-modal';
import { SavedNewArticleModal } from './components/saved-new-article-modal';
import { SavedArticlesPage } from './routes/saved-articles-page';

const PROJECT = '5';
const TAGS = [
  { id: 3, name: 'Reviews', project_id: PROJECT, locked: false, 'has-highlight': false, 'highlight-date': null },
  { id: 4, name: 'Interviews', project_id: PROJECT, locked: false, 'has-highlight': false, 'highlight-date': null },
];

function article(id: number, over: Record<string, unknown> = {}) {
  return {
    id,
    title: `Nebula Quest review ${id}`,
    url: `https://www.gamespot.com/reviews/nebula-${id}`,
    fullUrl: null,
    description: null,
    image: null,
    language: 'en',
    reach: 7.4,
    date: '2024-03-05T00:00:00.000Z',
    tag_id: 3,
    tag_name: 'Reviews',
    project_id: PROJECT,
    website_id: 1,
    media: 'gamespot.com',
    'website-visits': null,
    muv: 5_300_000,
    is_metacritic: false,
    source: 0,
    locked: false,
    ...over,
  };
}

// A Pro organization with the UMV add-on, not the platform operator.
const user = userDoc({ permissions: { similarweb: true }, capabilities: { platform_operator: false }, defaultProjectId: PROJECT });

type Handler = (req: StubRequest) => StubResponse | undefined | Promise<StubResponse | undefined>;

/** user, projects and tags from memory; anything else from `handler`; unknown calls answer 404. */
function serve(handler: Handler = () => undefined) {
  return stubFetch(async (req) => {
    const answer = await handler(req);
    if (answer) return answer;
    const path = req.url.pathname;
    if (path === '/api/user') return { body: user };
    if (path === '/api/projects')
      return { body: listDocument('project', [{ id: PROJECT, name: 'Nebula Quest', locked: false, avatar: null, 'alert-id': null }], 1, 500) };
    if (path === '/api/tags') return { body: listDocument('tag', TAGS, 1, 500) };
    return { status: 404, body: { errors: [{ status: '404', code: 'not_found', title: 'Not found', detail: `unexpected ${req.method} ${path}` }] } };
  });
}

function renderUi(ui: ReactElement, path = `/articles/${PROJECT}`) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/articles/:projectId" element={ui} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const linkLines = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `https://news.example.com/story-${from + i}`);

beforeEach(() => {
  tokenStore.set('token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
  tokenStore.clear();
});

describe('Saved articles list', () => {
  it('lists the project’s saved articles newest first with the missing-data warning on incomplete rows', async () => {
    const calls = serve((req) =>
      req.url.pathname === '/api/articles'
        ? { body: listDocument('article', [article(1), article(2, { language: 'unknown', title: 'Nebula Quest preview' })], 1, 25) }
        : undefined,
    );
    renderUi(<SavedArticlesPage />);

    // The UMV column appears once GET user answered (similarweb flag): the table is complete then.
    await waitFor(() => expect(screen.getAllByText('5.3M')).toHaveLength(2));
    const complete = screen.getByText('Nebula Quest review 1').closest('tr')!;
    const incomplete = screen.getByText('Nebula Quest preview').closest('tr')!;
    expect(within(complete).queryByLabelText(MSG.articles.missingData)).toBeNull();
    expect(within(incomplete).getByLabelText(MSG.articles.missingData)).toBeTruthy();
    expect(within(complete).getByText('7.4')).toBeTruthy();
    expect(within(complete).getByText('English')).toBeTruthy();
    expect(within(complete).getByText('5.3M')).toBeTruthy();
    expect(within(complete).getByText('Nebula Quest review 1').closest('a')!.getAttribute('target')).toBe('_blank');

    const list = calls.find((c) => c.url.pathname === '/api/articles')!.url.searchParams;
    expect(list.get('filter[project_id]')).toBe(PROJECT);
    expect(list.get('filter[locked]')).toBe('false');
    expect(list.get('sort')).toBe('-date');
    expect(list.get('page[page_size]')).toBe('25');
    // No row selection on this table.
    expect(screen.queryByLabelText('Select all rows on this page')).toBeNull();
  });

  it('opens a saved article’s analysis page from its row menu when the installation has one', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    serve((req) => {
      if (req.url.pathname === '/api/user') return { body: { ...user, meta: { analysis_url: 'https://analysis.example.test/analyse' } } };
      if (req.url.pathname === '/api/articles') return { body: listDocument('article', [article(8)], 1, 25) };
      return undefined;
    });
    renderUi(<SavedArticlesPage />);
    await screen.findByText('Nebula Quest review 8');
    fireEvent.click(screen.getByLabelText('Actions for Nebula Quest review 8'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Request analysis' }));
    expect(open).toHaveBeenCalledWith(
      `https://analysis.example.test/analyse?url=${encodeURIComponent('https://www.gamespot.com/reviews/nebula-8')}&id=8`,
      '_blank',
      'noopener,noreferrer',
    );
    open.mockRestore();
  });
});

describe('New article', () => {
  it('keeps Save disabled until the link is valid, then saves it and says so', async () => {
    const calls = serve((req) =>
      req.method === 'POST' && req.url.pathname === '/api/articles'
        ? { status: 201, body: { data: { type: 'article', id: '9', attributes: article(9) } } }
        : undefined,
    );
    renderUi(<SavedNewArticleModal opened onClose={() => {}} projectId={PROJECT} initialTagId="3" />);
    await screen.findByDisplayValue('Reviews');

    const input = screen.getByPlaceholderText(/example\.com/);
    const save = () => screen.getByRole('button', { name: 'Save article' }) as HTMLButtonElement;
    fireEvent.change(input, { target: { value: 'not a link' } });
    expect(save().disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'mailto:press@example.com' } });
    expect(save().disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'www.ign.com/articles/nebula-quest-review' } });
    expect(save().disabled).toBe(false);

    fireEvent.click(save());
    expect(await screen.findByText(MSG.articles.created)).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      data: {
        type: 'article',
        attributes: { url: 'http://www.ign.com/articles/nebula-quest-review' },
        relationships: { tag: { data: { type: 'tag', id: '3' } } },
      },
    });
  });

  it('shows the catalogue’s already-exists message on 422', async () => {
    serve((req) =>
      req.method === 'POST'
        ? {
            status: 422,
            body: {
              errors: [
                {
                  status: '422',
                  code: 'already_exists',
                  title: 'Unprocessable',
                  detail: MSG.articles.alreadyExists,
                  source: { pointer: '/data/attributes/url' },
                },
              ],
            },
          }
        : undefined,
    );
    renderUi(<SavedNewArticleModal opened onClose={() => {}} projectId={PROJECT} initialTagId="3" />);
    await screen.findByDisplayValue('Reviews');
    fireEvent.change(screen.getByPlaceholderText(/example\.com/), { target: { value: 'https://www.ign.com/a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save article' }));
    expect(await screen.findByText(MSG.articles.alreadyExists)).toBeTruthy();
  });
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

describe('TagPicker', () => {
  it('offers to create a tag that does not exist yet and selects it', async () => {
    const calls = serve((req) =>
      req.method === 'POST' && req.url.pathname === `/api/projects/${PROJECT}/tags`
        ? { status: 201, body: { data: { type: 'tag', id: '11', attributes: { ...tagAttributes, name: 'Previews' } } } }
        : undefined,
    );
    const { id: _id, ...tagAttributes } = TAGS[0];
    const onChange = vi.fn();
    renderUi(<TagPicker projectId={PROJECT} value={null} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Tag' });
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/tags')).toBe(true));
    expect(calls.find((c) => c.url.pathname === '/api/tags')!.url.searchParams.get('filter[locked]')).toBe('false');

    // Mantine treats changes to an unfocused input as autofill: type the way a person does.
    input.focus();
    fireEvent.change(input, { target: { value: 'Rev' } });
    expect(await screen.findByRole('option', { name: 'Reviews' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Interviews' })).toBeNull();
    expect(screen.queryByText(/^Create tag/)).toBeNull(); // under 4 characters

    fireEvent.change(input, { target: { value: 'reviews' } });
    await screen.findByRole('option', { name: 'Reviews' });
    expect(screen.queryByText(/^Create tag/)).toBeNull(); // an existing tag

    fireEvent.change(input, { target: { value: 'Previews' } });
    fireEvent.click(await screen.findByText('Create tag “Previews”'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('11'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ data: { type: 'tag', attributes: { name: 'Previews' } } });
    expect(await screen.findByText(MSG.modal.tagCreated)).toBeTruthy();
  });
});
