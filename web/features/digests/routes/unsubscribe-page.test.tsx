import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { MSG } from '../../../../common/messages';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { UnsubscribePage } from './unsubscribe-page';

const target = (status: boolean) => ({
  data: {
    type: 'unsubscribe',
    id: '7',
    attributes: { status, frequency: 'daily', project_name: 'Nova Launch', organization_name: 'Acme', email: 'a•••@example.com' },
  },
});

function renderPage(token = 'tok_123') {
  const router = createMemoryRouter([{ path: '/unsubscribe/:token', element: <UnsubscribePage /> }], { initialEntries: [`/unsubscribe/${token}`] });
  renderWithProviders(<RouterProvider router={router} />);
}

afterEach(() => vi.unstubAllGlobals());

describe('UnsubscribePage', () => {
  it('shows what the link turns off and changes nothing until the button is clicked', async () => {
    let status = true;
    const calls = stubFetch((req) => {
      if (req.method === 'POST') status = false;
      return { body: target(status) };
    });
    renderPage();
    expect(await screen.findByText(MSG.digests.unsubscribeTitle)).toBeTruthy();
    expect(screen.getByText('Nova Launch')).toBeTruthy();
    expect(screen.getByText(/a•••@example.com/)).toBeTruthy();
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
    expect(calls[0].url.pathname).toBe('/api/p/unsubscribe/tok_123');
    expect(calls[0].headers.authorization).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: MSG.digests.unsubscribeConfirm }));
    expect(await screen.findByText(MSG.digests.unsubscribed)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Notification settings' }).getAttribute('href')).toBe('/settings');
  });

  it('says so when the link is unknown', async () => {
    stubFetch(() => ({ status: 404, body: { errors: [{ status: '404', code: 'not_found', title: 'Not found', detail: 'The subscription was not found' }] } }));
    renderPage('nope');
    expect(await screen.findByText(MSG.digests.unsubscribeUnknown)).toBeTruthy();
    expect(screen.queryByRole('button', { name: MSG.digests.unsubscribeConfirm })).toBeNull();
  });

  it('keeps the button when the server fails, with a message', async () => {
    stubFetch((req) => (req.method === 'POST' ? { status: 500, body: {} } : { body: target(true) }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: MSG.digests.unsubscribeConfirm }));
    await waitFor(() => expect(screen.getByText(MSG.digests.unsubscribeFailed)).toBeTruthy());
    expect(screen.getByRole('button', { name: MSG.digests.unsubscribeConfirm })).toBeTruthy();
  });
});
