/**
 * V8 flags of the server process, used by every launcher (npm start, npm run dev, the benches and
 * the browser tests), so that what is measured is what runs.
 *
 * --max-semi-space-size=32: a larger young generation. Streaming work (a million-row CSV export,
 * a crawl) allocates short-lived rows faster than the default 16 MB semi-spaces can let them die
 * young; they were promoted and the old generation grew lazily to ~350 MB RSS for an export whose
 * live memory is a batch. With 32 MB the same export peaks at ~230 MB (docs/decisions.md).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];
