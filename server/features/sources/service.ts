/**
 * What other features ask of sources: the start-up sync of the shipped outlet directory (the
 * bootstrap calls it on every start).
 */
export { syncDirectory, type DirectorySyncResult } from './directory-sync.js';
/** GDELT discovery suggests the outlets outside the pool it found the alerts' articles on (issue 31). */
export { recordFoundOutlets, type FoundOutlet } from './suggestions.js';
