import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { projectAlertsKey } from '../features/projects/api/projects';
import { tokenStore } from './api';
import { listDocument, stubFetch } from '../testing/fetch-stub';
import { usePrefetchStartupLists } from './startup';
import { tierName, tiersQueryKey } from './tiers';

beforeEach(() => tokenStore.set('test-token'));
afterEach(() => vi.unstubAllGlobals());

function serve() {
  return stubFetch((req) => {
    if (req.url.pathname === '/api/tiers') return { body: listDocument('tier', [{ id: 5, name: 'Pro' }], 1, 6) };
    if (req.url.pathname === '/api/alerts')
      return { body: listDocument('alert', [{ id: 11, project_id: '3', name: 'Starfall', keywords: 'starfall' }], 1, 500) };
    return { status: 404, body: { errors: [] } };
  });
}

function setup(ready: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const hook = renderHook(({ on }) => usePrefetchStartupLists(on), { wrapper, initialProps: { on: ready } });
  return { client, hook };
}

describe('startup lists', () => {
  it('loads the tiers and the alerts once the workspace is ready', async () => {
    const calls = serve();
    const { client, hook } = setup(false);
    expect(calls).toHaveLength(0);
    hook.rerender({ on: true });
    await waitFor(() => expect(client.getQueryData(projectAlertsKey)).toBeDefined());
    await waitFor(() => expect(client.getQueryData(tiersQueryKey)).toEqual({ '5': 'Pro' }));
    expect(client.getQueryData(projectAlertsKey)).toMatchObject({ '3': [{ id: '11', keywords: 'starfall' }] });
    expect(calls.map((c) => c.url.pathname).sort()).toEqual(['/api/alerts', '/api/tiers']);
  });
});

describe('tierName', () => {
  it('names a tier by id, or nothing while unknown', () => {
    const tiers = { '1': 'Admin', '5': 'Pro' };
    expect(tierName(tiers, 5)).toBe('Pro');
    expect(tierName(tiers, '1')).toBe('Admin');
    expect(tierName(tiers, 9)).toBeNull();
    expect(tierName(undefined, 5)).toBeNull();
    expect(tierName(tiers, null)).toBeNull();
  });
});
