import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../common/messages';
import { tokenStore } from '../../lib/api';
import { listDocument } from '../../testing/fetch-stub';
import { ALERT_ID, alertDoc, renderFeedPage, serve, userDoc } from './feed-fixtures';

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

const status = (over: Record<string, unknown> = {}) => ({
  data: {
    type: 'sources_status',
    id: 'current',
    attributes: {
      enabled_outlets: 412,
      enabled_feeds: 530,
      languages: 11,
      last_crawl_at: new Date(Date.now() - 2 * 60_000).toISOString(),
      available_outlets: 40,
      can_suggest: true,
      self_service: false,
      ...over,
    },
  },
});

/** An alert that has matched nothing, and the sources status given. */
function serveEmpty(opts: { user?: ReturnType<typeof userDoc>; status?: Record<string, unknown> } = {}) {
  return serve({
    user: opts.user,
    handler: (req) => {
      const path = req.url.pathname;
      if (path === `/api/alerts/${ALERT_ID}`) return { body: alertDoc({ total_articles: 0 }) };
      if (path === `/api/articles_feed/${ALERT_ID}`) return { body: { ...listDocument('feed_article', [], 1, 25, 0), latest_pull: null } };
      if (path === '/api/sources/status') return { body: status(opts.status) };
      return undefined;
    },
  });
}

const userRole = () => userDoc({ roleId: 2 });

describe('an alert that has matched nothing yet', () => {
  it('says what is being watched, and offers an admin to suggest an outlet', async () => {
    serveEmpty();
    renderFeedPage();
    const empty = await screen.findByTestId('coverage-empty');
    await waitFor(() =>
      expect(within(empty).getByTestId('coverage-watching').textContent).toBe(
        'Watching 412 outlets in 11 languages · last crawl 2 minutes ago. New articles that match your keywords appear here.',
      ),
    );
    fireEvent.click(within(empty).getByRole('button', { name: 'Suggest an outlet' }));
    expect(await screen.findByRole('dialog', { name: 'Suggest an outlet' })).toBeTruthy();
  });

  it('says that nothing is monitored yet, and tells a member to ask an admin', async () => {
    serveEmpty({ user: userRole(), status: { enabled_outlets: 0, languages: 0, last_crawl_at: null, can_suggest: false } });
    renderFeedPage();
    const empty = await screen.findByTestId('coverage-empty');
    await waitFor(() => expect(within(empty).getByTestId('coverage-watching').textContent).toBe(MSG.outlets.nothingWatched));
    expect(within(empty).getByText(MSG.outlets.askAdmin)).toBeTruthy();
    expect(within(empty).queryByRole('button', { name: 'Suggest an outlet' })).toBeNull();
  });

  it('sends the platform operator to the source packs', async () => {
    serveEmpty({ user: userDoc({ capabilities: { platform_operator: true } }), status: { enabled_outlets: 0, languages: 0, last_crawl_at: null } });
    renderFeedPage();
    const empty = await screen.findByTestId('coverage-empty');
    const link = await within(empty).findByRole('link', { name: 'Websites → Source packs' });
    expect(link.getAttribute('href')).toBe('/websites?view=packs');
    expect(within(empty).getByText(MSG.outlets.operatorHint)).toBeTruthy();
  });

  it('keeps the plain empty text when a search hides the rows', async () => {
    serveEmpty();
    renderFeedPage();
    await screen.findByTestId('coverage-empty');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'zzz' } });
    expect(await screen.findByText(MSG.emptyTable)).toBeTruthy();
    expect(screen.queryByTestId('coverage-empty')).toBeNull();
  });
});
