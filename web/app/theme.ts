import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Coverwatch blue-violet, from light to dark. */
const brand: MantineColorsTuple = ['#eef0ff', '#dcdefc', '#b5b9f3', '#8c93eb', '#6a72e4', '#545de0', '#4851df', '#3a43c6', '#323bb2', '#26319e'];

export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand },
  primaryShade: { light: 6, dark: 5 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // A dialog or drawer opens on its first field (its first button when it has none), not on
    // the close button that comes first in its markup: Mantine's focus trap focuses the first
    // [data-autofocus] element inside it. The attribute does nothing outside a focus trap.
    Input: { defaultProps: { 'data-autofocus': true } },
    Button: { defaultProps: { 'data-autofocus': true } },
    // So a dialog that opens on a searchable select does not open with its list over the form:
    // a list opens on a click, on typing or on the arrow keys (the ARIA combobox pattern), not on focus.
    Select: { defaultProps: { openOnFocus: false } },
    MultiSelect: { defaultProps: { openOnFocus: false } },
    TagsInput: { defaultProps: { openOnFocus: false } },
    Autocomplete: { defaultProps: { openOnFocus: false } },
    Modal: { defaultProps: { centered: true, radius: 'md', overlayProps: { backgroundOpacity: 0.45, blur: 2 } }, styles: { title: { fontWeight: 650 } } },
    Drawer: { defaultProps: { overlayProps: { backgroundOpacity: 0.35 } } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 200 } },
    Paper: { defaultProps: { radius: 'md' } },
  },
});
