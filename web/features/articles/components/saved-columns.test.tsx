import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { DataTable } from '../../../components/data-table/data-table';
import { tokenStore } from '../../../lib/api';
import { listDocument, stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { expectCodeBadge, expectTagPill } from '../../../testing/vocabulary';
import type { SavedArticleAttributes } from '../api/saved-articles';
import { savedColumns } from './saved-columns';

function article(id: number, over: Partial<SavedArticleAttributes> = {}): SavedArticleAttributes & { id: number } & Record<string, unknown> {
  return {
    id,
    title: `Nebula Quest review ${id}`,
    url: `https://www.gamespot.com/reviews/nebula-${id}`,
    fullUrl: `https://www.gamespot.com/reviews/nebula-${id}`,
    description: null,
    image: null,
    language: 'en',
    reach: 7.4,
    date: '2024-03-05T00:00:00.000Z',
    tag_id: '3',
    tag_name: 'Reviews',
    project_id: '5',
    website_id: '1',
    media: 'gamespot.com',
    'website-visits': 5_300_000,
    muv: 5_300_000,
    muv_source: 'similarweb',
    estimated_views: 5_300,
    reach_manual: false,
    is_metacritic: false,
    source: 0,
    locked: false,
    'inserted-at': '2024-03-05T00:00:00.000Z',
    'updated-at': '2024-03-05T00:00:00.000Z',
    ...over,
  };
}

function renderTable(showUmv: boolean) {
  stubFetch(() => ({ body: listDocument('article', [article(1), article(2, { muv: null, muv_source: null, estimated_views: null })], 1, 25) }));
  renderWithProviders(
    <MemoryRouter>
      <DataTable<SavedArticleAttributes> path="articles" columns={savedColumns({ showUmv, linkToWebsite: false })} />
    </MemoryRouter>,
  );
}

beforeEach(() => tokenStore.set('token'));
afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('saved articles: estimated views column', () => {
  it('shows each article’s estimated views beside the UMV, a dash when the outlet’s visitors are unknown', async () => {
    renderTable(true);
    const known = (await screen.findByText('Nebula Quest review 1')).closest('tr')!;
    const unknown = screen.getByText('Nebula Quest review 2').closest('tr')!;
    expect(screen.getByRole('columnheader', { name: 'Est. views' })).toBeTruthy();
    expect(within(known).getByText('5.3K')).toBeTruthy();
    expect(within(unknown).getAllByText('—')).toHaveLength(2);
    // The basis on hover: the formula and where the visitors come from.
    fireEvent.mouseEnter(within(known).getByText('5.3K'));
    expect(await screen.findByText("0.1% of the outlet's monthly visitors, at most 1M. Visitors: SimilarWeb, last 30 days")).toBeTruthy();
  });

  it('is left out with the UMV on a plan without the add-on', async () => {
    renderTable(false);
    await screen.findByText('Nebula Quest review 1');
    expect(screen.queryByRole('columnheader', { name: 'Est. views' })).toBeNull();
    expect(screen.queryByText('5.3K')).toBeNull();
  });
});

describe('saved articles: one vocabulary (issue 27)', () => {
  it('shows the language as the shared badge and the tag as the shared pill', async () => {
    renderTable(false);
    const row = (await screen.findByText('Nebula Quest review 1')).closest('tr')!;
    expectCodeBadge(row, 'en', 'English');
    expectTagPill(row, 'Reviews');
  });
});
