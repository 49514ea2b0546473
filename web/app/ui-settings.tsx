import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useDirection } from '@mantine/core';

export type NavPosition = 'vertical' | 'top' | 'combo';
export type NavbarStyle = 'transparent' | 'inverted' | 'card' | 'vibrant';

/** Layout preferences of the settings panel, kept in local storage (the colour scheme is Mantine's own). */
export interface UiSettings {
  rtl: boolean;
  fluid: boolean;
  navPosition: NavPosition;
  navbarStyle: NavbarStyle;
}

export const UI_SETTINGS_KEY = 'coverwatch.ui';
export const COLOR_SCHEME_KEY = 'coverwatch.color-scheme';

const DEFAULTS: UiSettings = { rtl: false, fluid: false, navPosition: 'vertical', navbarStyle: 'transparent' };
const NAV_POSITIONS: NavPosition[] = ['vertical', 'top', 'combo'];
const NAVBAR_STYLES: NavbarStyle[] = ['transparent', 'inverted', 'card', 'vibrant'];

export function loadUiSettings(): UiSettings {
  try {
    const raw = JSON.parse(localStorage.getItem(UI_SETTINGS_KEY) ?? '{}') as Partial<UiSettings>;
    return {
      rtl: raw.rtl === true,
      fluid: raw.fluid === true,
      navPosition: NAV_POSITIONS.includes(raw.navPosition as NavPosition) ? (raw.navPosition as NavPosition) : DEFAULTS.navPosition,
      navbarStyle: NAVBAR_STYLES.includes(raw.navbarStyle as NavbarStyle) ? (raw.navbarStyle as NavbarStyle) : DEFAULTS.navbarStyle,
    };
  } catch {
    return DEFAULTS;
  }
}

interface UiSettingsContextValue {
  settings: UiSettings;
  update: (patch: Partial<UiSettings>) => void;
}

const UiSettingsContext = createContext<UiSettingsContextValue>({ settings: DEFAULTS, update: () => {} });

/** Must sit inside Mantine's DirectionProvider: the RTL switch drives it. */
export function UiSettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState(loadUiSettings);
  const { setDirection } = useDirection();

  const update = useCallback(
    (patch: Partial<UiSettings>) => {
      setSettings((prev) => {
        const next = { ...prev, ...patch };
        localStorage.setItem(UI_SETTINGS_KEY, JSON.stringify(next));
        return next;
      });
      if (patch.rtl !== undefined) setDirection(patch.rtl ? 'rtl' : 'ltr');
    },
    [setDirection],
  );

  const value = useMemo(() => ({ settings, update }), [settings, update]);
  return <UiSettingsContext.Provider value={value}>{children}</UiSettingsContext.Provider>;
}

export function useUiSettings() {
  return useContext(UiSettingsContext);
}
