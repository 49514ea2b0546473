/** What other features use of metrics: the instruments they record into (registry.ts). */
export { metrics } from './registry.js';
/** The app's onResponse hook: every request's duration by route pattern. */
export { recordRequestDuration } from './latency.js';
