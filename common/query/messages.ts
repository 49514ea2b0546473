/**
 * Messages of the query parser, shown under the keywords input with the offending part of the
 * query highlighted. Kept here rather than in common/messages.ts: they belong to the language.
 */
export const QUERY_MSG = {
  empty: 'Enter at least one term',
  missingClosingQuote: 'Missing closing quote',
  missingClosingParenthesis: 'Missing closing parenthesis',
  unexpectedClosingParenthesis: 'Unexpected ")"',
  emptyParentheses: 'Nothing to search inside the parentheses',
  onlyExclusions: 'The query only excludes terms; add at least one term to find',
  noSearchableText: 'This term has no letters or digits to search for',
  nothingAfterAnd: 'Nothing to search after AND',
  nothingAfterOr: 'Nothing to search after OR',
  nothingAfterNot: 'Nothing to search after NOT',
  nothingBeforeAnd: 'Nothing to search before AND',
  nothingBeforeOr: 'Nothing to search before OR',
  nothingAfterPlus: 'Nothing to search after "+"',
  nothingAfterMinus: 'Nothing to search after "-"',
  tooDeep: 'Too many nested parentheses',
} as const;

export type QueryMessage = (typeof QUERY_MSG)[keyof typeof QUERY_MSG];
