// jsdom lacks a few browser APIs that Mantine relies on.
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => cleanup());

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
