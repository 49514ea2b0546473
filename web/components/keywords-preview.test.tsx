import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { AlertPreview } from '../../common/schemas/alerts';
import { MSG } from '../../common/messages';
import { tokenStore } from '../lib/api';
import { stubFetch } from '../testing/fetch-stub';
import { renderWithProviders } from '../testing/render';
import { KeywordsPreview } from './keywords-preview';

const EMPTY: AlertPreview = { count: 0, capped: false, samples: [] };

function serveStatus(enabledOutlets: number) {
  return stubFetch((req) => {
    if (req.url.pathname === '/api/sources/status')
      return {
        body: {
          data: {
            type: 'sources_status',
            id: 'current',
            attributes: {
              enabled_outlets: enabledOutlets,
              enabled_feeds: 9,
              languages: 3,
              last_crawl_at: null,
              available_outlets: 0,
              can_suggest: false,
              self_service: false,
            },
          },
        },
      };
    return { status: 404, body: { errors: [] } };
  });
}

beforeEach(() => {
  localStorage.clear();
  tokenStore.set('test-token');
});
afterEach(() => vi.unstubAllGlobals());

describe('keywords preview', () => {
  it('says what is being watched under a count of 0', async () => {
    serveStatus(7);
    renderWithProviders(<KeywordsPreview preview={EMPTY} loading={false} showSourcesStatus />);
    expect(screen.getByTestId('keywords-preview-count').textContent).toBe('0 matching articles in the last two months');
    expect((await screen.findByTestId('sources-status-line')).textContent).toBe('Watching 7 outlets in 3 languages · no crawl yet.');
  });

  it('says that no outlet is monitored when none is', async () => {
    serveStatus(0);
    renderWithProviders(<KeywordsPreview preview={EMPTY} loading={false} showSourcesStatus />);
    expect((await screen.findByTestId('sources-status-line')).textContent).toBe(MSG.outlets.nothingWatched);
  });

  it('asks nothing where it is not asked to (the public sign-up), nor without a session', async () => {
    const calls = serveStatus(7);
    const { unmount } = renderWithProviders(<KeywordsPreview preview={EMPTY} loading={false} />);
    await waitFor(() => expect(screen.getByTestId('keywords-preview-count')).toBeTruthy());
    unmount();
    tokenStore.clear();
    renderWithProviders(<KeywordsPreview preview={EMPTY} loading={false} showSourcesStatus />);
    await waitFor(() => expect(screen.getByTestId('keywords-preview-count')).toBeTruthy());
    expect(screen.queryByTestId('sources-status-line')).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
