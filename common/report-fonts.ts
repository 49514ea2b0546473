/**
 * The report's font stack: the app's (web/app/theme.ts) with the Noto CJK faces named before the
 * generic family, so Japanese, Chinese and Korean titles print with glyphs, not boxes, in the
 * server's PDF (headless Chromium on a server picks `sans-serif` = DejaVu, which has no CJK).
 * The packages: fonts-noto-cjk (Debian), installed by .ci/run with the other system packages.
 */
export const REPORT_FONT_FAMILY = [
  'Inter',
  'ui-sans-serif',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  '"Noto Sans CJK JP"',
  '"Noto Sans CJK SC"',
  '"Noto Sans CJK TC"',
  '"Noto Sans CJK KR"',
  '"Noto Sans JP"',
  'sans-serif',
].join(', ');
