/**
 * What other features ask of the crawler. A new or re-enabled feed is polled at once instead of
 * waiting for its next scheduled check.
 */
export { enqueueFeedPoll } from './queue.js';
