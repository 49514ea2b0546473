/** What other features use of metrics: the instruments they record into (registry.ts). */
export { metrics } from './registry.js';
