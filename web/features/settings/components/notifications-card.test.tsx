import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '../../../../common/messages';
import { tokenStore } from '../../../lib/api';
import { listDocument, stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { toastError } from '../../../components/toasts';
import { NotificationsCard } from './notifications-card';

vi.mock('../../../components/toasts', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

const projects = listDocument(
  'project',
  [
    { id: 1, name: 'Alpha', locked: false },
    { id: 2, name: 'Beta', locked: false },
    { id: 3, name: 'Archived', locked: true },
  ],
  1,
  500,
);
const subscription = (id: number, projectId: number, status: boolean, frequency = 'daily') => ({
  type: 'notification',
  id: String(id),
  attributes: { status, frequency, project_id: String(projectId), user_id: '9' },
  relationships: { project: { data: { type: 'project', id: String(projectId) } } },
});

beforeEach(() => tokenStore.set('tok'));
afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

const switchOf = (name: string) => screen.getByRole('switch', { name: `E-mail notifications for ${name}` }) as HTMLInputElement;

describe('NotificationsCard', () => {
  it('lists the active projects with their switches and toggles one through POST notifications', async () => {
    let subs = [subscription(5, 2, true, 'instant')];
    const calls = stubFetch((req) => {
      if (req.url.pathname === '/api/projects') return { body: projects };
      if (req.method === 'POST') {
        subs = [...subs, subscription(6, 1, true)];
        return { status: 201, body: { data: subs[1] } };
      }
      return { body: { data: subs } };
    });
    renderWithProviders(<NotificationsCard userId="9" />);
    await waitFor(() => expect(switchOf('Beta').checked).toBe(true));
    expect(switchOf('Alpha').checked).toBe(false);
    expect(screen.queryByText('Archived')).toBeNull();
    expect(calls.find((c) => c.url.pathname === '/api/notifications')!.url.searchParams.get('id')).toBe('9');

    fireEvent.click(switchOf('Alpha'));
    await waitFor(() => expect(switchOf('Alpha').checked).toBe(true));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ data: { type: 'notification', attributes: { project_id: '1', user_id: '9' } } });
  });

  it('rolls the switch back and says "Could not set notifications" when the server refuses', async () => {
    // The server's answer waits until the test has seen the optimistic switch.
    let answer: (r: { status: number; body: unknown }) => void = () => {};
    stubFetch((req) => {
      if (req.url.pathname === '/api/projects') return { body: projects };
      if (req.method === 'POST') return new Promise((resolve) => (answer = resolve));
      return { body: { data: [] } };
    });
    renderWithProviders(<NotificationsCard userId="9" />);
    await waitFor(() => expect(switchOf('Beta')).toBeTruthy());
    fireEvent.click(switchOf('Beta'));
    await waitFor(() => expect(switchOf('Beta').checked).toBe(true));
    answer({ status: 500, body: {} });
    await waitFor(() => expect(switchOf('Beta').checked).toBe(false));
    expect(toastError).toHaveBeenCalledWith(expect.anything(), MSG.notifications.set);
  });

  it('changes the frequency through PATCH notifications/{id}', async () => {
    const calls = stubFetch((req) => {
      if (req.url.pathname === '/api/projects') return { body: projects };
      if (req.method === 'PATCH') return { body: { data: subscription(5, 2, true, 'instant') } };
      return { body: { data: [subscription(5, 2, true)] } };
    });
    renderWithProviders(<NotificationsCard userId="9" />);
    const tile = await screen.findByTestId('notification-2');
    fireEvent.click(within(tile).getByText(MSG.digests.instant));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url.pathname).toBe('/api/notifications/5');
    expect(patch.body).toEqual({ data: { type: 'notification', id: '5', attributes: { subscription: { frequency: 'instant' }, user_id: '9' } } });
  });

  it('shows the spec’s message when the settings cannot be read', async () => {
    stubFetch((req) => (req.url.pathname === '/api/projects' ? { body: projects } : { status: 500, body: {} }));
    renderWithProviders(<NotificationsCard userId="9" />);
    expect(await screen.findByText(MSG.notifications.settings)).toBeTruthy();
  });
});
