import { count } from './plural.js';

/** Websites, the articles feed, alerts, saved coverage, Super Search and reports. */
export const COVERAGE_MSG = {
  websites: {
    added: 'Website was added correctly!',
    feedAdded: 'Website feed was added correctly!',
    invalidUrl: 'Ups! Website URL is not valid',
    invalidFeed: 'Ups! Feed URL is not valid',
    // Not in the catalogue (its wording for these fields is not shown); kept short and plain.
    domainRequired: 'Website URL is required',
    feedRequired: 'Feed URL is required',
    reachRequired: 'Media score is required',
    reachRange: 'Media score must be between 0.1 and 10',
    languageRequired: 'Language is required',
    languageUnknown: 'Please choose a language from the list',
    domainTaken: 'This website already exists',
    feedTaken: 'This feed already exists',
    feedUpdated: 'Feed has been edited.',
    feedDeleted: 'Feed deleted.',
    websiteUpdated: 'Website has been edited.',
    opmlImported: (created: number, skipped: number, invalid: number) =>
      `OPML imported: ${count(created, 'feed')} added, ${skipped.toLocaleString('en')} already known, ${invalid.toLocaleString('en')} invalid.`,
    opmlInvalid: 'The file is not a valid OPML document',
    opmlTooLarge: 'An OPML import is limited to 5,000 feeds',
  },
  /** Saved coverage, bulk actions, previews and headline tools (001 §8 "Articles and bulk"). */
  articles: {
    alreadyExists: "Articles couldn't be saved - They already exist on Saved Coverage",
    missingData: 'Title, language or date is missing in this article',
    noLinks: 'No links were found.',
    tooManyLinks: 'Importing articles is limited to a maximum of 1000.',
    bulkFailed: 'Error during bulk action.',
    saveFailed: 'There was an error saving the articles. Try again or contact support.',
    edited: 'Article has been edited.',
    created: 'New Article has been saved.',
    noPreview: 'No preview was found for this article.',
    dateNotFound: 'Date not found',
    translateError: 'Error translating the headline',
    sentimentError: 'Error getting the sentiment for the headline',
    // Not in the catalogue (its wording for forms is not shown); kept short and plain.
    tagRequired: 'Please choose a tag',
    tagInactive: 'Please choose an active tag of this organization',
    invalidUrl: 'Please enter a valid link',
    titleTooLong: 'Title must be at most 127 characters',
    reachRange: 'Media score must be between 0.1 and 10',
    headlineRequired: 'A headline is required',
    translateNotConnected: 'Translation is not connected on this server yet. An administrator can set TRANSLATE_URL to enable it.',
    /** The sentiment model (VADER) reads English only: said instead of a confident "neutral". */
    sentimentUnavailable: 'Sentiment is not available for this language',
    /** "{n} article(s) saved. {m} couldn't be saved as they already exist on Saved Coverage" */
    partialSave: (saved: number, failed: number) =>
      `${count(saved, 'article')} saved. ${failed.toLocaleString('en')} couldn't be saved as ${failed === 1 ? 'it already exists' : 'they already exist'} on Saved Coverage`,
    savedCount: (n: number) => `${count(n, 'article')} saved on your Saved coverage!`,
    importedCount: (n: number) => `Successfully imported ${count(n, 'article')}.`,
    deletedCount: (n: number) => `${count(n, 'article')} deleted.`,
    failedCount: (n: number) => `${count(n, 'article')} failed`,
    /** Stories in the feed (issue 32). */
    storiesMerged: (copies: number) => `Merged into one story of ${count(copies, 'copy', 'copies')}.`,
    storiesMergeFailed: "The stories couldn't be merged. Please try again.",
    storySplit: 'The article is now a story of its own.',
    storySplitFailed: "The article couldn't be split from its story. Please try again.",
    storiesAlreadyOne: 'The chosen articles are already one story.',
  },
  /** Article alerts and the articles feed (001 §8 "Alerts and feeds", 000 §5). */
  alerts: {
    created: 'Feed created correctly!',
    createdNamed: (name: string) => `Successfully created ${name} alert.`,
    updated: 'Your feed has been updated correctly!',
    createFailed: 'There was an error creating the feed. Please, try again or contact support',
    updateFailed: 'There was an error updating the feed. Please, try again or contact support',
    keywordsFailed: 'Something went wrong! Please, try again or contact support.',
    regionFirst: 'Select a region first to filter by countries',
    // Not in the catalogue; plain wording for the score inputs (000 §5: min must be below max).
    minBelowMax: 'Minimum score must be below the maximum',
    slackPrompt: 'Enable Slack for your organization in Settings to post new articles to a channel.',
    /** "Delete is worded similarly" to the partial save (001 §8). */
    partialDelete: (deleted: number, failed: number) => `${count(deleted, 'article')} deleted. ${failed.toLocaleString('en')} couldn't be deleted`,
  },
  /** Server-side rules of alerts, the articles feed and its exports (not in the catalogue: plain wording). */
  alertsApi: {
    projectHasAlert: 'This project already has an alert',
    nameLength: 'Alert name must be at most 100 characters',
    minReachRange: 'Minimum media score must be between 0 and 10',
    webhookUrl: 'Please enter a valid webhook link (http or https)',
    channelLength: 'Slack channel must be at most 200 characters',
    queryRequired: 'A search query is required',
    regionalFilters: 'Region, country and EA-only filters are not available for your organization',
    tooManyIds: 'An export of selected articles is limited to 10000 articles',
    /** The alert preview (POST alerts/preview, p/free_user/alert_preview) ran past its time budget. */
    previewTimeout: 'The preview took too long. Try more specific keywords.',
    /** Too many sign-up previews from one address. */
    previewRateLimited: 'Too many previews in a short time. Please wait a minute.',
  },
  /** The Saved articles screen (001 §8 "Articles and bulk"). */
  savedArticles: {
    /** The partial bulk import, shown with failedCount (001 §8). */
    importedSome: (n: number) => `${count(n, 'article')} imported.`,
    /** "Successfully deleted {resource}." (001 §8) */
    deleted: 'Successfully deleted article.',
    // Not in the catalogue; worded like the tag messages.
    archived: 'Article has been archived.',
    activated: 'Article has been re-activated.',
    noAlert: 'This project has no alert yet. Set one up on the Articles feed to import the articles it finds.',
    noAlertShort: 'Needs an alert: set one up on the Articles feed',
    feedAllSaved: 'Every article on the first page of the feed is already saved.',
  },
  /** Super Search screen (001 §8); e-mailed export messages are under `exports`, the upgrade hint under `billing`. */
  supersearch: {
    empty: 'Your request returned 0 results. Consider changing the search term or date range.',
    // Not in the catalogue; plain wording.
    searchFailed: 'The search could not be completed. Please try again.',
    // Server-side rules of the Super Search calls (not in the catalogue; plain wording).
    timeout: 'The search took too long. Narrow the terms or the date range.',
    // Shown while the page is on screen and the volume call is still counting the matches.
    counting: 'Counting…',
    /** The volume call timed out after the page came: the list is whole, the total and chart are not. */
    countTimeout: 'All the results are listed, but counting them and drawing the chart took too long. Try a shorter date range.',
    countTimeoutShort: 'Not counted',
    queryRequired: 'Enter at least one term',
    fromDateRequired: 'Choose a from date',
    toDateRequired: 'Choose a to date',
    invalidDate: 'Please enter a valid date (YYYY-MM-DD)',
    /** Before the plan's months of history (`byPlan`, with the spec's upgrade sentence), or before the archive's first day. */
    dateTooEarly: (earliest: string, byPlan = true) =>
      byPlan
        ? `Dates cannot be earlier than ${earliest} on your plan. You need to upgrade your current subscription to keep using this feature.`
        : `Dates cannot be earlier than ${earliest}`,
    dateInFuture: 'The to date cannot be in the future',
    toBeforeFrom: 'The to date must not be before the from date',
    minScoreRange: 'Minimum score must be between 0.1 and 10',
    maxScoreRange: 'Maximum score must be between 0 and 10',
    badCursor: 'This page link is not valid for this search. Start again from the first page.',
    tagNotInProject: 'Please choose a tag of this project',
    exportReadySubject: 'Your Super Search export is ready',
    exportFailedSubject: 'Your Super Search export failed',
  },
  /** Reports, highlights and their PDF (001 §8 "Report limits", 000 §5 reports). */
  reports: {
    noArticles: '0 articles found with these filters!',
    tooManyArticles: 'Reports can only have a maximum of 10000 articles',
    nameUpdated: 'Report name updated correctly',
    /** "Successfully deleted {resource}." (001 §8) */
    deleted: 'Successfully deleted report.',
    imageError: 'There was an error getting the image. Please try again.',
    // Not in the catalogue; plain wording.
    nameLength: 'Report title must be between 3 and 127 characters',
    nameSingleLine: 'Report title must be a single line',
    dateInvalid: 'Please choose a valid date (YYYY-MM-DD)',
    datesOrder: 'The start date must be on or before the end date',
    tooManyHighlights: 'A report can highlight at most 20 articles',
    highlightNotInReport: 'This highlighted article is not one of the report’s articles',
    unknownPlaceholder: (name: string) => `Unknown placeholder {{${name}}} in the row template`,
    limitReached: 'Your plan does not allow more reports.',
    pdfUnavailable: 'PDF download is not available on this server: Chromium was not found.',
    pdfFailed: 'The report could not be printed. Please try again in a few minutes.',
    pdfBusy: 'Too many reports are being printed right now. Please try again in a minute.',
  },
  /** The YouTube feed and saved videos (001 §8 "Alerts and feeds", "Video feed"; modal successes). */
} as const;
