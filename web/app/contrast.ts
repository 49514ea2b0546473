import { isVirtualColor, type CSSVariablesResolver, type MantineTheme } from '@mantine/core';

/**
 * Colours that read: WCAG 2.1 AA asks 4.5:1 between small text and its background. Mantine's
 * defaults miss it in places every screen uses — `dimmed` (gray 6 on white, 3.3:1), the light
 * badges (yellow 9 on yellow 1, 2.7:1), white on a filled red button (3.3:1), brand 4 links on
 * the dark body (3.9:1). Rather than fix each use, the theme's CSS variables are derived here
 * from the palettes: each text colour is the palette's own shade, taken darker (light scheme)
 * or lighter (dark scheme) only as far as it needs to reach AA on every background it is drawn
 * on. So a new badge or link is readable by construction; web/app/contrast.test.ts checks
 * every colour of the theme, and the axe journey (e2e/screens.e2e.ts) every screen.
 */

/** AA for normal text is 4.5; a little above it so rounding to hex never lands below. */
export const TEXT_CONTRAST = 4.6;

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h.slice(0, 6);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Relative luminance (WCAG 2.1 §1.4.3). */
function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `color` moved a share `t` (0–1) of the way to `toward`. */
export function mix(color: string, toward: string, t: number): string {
  const a = parseHex(color);
  const b = parseHex(toward);
  return toHex(a.map((v, i) => v + (b[i]! - v) * t) as Rgb);
}

/**
 * `color` itself when it reaches `ratio` on every one of `backgrounds`, else the first step
 * (2 % at a time) towards black or white that does — the hue stays, only its lightness moves.
 */
export function readable(color: string, backgrounds: string[], toward: 'black' | 'white', ratio = TEXT_CONTRAST): string {
  const end = toward === 'black' ? '#000000' : '#ffffff';
  for (let step = 0; step <= 50; step++) {
    const candidate = mix(color, end, step / 50);
    if (backgrounds.every((bg) => contrast(candidate, bg) >= ratio)) return candidate;
  }
  return end;
}

/**
 * The first shade of the palette from `from` that reaches `ratio` on every background, walking
 * darker (towards shade 9) or lighter (towards shade 0) — a designed shade reads better than a
 * mixed one; only past the palette's end is its last shade mixed further.
 */
export function readableShade(palette: readonly string[], from: number, backgrounds: string[], toward: 'black' | 'white'): string {
  const step = toward === 'black' ? 1 : -1;
  for (let i = from; i >= 0 && i < palette.length; i += step) {
    if (backgrounds.every((bg) => contrast(palette[i]!, bg) >= TEXT_CONTRAST)) return palette[i]!;
  }
  return readable(palette[toward === 'black' ? palette.length - 1 : 0]!, backgrounds, toward);
}

/** The surfaces text is drawn on, per scheme (Mantine's body, cards, default inputs, table stripes). */
export function surfaces(theme: MantineTheme) {
  const { white, colors } = theme;
  return {
    light: [white, colors.gray[0], colors.gray[1]],
    dark: [colors.dark[5], colors.dark[6], colors.dark[7], colors.dark[8]],
  };
}

interface SchemeColours {
  /** Buttons and filled badges: white text on it. */
  filled: string;
  filledHover: string;
  /** Text and icons in this colour (`c="red"`, links, outline buttons) on the scheme's surfaces. */
  text: string;
  /** The light variant: a tint and the text on it. */
  light: string;
  lightHover: string;
  lightColor: string;
}

/** One palette's readable colours in one scheme. */
export function schemeColours(theme: MantineTheme, palette: readonly string[], scheme: 'light' | 'dark'): SchemeColours {
  const { light: lightSurfaces, dark: darkSurfaces } = surfaces(theme);
  const shade = (i: number) => palette[i]!;
  const primaryShade = typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade[scheme];
  const filled = readableShade(palette, primaryShade, [theme.white], 'black');
  if (scheme === 'light') {
    return {
      filled,
      filledHover: mix(filled, '#000000', 0.12),
      text: readableShade(palette, 7, lightSurfaces, 'black'),
      light: shade(1),
      lightHover: shade(2),
      lightColor: readableShade(palette, 9, [shade(1), shade(2)], 'black'),
    };
  }
  const light = mix(shade(9), '#000000', 0.5);
  const lightHover = mix(shade(9), '#000000', 0.3);
  return {
    filled,
    filledHover: mix(filled, '#000000', 0.12),
    text: readableShade(palette, 4, darkSurfaces, 'white'),
    light,
    lightHover,
    lightColor: readableShade(palette, 0, [light, lightHover], 'white'),
  };
}

function paletteVariables(name: string, c: SchemeColours): Record<string, string> {
  return {
    [`--mantine-color-${name}-filled`]: c.filled,
    [`--mantine-color-${name}-filled-hover`]: c.filledHover,
    [`--mantine-color-${name}-text`]: c.text,
    [`--mantine-color-${name}-outline`]: c.text,
    [`--mantine-color-${name}-light`]: c.light,
    [`--mantine-color-${name}-light-hover`]: c.lightHover,
    [`--mantine-color-${name}-light-color`]: c.lightColor,
  };
}

/** Secondary text (`c="dimmed"`): gray, as light as AA allows on the surfaces and the primary tint. */
export function dimmedColours(theme: MantineTheme) {
  const { light, dark } = surfaces(theme);
  const primary = theme.colors[theme.primaryColor]!;
  return {
    light: readable(theme.colors.gray[6], [...light, primary[0], primary[1]], 'black'),
    dark: readable(theme.colors.dark[2], [...dark, mix(primary[9], '#000000', 0.5)], 'white'),
  };
}

export const contrastResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  for (const [name, palette] of Object.entries(theme.colors)) {
    if (isVirtualColor(palette)) continue;
    Object.assign(light, paletteVariables(name, schemeColours(theme, palette, 'light')));
    Object.assign(dark, paletteVariables(name, schemeColours(theme, palette, 'dark')));
  }
  const dimmed = dimmedColours(theme);
  const primary = theme.primaryColor;
  return {
    variables: {},
    light: {
      ...light,
      '--mantine-color-dimmed': dimmed.light,
      // A picker's placeholder is text on the page (Input.Placeholder), not an input's ::placeholder: as legible as secondary text.
      '--mantine-color-placeholder': dimmed.light,
      '--mantine-color-anchor': `var(--mantine-color-${primary}-text)`,
      '--mantine-color-error': 'var(--mantine-color-red-text)',
      '--mantine-color-success': 'var(--mantine-color-teal-text)',
    },
    dark: {
      ...dark,
      '--mantine-color-dimmed': dimmed.dark,
      '--mantine-color-placeholder': dimmed.dark,
      '--mantine-color-anchor': `var(--mantine-color-${primary}-text)`,
      '--mantine-color-error': 'var(--mantine-color-red-text)',
      '--mantine-color-success': 'var(--mantine-color-teal-text)',
    },
  };
};
