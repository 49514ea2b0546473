import { describe, expect, it } from 'vitest';
import { createTheme, mergeMantineTheme, DEFAULT_THEME } from '@mantine/core';
import { contrast, contrastResolver, dimmedColours, mix, readable, schemeColours, surfaces, TEXT_CONTRAST } from './contrast';
import { theme as appTheme } from './theme';

const theme = mergeMantineTheme(DEFAULT_THEME, createTheme(appTheme));
const AA = 4.5;

describe('contrast', () => {
  it('measures the WCAG ratio', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBe(1);
    // Mantine's dimmed on white, as axe reported it.
    expect(contrast('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it('moves a colour only as far as it must', () => {
    expect(readable('#000000', ['#ffffff'], 'black')).toBe('#000000');
    const fixed = readable('#e67700', ['#fff3bf'], 'black');
    expect(contrast(fixed, '#fff3bf')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    // One step less would not have been enough.
    expect(contrast(mix('#e67700', '#000000', 0), '#fff3bf')).toBeLessThan(AA);
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`gives every palette readable text in ${scheme}`, () => {
      const problems: string[] = [];
      for (const [name, palette] of Object.entries(theme.colors)) {
        const c = schemeColours(theme, palette, scheme);
        if (contrast('#ffffff', c.filled) < AA) problems.push(`${name} filled ${c.filled}`);
        for (const bg of surfaces(theme)[scheme]) if (contrast(c.text, bg) < AA) problems.push(`${name} text ${c.text} on ${bg}`);
        for (const bg of [c.light, c.lightHover]) if (contrast(c.lightColor, bg) < AA) problems.push(`${name} light ${c.lightColor} on ${bg}`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('keeps dimmed text above AA on every surface, and still dimmer than the text', () => {
    const dimmed = dimmedColours(theme);
    for (const bg of surfaces(theme).light) expect(contrast(dimmed.light, bg)).toBeGreaterThanOrEqual(AA);
    for (const bg of surfaces(theme).dark) expect(contrast(dimmed.dark, bg)).toBeGreaterThanOrEqual(AA);
    expect(contrast(dimmed.light, theme.white)).toBeLessThan(contrast(theme.black, theme.white));
  });

  it('writes the variables Mantine reads', () => {
    const vars = contrastResolver(theme);
    expect(vars.light['--mantine-color-dimmed']).toBe(dimmedColours(theme).light);
    expect(vars.dark['--mantine-color-yellow-light-color']).toBeDefined();
    expect(contrast(vars.light['--mantine-color-yellow-light-color']!, theme.colors.yellow[1])).toBeGreaterThanOrEqual(AA);
  });
});
