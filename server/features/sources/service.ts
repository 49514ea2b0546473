/**
 * What other features ask of sources: the start-up sync of the shipped outlet directory (the
 * bootstrap calls it on every start).
 */
export { syncDirectory, type DirectorySyncResult } from './directory-sync.js';
