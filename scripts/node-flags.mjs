/**
 * V8 flags of the server process, used by every launcher (npm start, npm run dev, the benches and
 * the browser tests), so that what is measured is what runs.
 *
 * --max-semi-space-size=32: a larger young generation. Streaming work (a million-row CSV export,
 * a crawl) allocates short-lived rows faster than the default 16 MB semi-spaces can let them die
 * young; they were promoted and the old generation grew lazily to ~350 MB RSS for an export whose
 * live memory is a batch. With 32 MB the same export peaks at ~230 MB (docs/decisions.md).
 *
 * --heap-growing-percent=50: the old generation may grow to 1.5× its live size before a full
 * collection, instead of V8's up to 4×. The server's live heap is ~50 MB; with the default, the
 * rows of a fast export that still got promoted let the old space swell to ~215 MB (RSS +160 MB,
 * over 300 MB); with 1.5× the export stays under 280 MB, for full collections of a small heap
 * (~8 ms each) a few times more often.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32', '--heap-growing-percent=50'];
