import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, mayReload, reloadForChunk } from './chunk-reload';

describe('chunk reload', () => {
  beforeEach(() => sessionStorage.clear());

  it('knows a chunk that could not be fetched in Chromium, Firefox and Safari, and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a-1.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: http://x/assets/a-1.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a-1.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads once, then not again within a minute (the chunk is missing for another reason)', () => {
    const reload = vi.fn();
    const t0 = 1_000_000;
    expect(mayReload(t0)).toBe(true);
    reloadForChunk(t0, reload);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(mayReload(t0 + 5_000)).toBe(false);
    // A later deploy reloads again.
    expect(mayReload(t0 + 61_000)).toBe(true);
  });
});
