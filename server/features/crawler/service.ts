/**
 * What other features ask of the crawler: a new or re-enabled feed is polled at once instead of
 * waiting for its next scheduled check; parsed items are ingested as a poll would (the archive,
 * alert matching and notifications in one transaction; tests of those features set a scene with it).
 */
export { enqueueFeedPoll, enqueueFeedPolls } from './queue.js';
export { ingestItems, type IngestFeed } from './ingest.js';
/**
 * Articles found by a search rather than read from a feed (GDELT discovery, issue 31) take the
 * same path in two halves, so the finder adds its own matches in the same transaction; the open
 * months' versions move after its commit.
 */
export { prepareIngest, storeIngest, type IngestItem, type IngestResult, type PreparedIngest } from './ingest.js';
export { bumpOpenMonths } from './archive-store.js';
/** One poll of a feed as the crawler's job runs it: fetch, parse, ingest (other features' tests reproduce a crawl with it). */
export { pollFeed } from './poll.js';
/** The archive's bulk load (the demo seed): ready-made rows, their authors' counts, the feeds' counts. */
export { insertArchiveArticles, insertWebsiteAuthors, type NewArchiveArticle } from './archive.js';
export { recountFeedArticles } from './feed-state.js';
/** Which archive months are closed (an article arriving in one moves its archive_months version). */
export { isClosedMonth } from './archive-store.js';
/** A new score of an outlet reaches its archive articles (features/reach's rescoring). */
export { rescoreArchiveArticles } from './archive-rescore.js';
/** The feed rows, which the crawler owns (their polling state lives on them): the Websites pages add, edit and remove feeds through these. */
export { deleteFeed, insertFeed, insertNewFeeds } from './feeds.js';
export { updateFeed } from './feed-state.js';
/** The outlet directory's feeds (source packs), and self-healing: a failing feed takes the address found again on its homepage. */
export { feedUrlsTaken, listFeedsToHeal } from './feeds.js';
export { adoptDirectoryFeeds, enableWebsiteFeeds, moveFeedTo, setPackFeedsEnabled } from './feed-state.js';
/** Parsing, as the crawler does it: feed discovery proves its candidates with these. */
export { FeedParseError, type ParsedFeed } from './parse-feed.js';
export { parseFeedOffLoop } from './parse-pool.js';
/** The process's parse threads take their deadline from the configuration (runtime.ts, at start). */
export { configureParsePool } from './parse-pool.js';
export { isNewsSitemapDocument, parseSitemapIndex, sniffDocument } from './parse-sitemap.js';
export { linkHeaderRel } from './websub.js';
