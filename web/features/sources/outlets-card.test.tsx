import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../common/messages';
import { tokenStore } from '../../lib/api';
import { listDocument } from '../../testing/fetch-stub';
import { OutletsCard } from './components/outlets-card';
import { renderSources, serve, status, statusDoc, suggestion, userOf } from './sources-fixtures';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  localStorage.clear();
  tokenStore.set('test-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

function serveCard(opts: { operator?: boolean; admin?: boolean } = {}) {
  const own = [suggestion('2', { domain: 'eurogamer.net' }), suggestion('1', { domain: 'pcgamer.com', status: 'approved' })];
  return serve(userOf(opts), (req) => {
    if (req.url.pathname === '/api/sources/status') return { body: statusDoc(status({ can_suggest: opts.admin !== false })) };
    if (req.url.pathname === '/api/website_suggestions')
      return {
        body: listDocument(
          'website_suggestion',
          own.map((s) => ({ ...s })),
          1,
          10,
        ),
      };
    return undefined;
  });
}

describe('outlets on the organization page', () => {
  it("says what is watched, lists the organization's suggestions and offers to suggest one", async () => {
    const calls = serveCard();
    renderSources(<OutletsCard />);
    const card = await screen.findByRole('region', { name: 'Outlets' });
    expect(await within(card).findByText('Watching 412 outlets in 11 languages · last crawl 2 minutes ago.')).toBeTruthy();
    const rows = await within(card).findAllByTestId('own-suggestion');
    expect(rows.map((r) => r.textContent)).toEqual(['eurogamer.net3 hours agoWaiting for review', 'pcgamer.com3 hours agoMonitored']);
    // The organization's own, whatever their status.
    expect(calls.find((c) => c.url.pathname === '/api/website_suggestions')!.url.searchParams.get('filter[status]')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Suggest an outlet' }));
    expect(await screen.findByRole('dialog', { name: 'Suggest an outlet' })).toBeTruthy();
  });

  it('sends the platform operator to the source packs instead', async () => {
    serveCard({ operator: true });
    renderSources(<OutletsCard />);
    const link = await screen.findByRole('link', { name: 'Websites → Source packs' });
    expect(link.getAttribute('href')).toBe('/websites?view=packs');
    expect(screen.queryByRole('button', { name: 'Suggest an outlet' })).toBeNull();
  });

  it('tells a member who may not suggest to ask an admin', async () => {
    serveCard({ admin: false });
    renderSources(<OutletsCard />);
    expect(await screen.findByText(MSG.outlets.askAdmin)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Suggest an outlet' })).toBeNull();
  });
});
