import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';

/** Renders with Mantine (test environment: no transitions, no portals) and a fresh query client. */
export function renderWithProviders(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: 0 }, mutations: { retry: false } } });
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <MantineProvider env="test">
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </MantineProvider>
    );
  }
  return { client, ...render(ui, { wrapper: Wrapper }) };
}
