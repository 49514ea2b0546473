import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { tokenStore } from '../../lib/api';
import { listDocument } from '../../testing/fetch-stub';
import { ALERT_ID, alertDoc, feedArticle, renderFeedPage, serve } from './feed-fixtures';

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
const articles = [
  feedArticle(1, { title: 'Starfall im Test', matched_by: 'gdelt', media: 'spielezeitung.example', website_id: null }),
  feedArticle(2, { title: 'Starfall review from a feed' }),
];

describe('articles feed: found via GDELT', () => {
  it('marks the rows GDELT discovery found, and only those', async () => {
    serve({
      handler: async (req) => {
        if (req.url.pathname === `/api/alerts/${ALERT_ID}`) return { body: alertDoc() };
        if (req.url.pathname === FEED) return { body: { ...listDocument('feed_article', articles, 1, 25, articles.length), latest_pull: null } };
        return undefined;
      },
    });
    renderFeedPage();
    const found = (await screen.findByText('Starfall im Test')).closest('tr')!;
    const label = within(found).getByText('found via GDELT');
    expect(label.closest('[title]')?.getAttribute('title')).toBe("Found by searching GDELT's world news index, not from a monitored feed");
    const fromFeed = screen.getByText('Starfall review from a feed').closest('tr')!;
    expect(within(fromFeed).queryByText('found via GDELT')).toBeNull();
  });
});
