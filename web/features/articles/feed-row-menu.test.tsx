import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { tokenStore } from '../../lib/api';
import { listDocument, type StubRequest } from '../../testing/fetch-stub';
import { ArticlesFeedPage } from '../../app/routes/articles-feed-page';
import { ALERT_ID, PROJECT_ID, alertDoc, feedArticle, serve, userDoc } from './feed-fixtures';

// A page of Mantine rows renders slowly on a shared machine; the default 5 s is too tight.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  localStorage.clear();
  tokenStore.set('test-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  notifications.clean();
});

const FEED = `/api/articles_feed/${ALERT_ID}`;
const ANALYSIS = 'https://analysis.example.test/analyse?team=7';

/** The signed-in user, with the document meta `GET user` sends (or none, as an older server). */
function userWithMeta(meta?: { analysis_url: string | null }) {
  return { ...userDoc(), ...(meta ? { meta } : {}) } as ReturnType<typeof userDoc>;
}

/** GET user, projects (`alertId` null: the project has no alert yet), the alert and two articles. */
function serveFeed(opts: { meta?: { analysis_url: string | null }; alertId?: string | null } = {}) {
  const alertId = opts.alertId === undefined ? ALERT_ID : opts.alertId;
  return serve({
    user: userWithMeta(opts.meta),
    alertId: () => alertId,
    handler: (req: StubRequest) => {
      const path = req.url.pathname;
      if (path === `/api/alerts/${ALERT_ID}`) return { body: alertDoc() };
      if (path === FEED) return { body: { ...listDocument('feed_article', [feedArticle(1), feedArticle(2)], 1, 25), latest_pull: null } };
      return undefined;
    },
  });
}

function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(entry: string | { pathname: string; search: string; state: unknown }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route path="/articles-feed/:projectId" element={<ArticlesFeedPage />} />
            <Route path="/projects/:projectId" element={<p>Projects page</p>} />
          </Routes>
          <Where />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

async function openRowMenu(title: string) {
  await screen.findByText(title);
  fireEvent.click(screen.getByLabelText(`Actions for ${title}`));
  await screen.findByRole('menuitem', { name: 'Preview' });
}

const location = () => screen.getByLabelText('location').textContent;

describe('articles feed row menu', () => {
  it('opens the analysis page of the article (url and id) in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    serveFeed({ meta: { analysis_url: ANALYSIS } });
    renderAt(`/articles-feed/${PROJECT_ID}`);
    await openRowMenu('Starfall review number 2');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Request analysis' }));

    expect(open).toHaveBeenCalledTimes(1);
    const [href, target, features] = open.mock.calls[0];
    const url = new URL(String(href));
    expect(`${url.origin}${url.pathname}`).toBe('https://analysis.example.test/analyse');
    expect(url.searchParams.get('url')).toBe('https://www.gamespot.com/reviews/starfall-2');
    expect(url.searchParams.get('id')).toBe('2');
    expect(url.searchParams.get('team')).toBe('7');
    expect(target).toBe('_blank');
    // The analysis page gets no handle on this tab.
    expect(String(features)).toContain('noopener');
  });

  it('hides Request analysis when the installation has no analysis page', async () => {
    for (const meta of [{ analysis_url: null }, undefined]) {
      serveFeed({ meta });
      const view = renderAt(`/articles-feed/${PROJECT_ID}`);
      await openRowMenu('Starfall review number 1');
      expect(screen.getByRole('menuitem', { name: 'Change search query' })).toBeTruthy();
      expect(screen.queryByRole('menuitem', { name: 'Request analysis' })).toBeNull();
      view.unmount();
      vi.unstubAllGlobals();
    }
  });

  it('Change search query opens the edit form of the project’s alert', async () => {
    serveFeed();
    renderAt(`/articles-feed/${PROJECT_ID}`);
    await openRowMenu('Starfall review number 1');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Change search query' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit feed' });
    // The form of this project's alert (an edit, not a new alert).
    expect(within(dialog).getByDisplayValue('Starfall')).toBeTruthy();
    expect(within(dialog).getByText('giveaway')).toBeTruthy();
  });
});

describe('the ?alert=edit link', () => {
  it('opens the edit form of the project’s alert, and drops the parameter once closed', async () => {
    serveFeed();
    renderAt(`/articles-feed/${PROJECT_ID}?alert=edit`);
    expect(await screen.findByRole('dialog', { name: 'Edit feed' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(location()).toBe(`/articles-feed/${PROJECT_ID}`));
    expect(screen.queryByRole('dialog', { name: 'Edit feed' })).toBeNull();
  });

  it('opens the create form for a project without an alert, and goes back to the screen that asked', async () => {
    serveFeed({ alertId: null });
    renderAt({ pathname: `/articles-feed/${PROJECT_ID}`, search: '?alert=edit', state: { returnTo: `/projects/${PROJECT_ID}` } });
    expect(await screen.findByRole('dialog', { name: 'Create alert' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Projects page')).toBeTruthy();
    expect(location()).toBe(`/projects/${PROJECT_ID}`);
  });

  it('leaves the feed alone without the parameter', async () => {
    serveFeed();
    renderAt(`/articles-feed/${PROJECT_ID}`);
    await screen.findByText('Starfall review number 1');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
