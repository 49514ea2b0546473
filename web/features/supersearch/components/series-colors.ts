import { useComputedColorScheme, useMantineTheme } from '@mantine/core';

/** Mantine palettes of the chart's lines: the main query first, then competitors 1 to 5. */
const PALETTES = ['brand', 'teal', 'orange', 'grape', 'cyan', 'pink'] as const;

/**
 * Concrete colours (ECharts cannot read CSS variables) for the current colour scheme: a
 * lighter shade on the dark background so thin lines stay visible.
 */
export function useSeriesColors(): string[] {
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light') === 'dark';
  return PALETTES.map((p) => theme.colors[p]?.[dark ? 4 : 6] ?? theme.colors.gray[6]);
}
