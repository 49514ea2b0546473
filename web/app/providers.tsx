import '@mantine/core/styles.css';
import './focus.css';
import type { ReactNode } from 'react';
import { DirectionProvider, MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { TIMINGS } from '../../common/limits';
import { contrastResolver } from './contrast';
import { NotificationsOnDemand } from './notifications-on-demand';
import { theme } from './theme';
import { COLOR_SCHEME_KEY, UiSettingsProvider, loadUiSettings } from './ui-settings';

const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

/** Mantine (light/dark, RTL), toasts (5 s, their container loaded with the first) and TanStack Query around the app. */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <DirectionProvider initialDirection={loadUiSettings().rtl ? 'rtl' : 'ltr'}>
      <MantineProvider theme={theme} cssVariablesResolver={contrastResolver} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
        <UiSettingsProvider>
          <QueryClientProvider client={client}>
            <NotificationsOnDemand autoClose={TIMINGS.toastMs} limit={5} />
            {children}
          </QueryClientProvider>
        </UiSettingsProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
