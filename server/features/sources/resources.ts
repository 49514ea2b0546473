import type { DiscoveredFeed, SourcePackAttributes, SuggestionStatus, WebsiteSuggestionAttributes } from '../../../common/schemas/sources.js';
import { resource } from '../../http/jsonapi.js';
import type { PackRow } from './packs.js';
import type { SuggestionListRow } from './suggestions.js';

export function packResource(p: PackRow) {
  return resource('source_pack', p.id, {
    name: p.name,
    language: p.language,
    category: p.category,
    enabled: p.enabled,
    outlets: p.outlets,
    enabled_outlets: p.enabled_outlets,
    feeds: p.feeds,
    enabled_feeds: p.enabled_feeds,
    'changed-at': p.changedAt?.toISOString() ?? null,
  } satisfies SourcePackAttributes);
}

/** A suggestion; the organization's name only for the operator's eyes. */
export function suggestionResource(s: SuggestionListRow, opts: { operator: boolean }) {
  const feeds = s.feeds as DiscoveredFeed[];
  return resource('website_suggestion', s.id, {
    url: s.url,
    domain: s.domain,
    status: s.status as SuggestionStatus,
    feeds,
    reason: s.reason,
    website_id: s.websiteId === null ? null : String(s.websiteId),
    // An outlet the installation already had: it carries no discovery of its own.
    existing: s.websiteId !== null && feeds.length === 0 && s.reason === null,
    monitored: s.monitored,
    organization_id: String(s.organizationId),
    organization_name: opts.operator ? s.organizationName : null,
    'created-at': s.createdAt.toISOString(),
    'decided-at': s.decidedAt?.toISOString() ?? null,
    source: s.source === 'gdelt' ? 'gdelt' : 'person',
    articles: s.articles,
  } satisfies WebsiteSuggestionAttributes);
}
