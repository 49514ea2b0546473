import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '../../../common/messages';
import { tokenStore } from '../../lib/api';
import { listDocument } from '../../testing/fetch-stub';
import { expectCodeBadge } from '../../testing/vocabulary';
import { feed, renderAt, serve, website } from './website-fixtures';

beforeEach(() => {
  localStorage.clear();
  tokenStore.set('test-token');
});
afterEach(() => vi.unstubAllGlobals());

describe('websites list', () => {
  it('shows each website with its score band, visitors, articles and feed health', async () => {
    const { id, ...attrs } = website();
    const calls = serve((req) => (req.url.pathname === '/api/websites' ? { body: listDocument('website', [{ id, ...attrs }], 1, 50) } : undefined));
    renderAt('/websites');
    const link = await screen.findByRole('link', { name: 'polygon.example' });
    expect(link.getAttribute('href')).toBe('/websites/polygon.example');
    expect(screen.getByLabelText('Media score 7.2')).toBeTruthy();
    expect(screen.getByText('12.5M')).toBeTruthy();
    expect(screen.getByText('1,234')).toBeTruthy();
    expect(screen.getByText('1 OK')).toBeTruthy();
    expect(screen.getByText('1 failing')).toBeTruthy();
    expectCodeBadge(link.closest('tr')!, 'en', 'English');
    expect(screen.getByRole('button', { name: 'Import OPML' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export OPML' })).toBeTruthy();
    const list = calls.find((c) => c.url.pathname === '/api/websites')!;
    expect(list.url.searchParams.get('page[page_size]')).toBe('50');
  });
});

describe('add website', () => {
  async function openModal() {
    fireEvent.click(await screen.findByRole('button', { name: 'Add website' }));
    return screen.findByRole('dialog');
  }

  it('shows the spec messages for missing and invalid fields and sends nothing', async () => {
    const calls = serve((req) => (req.url.pathname === '/api/websites' && req.method === 'GET' ? { body: listDocument('website', [], 1, 50) } : undefined));
    renderAt('/websites');
    const dialog = await openModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add website' }));
    expect(await within(dialog).findByText(MSG.websites.domainRequired)).toBeTruthy();
    expect(within(dialog).getByText(MSG.websites.feedRequired)).toBeTruthy();
    expect(within(dialog).getByText(MSG.websites.languageRequired)).toBeTruthy();
    // The media score may stay empty: the server scores the website from the traffic ranking.
    expect(within(dialog).queryByText(MSG.websites.reachRequired)).toBeNull();
    expect(within(dialog).getByText(/Leave empty to score it from the traffic ranking/)).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/Website URL/), { target: { value: 'not a website' } });
    fireEvent.change(within(dialog).getByLabelText(/Feed URL/), { target: { value: 'javascript:alert(1)' } });
    fireEvent.change(within(dialog).getByLabelText(/Media score/), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add website' }));
    expect(await within(dialog).findByText(MSG.websites.invalidUrl)).toBeTruthy();
    expect(within(dialog).getByText(MSG.websites.invalidFeed)).toBeTruthy();
    expect(within(dialog).getByText(MSG.websites.reachRange)).toBeTruthy();
    expect(within(dialog).queryByLabelText(/rank/i)).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('posts the website then its feed, and closes when both return 201', async () => {
    const calls = serve((req) => {
      if (req.url.pathname === '/api/websites' && req.method === 'GET') return { body: listDocument('website', [], 1, 50) };
      if (req.url.pathname === '/api/websites' && req.method === 'POST')
        return { status: 201, body: { data: { type: 'website', ...{ id: '9', attributes: website({ id: '9' }) } } } };
      if (req.url.pathname === '/api/feeds' && req.method === 'POST') return { status: 201, body: { data: { type: 'feed', id: '3', attributes: feed('3') } } };
      return undefined;
    });
    renderAt('/websites');
    const dialog = await openModal();
    fireEvent.change(within(dialog).getByLabelText(/Website URL/), { target: { value: 'www.Polygon.example' } });
    fireEvent.change(within(dialog).getByLabelText(/Feed URL/), { target: { value: 'polygon.example/rss' } });
    fireEvent.change(within(dialog).getByLabelText(/Media score/), { target: { value: '6.5' } });
    fireEvent.click(within(dialog).getByRole('combobox', { name: /Language/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'English' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add website' }));

    expect(await screen.findByText(MSG.websites.added)).toBeTruthy();
    expect(await screen.findByText(MSG.websites.feedAdded)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.url.pathname)).toEqual(['/api/websites', '/api/feeds']);
    expect(posts[0].body).toEqual({ data: { type: 'website', attributes: { domain: 'www.Polygon.example', reach: 6.5, language: 'en' } } });
    expect(posts[1].body).toMatchObject({ data: { type: 'feed', attributes: { feed: 'polygon.example/rss', website_id: '9', language: 'en', type: 0 } } });
  });

  it('leaves the score out when it is empty, so the ranking scores the website', async () => {
    const calls = serve((req) => {
      if (req.url.pathname === '/api/websites' && req.method === 'GET') return { body: listDocument('website', [], 1, 50) };
      if (req.url.pathname === '/api/websites' && req.method === 'POST')
        return { status: 201, body: { data: { type: 'website', id: '9', attributes: website({ id: '9' }) } } };
      if (req.url.pathname === '/api/feeds' && req.method === 'POST') return { status: 201, body: { data: { type: 'feed', id: '3', attributes: feed('3') } } };
      return undefined;
    });
    renderAt('/websites');
    const dialog = await openModal();
    fireEvent.change(within(dialog).getByLabelText(/Website URL/), { target: { value: 'polygon.example' } });
    fireEvent.change(within(dialog).getByLabelText(/Feed URL/), { target: { value: 'polygon.example/rss' } });
    fireEvent.click(within(dialog).getByRole('combobox', { name: /Language/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'English' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add website' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts[0].body).toEqual({ data: { type: 'website', attributes: { domain: 'polygon.example', language: 'en' } } });
    expect(posts[1].body).toMatchObject({ data: { type: 'feed', attributes: { reach: null } } });
  });

  it('keeps the modal open with the server message when the feed already exists', async () => {
    serve((req) => {
      if (req.url.pathname === '/api/websites' && req.method === 'GET') return { body: listDocument('website', [], 1, 50) };
      if (req.url.pathname === '/api/websites' && req.method === 'POST')
        return { status: 201, body: { data: { type: 'website', id: '9', attributes: website({ id: '9' }) } } };
      if (req.url.pathname === '/api/feeds')
        return {
          status: 409,
          body: {
            errors: [{ status: '409', code: 'conflict', title: 'Conflict', detail: MSG.websites.feedTaken, source: { pointer: '/data/attributes/feed' } }],
          },
        };
      return undefined;
    });
    renderAt('/websites');
    const dialog = await openModal();
    fireEvent.change(within(dialog).getByLabelText(/Website URL/), { target: { value: 'polygon.example' } });
    fireEvent.change(within(dialog).getByLabelText(/Feed URL/), { target: { value: 'polygon.example/rss' } });
    fireEvent.change(within(dialog).getByLabelText(/Media score/), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('combobox', { name: /Language/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'German' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add website' }));
    expect(await within(dialog).findByText(MSG.websites.feedTaken)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('website detail', () => {
  it('shows the header, feed health with the last error, and empty states', async () => {
    const failing = feed('2', {
      status: 'failing',
      'error-count': 4,
      'last-error': 'HTTP 503 from the server',
      'last-success-at': null,
      health: 'unreachable',
      health_detail: null,
      origin: 'suggestion',
      type: 1,
    });
    const detail = {
      data: { type: 'website', id: '5', attributes: website({ categories: [{ category: 'Games', month: '2024-05', score: 0.425 }] }) },
      included: [
        { type: 'feed', id: '1', attributes: feed('1') },
        { type: 'feed', id: '2', attributes: failing },
      ],
    };
    const calls = serve((req) => {
      if (req.url.pathname === '/api/websites/polygon.example') return { body: detail };
      if (req.url.pathname === '/api/feeds') {
        const { id: _a, ...one } = feed('1');
        const { id: _b, ...two } = failing;
        return {
          body: listDocument(
            'feed',
            [
              { id: '1', ...one },
              { id: '2', ...two },
            ],
            1,
            25,
          ),
        };
      }
      if (req.url.pathname === '/api/websites/5/articles')
        return {
          body: listDocument(
            'website_article',
            [
              {
                id: '77',
                title: 'A great review',
                url: 'https://polygon.example/r',
                fullUrl: 'https://polygon.example/r',
                author: 'Sam',
                language: 'en',
                reach: 7.2,
                pub_date: '2024-03-05T10:00:00Z',
              },
            ],
            1,
            25,
          ),
        };
      return undefined;
    });
    renderAt('/websites/polygon.example');
    expect(await screen.findByRole('heading', { name: 'polygon.example' })).toBeTruthy();
    expect(screen.getByText('Metacritic')).toBeTruthy();
    expect(screen.getByText('Gaming site')).toBeTruthy();
    expect(screen.getByText('Above 10M')).toBeTruthy();
    expect(screen.getByText('No social accounts are linked to this website.')).toBeTruthy();
    expect(screen.getByText("No authors have been found in this website's articles yet.")).toBeTruthy();
    expect(screen.getByText('No traffic by country is known for this website yet.')).toBeTruthy();
    expect(await screen.findByText('HTTP 503 from the server')).toBeTruthy();
    const row = (url: string) => screen.getByText(url).closest('tr')!;
    expect(within(row('https://polygon.example/2.xml')).getByText('Unreachable')).toBeTruthy();
    expect(within(row('https://polygon.example/2.xml')).getByText('News sitemap · Suggested by an organization')).toBeTruthy();
    expect(within(row('https://polygon.example/2.xml')).getByText('Failing')).toBeTruthy();
    expect(within(row('https://polygon.example/1.xml')).getByText('Healthy')).toBeTruthy();
    expect(within(row('https://polygon.example/1.xml')).getByText('OK')).toBeTruthy();
    expect(within(row('https://polygon.example/1.xml')).getByText('Feed · From the directory')).toBeTruthy();
    // The test server has no public URL: push is off for every feed, whatever its state.
    expect(screen.getAllByText('Off — no public URL')).toHaveLength(2);
    expect(await screen.findByRole('link', { name: 'A great review' })).toBeTruthy();
    expectCodeBadge(screen.getByRole('link', { name: 'A great review' }).closest('tr')!, 'en', 'English');
    expect(screen.getByText('42.5%')).toBeTruthy();
    expect(calls.find((c) => c.url.pathname === '/api/feeds')!.url.searchParams.get('filter[website_id]')).toBe('5');
  });

  it("shows each feed's WebSub state when the server can receive pushes", async () => {
    const states = { '1': 'pending', '2': 'active', '3': 'failed', '4': 'none' } as const;
    const rows = Object.entries(states).map(([id, state]) => feed(id, { 'websub-state': state, websub_available: true }));
    serve((req) => {
      if (req.url.pathname === '/api/websites/polygon.example')
        return {
          body: {
            data: { type: 'website', id: '5', attributes: website({ 'feeds-count': 4 }) },
            included: rows.map(({ id, ...a }) => ({ type: 'feed', id, attributes: a })),
          },
        };
      if (req.url.pathname === '/api/feeds') return { body: listDocument('feed', rows, 1, 25) };
      if (req.url.pathname === '/api/websites/5/articles') return { body: listDocument('website_article', [], 1, 25) };
      return undefined;
    });
    renderAt('/websites/polygon.example');
    expect(await screen.findByRole('heading', { name: 'polygon.example' })).toBeTruthy();
    const rowOf = async (id: string) => (await screen.findByText(`https://polygon.example/${id}.xml`, {}, { timeout: 3000 })).closest('tr')!;
    expect(within(await rowOf('1')).getByText('Pending')).toBeTruthy();
    expect(within(await rowOf('2')).getByText('Active')).toBeTruthy();
    expect(within(await rowOf('3')).getByText('Failed')).toBeTruthy();
    expect((await rowOf('4')).querySelector('td[data-col="websub-state"]')!.textContent).toBe('—');
    expect(screen.queryByText('Off — no public URL')).toBeNull();
  });

  it('shows the feeds empty state and the top countries', async () => {
    serve((req) => {
      if (req.url.pathname === '/api/websites/quiet.example')
        return {
          body: {
            data: {
              type: 'website',
              id: '6',
              attributes: website({
                domain: 'quiet.example',
                'feeds-count': 0,
                geography: [
                  { country_code_iso: 'DE', visits: 300 },
                  { country_code_iso: 'US', visits: 1200 },
                ],
              }),
            },
            included: [{ type: 'twitter_account', id: '1', attributes: { username: 'quiet' } }],
          },
        };
      if (req.url.pathname === '/api/websites/6/articles') return { body: listDocument('website_article', [], 1, 25) };
      return undefined;
    });
    renderAt('/websites/quiet.example');
    expect(await screen.findByText('This website has no feeds yet. Add one below to start collecting its articles.')).toBeTruthy();
    expect(screen.getByText('@quiet')).toBeTruthy();
    const top = screen.getByLabelText('Top countries');
    expect(
      within(top)
        .getAllByText(/United States|Germany/)
        .map((e) => e.textContent),
    ).toEqual(['United States', 'Germany']);
  });
});
