import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '../../../common/messages';
import { tokenStore } from '../../lib/api';
import { listDocument, type StubRequest } from '../../testing/fetch-stub';
import { feed, renderAt, serve, website } from './website-fixtures';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  localStorage.clear();
  tokenStore.set('test-token');
});
afterEach(() => vi.unstubAllGlobals());

const rows = [
  website(),
  website({ id: '6', domain: 'slow.example', name: null, health: 'timeout' }),
  website({ id: '7', domain: 'bare.example', name: null, health: null, 'feeds-count': 0 }),
  website({ id: '8', domain: 'off.example', name: null, health: null, 'feeds-count': 2, 'feeds-failing': 0, 'feeds-disabled': 2 }),
];
const listCalls = (calls: StubRequest[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/websites');
const last = (calls: StubRequest[]) => listCalls(calls).at(-1)!.url.searchParams;

function serveList() {
  return serve((req) => {
    if (req.method !== 'GET' || req.url.pathname !== '/api/websites') return undefined;
    const health = req.url.searchParams.get('filter[health]');
    const shown = rows.filter((r) => !health || r.health === health).map(({ id, ...a }) => ({ id, ...a }));
    return { body: listDocument('website', shown, 1, 50) };
  });
}

describe('websites by health', () => {
  it("shows each website's health as a badge", async () => {
    serveList();
    renderAt('/websites');
    const rowOf = async (domain: string) => (await screen.findByRole('link', { name: domain })).closest('tr')!;
    expect(within(await rowOf('polygon.example')).getByText('Healthy')).toBeTruthy();
    expect(
      within(await rowOf('slow.example'))
        .getByText('Too slow')
        .closest('[data-health]')!
        .getAttribute('data-health'),
    ).toBe('timeout');
    expect((await rowOf('bare.example')).querySelector('td[data-col="health"]')!.textContent).toBe('—');
    // Every feed switched off (a pack that is off): no health to speak of.
    expect((await rowOf('off.example')).querySelector('td[data-col="health"]')!.textContent).toBe('Off');
  });

  it('takes the health filter from the address (the crawler panel links to it), and changes it', async () => {
    const calls = serveList();
    renderAt('/websites?health=timeout');
    expect(await screen.findByRole('link', { name: 'slow.example' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'polygon.example' })).toBeNull();
    expect(listCalls(calls)[0].url.searchParams.get('filter[health]')).toBe('timeout');
    expect((screen.getByRole('combobox', { name: 'Health' }) as HTMLInputElement).value).toBe('Too slow');

    fireEvent.click(screen.getByRole('combobox', { name: 'Health' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Healthy' }));
    await waitFor(() => expect(last(calls).get('filter[health]')).toBe('ok'));
    expect(await screen.findByRole('link', { name: 'polygon.example' })).toBeTruthy();
  });

  it('ignores a health the server does not know', async () => {
    const calls = serveList();
    renderAt('/websites?health=nonsense');
    await screen.findByRole('link', { name: 'polygon.example' });
    expect(last(calls).get('filter[health]')).toBeNull();
  });
});

describe('find feeds in the add-website form', () => {
  it('shows the feeds discovery proved, fills the feed chosen, and posts a news sitemap as one', async () => {
    let answer = () => {};
    const calls = serve((req) => {
      const path = req.url.pathname;
      if (path === '/api/websites' && req.method === 'GET') return { body: listDocument('website', [], 1, 50) };
      if (path === '/api/websites' && req.method === 'POST')
        return { status: 201, body: { data: { type: 'website', id: '9', attributes: website({ id: '9' }) } } };
      if (path === '/api/feeds' && req.method === 'POST') return { status: 201, body: { data: { type: 'feed', id: '3', attributes: feed('3') } } };
      return undefined;
    });
    const discover = vi.fn();
    const base = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/api/feeds/discover')) {
        discover(JSON.parse(String(init?.body)));
        await new Promise<void>((r) => (answer = r));
        const feeds = [
          {
            url: 'https://polygon.example/rss',
            title: 'Polygon',
            kind: 'rss',
            items: 25,
            last_item_at: new Date().toISOString(),
            websub_hub: null,
            found_by: 'link',
          },
          {
            url: 'https://polygon.example/news-sitemap.xml',
            title: null,
            kind: 'news_sitemap',
            items: 300,
            last_item_at: null,
            websub_hub: null,
            found_by: 'robots',
          },
        ];
        return new Response(
          JSON.stringify({ data: { type: 'feed_discovery', id: 'x', attributes: { url: 'https://polygon.example/', feeds, reason: null } } }),
          {
            status: 200,
            headers: { 'content-type': 'application/vnd.api+json' },
          },
        );
      }
      return base(input, init);
    });
    renderAt('/websites');
    fireEvent.click(await screen.findByRole('button', { name: 'Add website' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Find feeds' }));
    expect(await within(dialog).findByText(MSG.websites.domainRequired)).toBeTruthy();
    expect(discover).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText(/Website URL/), { target: { value: 'polygon.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Find feeds' }));
    expect(await within(dialog).findByText('Looking for feeds on polygon.example…')).toBeTruthy();
    expect(discover).toHaveBeenCalledWith({ data: { type: 'feed_discovery', attributes: { url: 'polygon.example' } } });
    answer();
    const found = await within(dialog).findAllByTestId('discovered-feed');
    expect(found).toHaveLength(2);
    expect(within(found[1]).getByText('300 items · no dated item · named in robots.txt')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use https://polygon.example/news-sitemap.xml' }));
    expect((within(dialog).getByLabelText(/Feed URL/) as HTMLInputElement).value).toBe('https://polygon.example/news-sitemap.xml');

    fireEvent.change(within(dialog).getByLabelText(/Media score/), { target: { value: '6.5' } });
    fireEvent.click(within(dialog).getByRole('combobox', { name: /Language/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'English' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add website' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual(['/api/websites', '/api/feeds']));
    expect(calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/feeds')!.body).toMatchObject({
      data: { attributes: { feed: 'https://polygon.example/news-sitemap.xml', website_id: '9', type: 1 } },
    });
  });
});

describe('feed moves', () => {
  it("lists where the outlet's feeds moved, newest first", async () => {
    serve((req) => {
      if (req.url.pathname === '/api/websites/polygon.example')
        return {
          body: {
            data: { type: 'website', id: '5', attributes: website() },
            included: [
              { type: 'feed', id: '1', attributes: feed('1') },
              {
                type: 'feed_move',
                id: '2',
                attributes: {
                  feed_id: '1',
                  from: 'https://polygon.example/old.xml',
                  to: 'https://polygon.example/1.xml',
                  reason: 'redirect',
                  'moved-at': '2026-11-27T10:00:00Z',
                },
              },
              {
                type: 'feed_move',
                id: '1',
                attributes: {
                  feed_id: '1',
                  from: 'https://polygon.example/older.xml',
                  to: 'https://polygon.example/old.xml',
                  reason: 'rediscovered',
                  'moved-at': '2026-03-02T10:00:00Z',
                },
              },
            ],
          },
        };
      if (req.url.pathname === '/api/feeds') return { body: listDocument('feed', [feed('1')], 1, 25) };
      if (req.url.pathname === '/api/websites/5/articles') return { body: listDocument('website_article', [], 1, 25) };
      return undefined;
    });
    renderAt('/websites/polygon.example');
    const moves = await screen.findAllByTestId('feed-move');
    expect(moves.map((m) => m.firstElementChild!.textContent)).toEqual([
      'Feed moved to https://polygon.example/1.xml on 27 Nov 2026 (the old address redirected permanently)',
      "Feed moved to https://polygon.example/old.xml on 2 Mar 2026 (found again on the outlet's homepage)",
    ]);
    expect(within(moves[0]).getByRole('link').getAttribute('href')).toBe('https://polygon.example/1.xml');
  });
});
