import {
  feedStatus,
  type FeedAttributes,
  type TwitterAccountAttributes,
  type WebsiteArticleAttributes,
  type WebsiteAttributes,
  type WebsiteAuthorAttributes,
} from '../../../common/schemas/websites.js';
import type { FeedHealth, FeedMoveAttributes, SourceCategory } from '../../../common/schemas/sources.js';
import { scoreBasis, type MuvSource, type ReachSource, type TrafficState } from '../../../common/schemas/reach.js';
import { estimatedViews } from '../../../common/media-score.js';
import { rel, resource, type Resource } from '../../http/jsonapi.js';
import type { FeedRow } from './feeds-repo.js';
import type { WebsiteArticleRow, WebsiteListRow, websiteRelations } from './repo.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** `trafficConnected`: SimilarWeb is configured (the map and categories come from it). */
export function websiteResource(w: WebsiteListRow, relations?: Awaited<ReturnType<typeof websiteRelations>>, trafficConnected = false): Resource {
  const reachSource = w.reachSource as ReachSource;
  const reachSetAt = iso(w.reachSetAt);
  const r = resource('website', w.id, {
    domain: w.domain,
    name: w.name,
    avatar: w.avatar,
    reach: w.reach,
    'reach-manual': reachSource === 'manual',
    reach_source: reachSource,
    reach_set_by: w.reachSetByName,
    reach_set_at: reachSetAt,
    reach_basis: scoreBasis({
      reach: w.reach,
      reach_source: reachSource,
      rank: w.rank,
      rank_list_date: w.rankListDate,
      reach_set_by_name: w.reachSetByName,
      reach_set_at: reachSetAt,
    }),
    muv: w.muv,
    muv_source: w.muvSource as MuvSource | null,
    rank: w.rank,
    rank_list_date: w.rankListDate,
    traffic_state: w.trafficState as TrafficState | null,
    traffic_error: w.trafficError,
    traffic_checked_at: iso(w.trafficCheckedAt),
    traffic_connected: trafficConnected,
    estimated_views_per_article: estimatedViews(w.muv),
    language: w.language,
    'mediatype-id': w.mediatypeId === null ? null : String(w.mediatypeId),
    'mediatype-name': w.mediatypeName,
    is_metacritic: w.isMetacritic,
    is_ea: w.isEa,
    'articles-count': w.articlesCount,
    // Feed health at a glance for the list (the detail page has each feed's state).
    'feeds-count': w.feedsCount,
    'feeds-failing': w.feedsFailing,
    'feeds-disabled': w.feedsDisabled,
    geography: w.geography,
    categories: w.categories,
    country: w.country,
    category: w.category as SourceCategory | null,
    pack_id: w.packId,
    in_directory: w.directory !== null,
    health: (w.health as FeedHealth | null) ?? null,
    fullUrl: `https://${w.domain}`,
    'inserted-at': w.insertedAt.toISOString(),
    'updated-at': w.updatedAt.toISOString(),
  } satisfies WebsiteAttributes);
  if (relations) {
    r.relationships = {
      feeds: { data: relations.feeds.map((f) => ({ type: 'feed', id: String(f.id) })) },
      authors: { data: relations.authors.map((a) => ({ type: 'website_author', id: String(a.id) })) },
      'twitter-accounts': { data: relations.accounts.map((a) => ({ type: 'twitter_account', id: String(a.id) })) },
    };
  }
  return r;
}

/**
 * A feed with its polling health. `websubAvailable` is whether this server has a PUBLIC_URL:
 * without one the crawler never subscribes to hubs, so `websub-state` stays 'none' and the page
 * says push is off rather than leaving the state unexplained.
 */
export function feedResource(f: FeedRow, websubAvailable: boolean): Resource {
  return resource(
    'feed',
    f.id,
    {
      feed: f.feed,
      type: f.type,
      disabled: f.disabled,
      website_id: String(f.websiteId),
      language: f.language,
      reach: f.reach,
      region: f.region,
      followers: f.followers,
      title: f.title,
      status: feedStatus(f),
      last_count: f.lastCount,
      'last-count': f.lastCount,
      'articles-added': f.articlesAdded,
      'last-success-at': iso(f.lastSuccessAt),
      'last-error': f.lastError,
      'last-error-at': iso(f.lastErrorAt),
      'error-count': f.errorCount,
      'last-status': f.lastStatus,
      'next-check-at': iso(f.nextCheckAt),
      'last-checked-at': iso(f.lastCheckedAt),
      'interval-seconds': f.intervalSeconds,
      'websub-state': f.websubState,
      'websub-lease-until': iso(f.websubLeaseUntil),
      websub_available: websubAvailable,
      health: f.health as FeedHealth,
      health_detail: f.healthDetail,
      'health-since': iso(f.healthSince),
      origin: f.origin as FeedAttributes['origin'],
      'inserted-at': f.insertedAt.toISOString(),
      'updated-at': f.updatedAt.toISOString(),
    } satisfies FeedAttributes,
    { website: rel('website', f.websiteId) },
  );
}

/** The `included` resources of GET websites/:id. */
export function websiteIncluded(relations: Awaited<ReturnType<typeof websiteRelations>>, websubAvailable: boolean): Resource[] {
  return [
    ...relations.feeds.map((f) => feedResource(f, websubAvailable)),
    ...relations.authors.map((a) =>
      resource('website_author', a.id, {
        author: a.author,
        'articles-count': a.articlesCount,
        'last-seen-at': a.lastSeenAt.toISOString(),
      } satisfies WebsiteAuthorAttributes),
    ),
    ...relations.accounts.map((a) => resource('twitter_account', a.id, { username: a.username, network: a.network } satisfies TwitterAccountAttributes)),
    ...relations.moves.map((m) =>
      resource('feed_move', m.id, {
        feed_id: String(m.feedId),
        from: m.fromUrl,
        to: m.toUrl,
        reason: m.reason as FeedMoveAttributes['reason'],
        'moved-at': m.movedAt.toISOString(),
      } satisfies FeedMoveAttributes),
    ),
  ];
}

export function websiteArticleResource(a: WebsiteArticleRow): Resource {
  return resource('website_article', a.id, {
    title: a.title,
    url: a.url,
    fullUrl: a.fullUrl,
    description: a.description,
    author: a.author,
    image: a.image,
    language: a.language,
    reach: a.reach,
    pub_date: a.pubDate.toISOString(),
    feed_id: a.feedId === null ? null : String(a.feedId),
    website_id: a.websiteId === null ? null : String(a.websiteId),
  } satisfies WebsiteArticleAttributes);
}
