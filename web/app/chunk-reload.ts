/**
 * A screen's chunk that cannot be fetched is almost always a deploy: the open page still names the
 * chunks of the build before, which the server no longer has. Reloading fetches the new index.html
 * and its chunks. Once only: a chunk missing after the reload too (the server is down, the network
 * is gone) shows the error page instead of reloading in a loop.
 */

/** The messages of a failed `import()` in Chromium, Firefox and Safari, and of Vite's preloads. */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i;

const KEY = 'coverwatch.chunk-reload';
/** A second failure within this time of the reload is not a deploy. */
const WINDOW_MS = 60_000;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

/** Whether a reload may fix it: not when the page already reloaded for it less than a minute ago (or cannot tell). */
export function mayReload(now = Date.now()): boolean {
  try {
    return now - Number(sessionStorage.getItem(KEY) ?? 0) >= WINDOW_MS;
  } catch {
    // No session storage (a locked-down browser): a reload could loop, so show the error.
    return false;
  }
}

/** Notes the time, then reloads the page. */
export function reloadForChunk(now = Date.now(), reload: () => void = () => window.location.reload()) {
  try {
    sessionStorage.setItem(KEY, String(now));
  } catch {
    return;
  }
  reload();
}
