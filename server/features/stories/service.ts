/** What other features use of stories (issue 32): grouping at ingest, and the near-duplicate fingerprint. */
export { assignStories, markStoryLeads, pruneStoryKeys, type StoryAssignment, type StoryCandidate } from './assign.js';
export { storyFingerprint, type StoryFingerprint } from './near-dup.js';
export { mergeStories, splitStory, storyOfSql } from './edits.js';
