// jsdom lacks a few browser APIs that Mantine relies on.
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

afterEach(() => cleanup());

// findBy… and waitFor wait up to 5 s (1 s by default): on a loaded machine (the whole suite on two
// cores) a lazy chunk or a chart can take longer than a second; a passing test does not wait longer.
configure({ asyncUtilTimeout: 5000 });

if (typeof window !== 'undefined') {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  class RO {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver ??= RO;
  window.HTMLElement.prototype.scrollIntoView ??= () => {};
  // jsdom has no FontFaceSet; Mantine's autosizing Textarea listens to document.fonts.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { ready: Promise.resolve(), addEventListener() {}, removeEventListener() {} },
      configurable: true,
    });
  }
}
