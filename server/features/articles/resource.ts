import { estimatedViews } from '../../../common/media-score.js';
import type { ArticleAttributes } from '../../../common/schemas/articles.js';
import { MUV_SOURCES, type MuvSource } from '../../../common/schemas/reach.js';
import { domainOf } from '../../../common/url.js';
import { rel, resource } from '../../http/jsonapi.js';
import type { SavedArticleRow } from './repo.js';

function mediaOf(url: string): string {
  try {
    return domainOf(url);
  } catch {
    return '';
  }
}

const muvSourceOf = (s: string | null): MuvSource | null => ((MUV_SOURCES as readonly string[]).includes(s ?? '') ? (s as MuvSource) : null);

/**
 * A saved article as the API answers it (the project's list, a report's list, the public report's).
 * `umv: false` (a plan without the `similarweb` flag) sends the outlet's monthly visits, and the
 * estimated views derived from them, as null. Rows saved before views were stored are given the
 * same formula's figure (reports add them up the same way).
 */
export const articleResource = (a: SavedArticleRow, opts: { umv: boolean } = { umv: true }) =>
  resource(
    'article',
    a.id,
    {
      title: a.title,
      url: a.url,
      fullUrl: a.fullUrl,
      description: a.description,
      image: a.image,
      language: a.language,
      reach: a.reach,
      date: a.date.toISOString(),
      tag_id: String(a.tagId),
      tag_name: a.tagName,
      project_id: String(a.projectId),
      website_id: a.websiteId === null ? null : String(a.websiteId),
      media: mediaOf(a.url),
      // Monthly visits of the outlet, as the feed's `website-visits` (the similar-web column).
      'website-visits': opts.umv ? a.muv : null,
      muv: opts.umv ? a.muv : null,
      muv_source: opts.umv && a.muv !== null ? muvSourceOf(a.muvSource) : null,
      estimated_views: opts.umv ? (a.estimatedViews ?? estimatedViews(a.muv)) : null,
      reach_manual: a.reachManual,
      is_metacritic: a.isMetacritic,
      source: a.source,
      locked: a.locked,
      'inserted-at': a.insertedAt.toISOString(),
      'updated-at': a.updatedAt.toISOString(),
    } satisfies ArticleAttributes,
    { tag: rel('tag', a.tagId), project: rel('project', a.projectId) },
  );

/** The saved-coverage list's CSV columns (after `id`). */
export const ARTICLE_CSV_COLUMNS = [
  'title',
  'url',
  'fullUrl',
  'media',
  'tag_name',
  'language',
  'reach',
  'date',
  'website-visits',
  'is_metacritic',
  'locked',
  'project_id',
  'tag_id',
  'inserted-at',
  'estimated_views',
];
