import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { tokenStore } from '../../lib/api';
import { listDocument, stubFetch } from '../../testing/fetch-stub';
import { signedInUserDoc } from '../../testing/user-doc';
import { WebsitesScreen } from './websites-page';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  localStorage.clear();
  tokenStore.set('test-token');
});
afterEach(() => vi.unstubAllGlobals());

const packs = {
  data: [
    {
      type: 'source_pack',
      id: 'games-de',
      attributes: {
        name: 'Games press — German',
        language: 'de',
        category: 'games',
        enabled: false,
        outlets: 12,
        enabled_outlets: 0,
        feeds: 12,
        enabled_feeds: 0,
        'changed-at': null,
      },
    },
  ],
  meta: { directory_outlets: 452, directory_languages: 14, packs: 40, enabled_packs: 0, first_run_done: true },
};

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function renderAt(path: string) {
  const user = signedInUserDoc({ defaultProjectId: '4', organization: { capabilities: { platform_operator: true } } });
  stubFetch((req) => {
    const p = req.url.pathname;
    if (p === '/api/user') return { body: user };
    if (p === '/api/source_packs') return { body: packs };
    if (p === '/api/website_suggestions') return { body: listDocument('website_suggestion', [], 1, 10, 3) };
    if (p === '/api/websites') return { body: listDocument('website', [], 1, 50) };
    return { status: 404, body: { errors: [] } };
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path="/websites"
              element={
                <>
                  <WebsitesScreen />
                  <Where />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('websites screen', () => {
  it('opens on the tab the address names, and keeps the tab in the address', async () => {
    renderAt('/websites?view=packs');
    expect(await screen.findByRole('heading', { name: 'Source packs' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Source packs' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('Directory: 452 outlets in 14 languages · 0 of 40 packs enabled')).toBeTruthy();
    // The suggestions tab counts those waiting.
    await waitFor(() => expect(screen.getByLabelText('3 waiting for review')).toBeTruthy());

    fireEvent.click(screen.getByRole('tab', { name: /Suggestions/ }));
    expect(await screen.findByRole('heading', { name: 'Suggested outlets' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/websites?view=suggestions');
    fireEvent.click(screen.getByRole('tab', { name: 'Websites' }));
    expect(screen.getByTestId('where').textContent).toBe('/websites');
  });

  it('shows the list when a health filter is asked for', async () => {
    renderAt('/websites?view=packs&health=blocked');
    expect(await screen.findByRole('combobox', { name: 'Health' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Websites' }).getAttribute('aria-selected')).toBe('true');
  });
});
