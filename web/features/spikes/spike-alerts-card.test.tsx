import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SPIKE_MESSAGES } from '../../../common/schemas/spikes';
import { tokenStore } from '../../lib/api';
import { listDocument, stubFetch } from '../../testing/fetch-stub';
import { renderWithProviders } from '../../testing/render';
import { toastSuccess } from '../../components/toasts';
import { SpikeAlertsCard } from './components/spike-alerts-card';

vi.mock('../../components/toasts', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

const projects = listDocument(
  'project',
  [
    { id: 1, name: 'Alpha', locked: false },
    { id: 2, name: 'Beta', locked: false },
  ],
  1,
  500,
);
const settings = (attributes: Record<string, unknown>) => ({ data: { type: 'spike-alerts', id: '1', attributes } });
const spike = {
  type: 'spike',
  id: '7',
  attributes: {
    window: 'hour',
    window_start: '2026-11-20T10:00:00.000Z',
    matches: 5009,
    baseline: 2,
    factor: 3,
    stories: [
      { title: 'Nova Launch sells a million copies', url: 'https://wire.example/nova', outlet: 'The Wire', copies: 5000 },
      { title: 'A review of Nova', url: 'https://blog.example/review', outlet: 'blog.example', copies: 1 },
    ],
    emailed_at: '2026-11-20T10:30:00.000Z',
    created_at: '2026-11-20T10:30:00.000Z',
  },
};

beforeEach(() => tokenStore.set('tok'));
afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('SpikeAlertsCard', () => {
  it("shows the first project's settings and its last spikes, a 5,000-copy story once", async () => {
    stubFetch((req) => {
      if (req.url.pathname === '/api/projects') return { body: projects };
      if (req.url.pathname === '/api/projects/1/spike-alerts') return { body: settings({ enabled: true, window: 'hour', factor: 3, min_matches: 10 }) };
      if (req.url.pathname === '/api/projects/1/spikes') return { body: { data: [spike] } };
      return { status: 404, body: { errors: [] } };
    });
    renderWithProviders(<SpikeAlertsCard />);
    await waitFor(() => expect((screen.getByRole('switch', { name: /Tell us when coverage spikes/ }) as HTMLInputElement).checked).toBe(true));
    expect((screen.getByRole('textbox', { name: /Factor/ }) as HTMLInputElement).value).toBe('3×');
    expect((screen.getByRole('textbox', { name: /Minimum matches/ }) as HTMLInputElement).value).toBe('10');
    expect((screen.getByRole('combobox', { name: /^Window/ }) as HTMLInputElement).value).toBe('An hour');

    const item = await screen.findByTestId('spike-7');
    expect(within(item).getByText('20 Nov 2026, 10:00–11:00 UTC')).toBeTruthy();
    expect(within(item).getByText('5,009 matches')).toBeTruthy();
    expect(within(item).getAllByText('Nova Launch sells a million copies')).toHaveLength(1);
    expect(within(item).getByText('The Wire · 5,000 copies')).toBeTruthy();
    expect(within(item).getByRole('link', { name: 'Nova Launch sells a million copies' }).getAttribute('href')).toBe('https://wire.example/nova');
  });

  it("shows the server's message under the field it refuses (422), then saves", async () => {
    let answer = 0;
    const calls = stubFetch((req) => {
      if (req.url.pathname === '/api/projects') return { body: projects };
      if (req.url.pathname === '/api/projects/1/spikes') return { body: { data: [] } };
      if (req.method === 'PATCH') {
        answer++;
        if (answer === 1)
          return {
            status: 422,
            body: {
              errors: [
                {
                  status: '422',
                  code: 'validation_failed',
                  title: 'Invalid attribute',
                  detail: SPIKE_MESSAGES.factor,
                  source: { pointer: '/data/attributes/factor' },
                },
              ],
            },
          };
        return { body: settings((req.body as { data: { attributes: Record<string, unknown> } }).data.attributes) };
      }
      return { body: settings({ enabled: false, window: 'day', factor: 3, min_matches: 10 }) };
    });
    renderWithProviders(<SpikeAlertsCard />);
    expect(await screen.findByText('No spikes yet')).toBeTruthy();
    const factor = screen.getByRole('textbox', { name: /Factor/ });
    fireEvent.click(screen.getByRole('switch', { name: /Tell us when coverage spikes/ }));
    fireEvent.change(factor, { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save spike alerts' }));

    await waitFor(() => expect(screen.getByText(SPIKE_MESSAGES.factor)).toBeTruthy());
    expect(factor.getAttribute('aria-invalid')).toBe('true');
    const first = calls.find((c) => c.method === 'PATCH')!;
    expect(first.url.pathname).toBe('/api/projects/1/spike-alerts');
    expect(first.body).toEqual({ data: { type: 'spike-alerts', id: '1', attributes: { enabled: true, window: 'day', factor: 60, min_matches: 10 } } });

    fireEvent.change(factor, { target: { value: '4.5' } });
    expect(screen.queryByText(SPIKE_MESSAGES.factor)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save spike alerts' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Spike alerts saved for Alpha'));
    expect(calls.filter((c) => c.method === 'PATCH')[1].body).toMatchObject({ data: { attributes: { enabled: true, factor: 4.5 } } });
  });
});
