import '@mantine/core/styles.css';
import './focus.css';
import type { ReactNode } from 'react';
import { DirectionProvider, MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { TIMINGS } from '../../common/limits';
import { contrastResolver } from './contrast';
import { NotificationsOnDemand } from './notifications-on-demand';
import { theme } from './theme';
import { COLOR_SCHEME_KEY, UiSettingsProvider, loadUiSettings } from './ui-settings';

const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

/**
 * Mantine (light/dark, RTL) and toasts (5 s, their container loaded with the first) around the app.
 * TanStack Query is not here: the pages that keep data load it with their chunks (query-root.tsx).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <DirectionProvider initialDirection={loadUiSettings().rtl ? 'rtl' : 'ltr'}>
      <MantineProvider theme={theme} cssVariablesResolver={contrastResolver} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
        <UiSettingsProvider>
          <NotificationsOnDemand autoClose={TIMINGS.toastMs} limit={5} />
          {children}
        </UiSettingsProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
