import { sql, type SQL } from 'drizzle-orm';
import { savedArticles } from '../../db/schema/coverage.js';

/** Saved articles' tags and languages in / out, as a report's criteria and the list's filters name them. */
export interface ArticleFacets {
  tagsId: number[];
  tagsNot: number[];
  languages: string[];
  languagesNot: string[];
}

// `= any($1)` binds a whole list as one array parameter: one statement text whatever its length.
const anyInt = (ids: number[]) => sql`${sql.param(ids)}::int[]`;
const anyText = (list: string[]) => sql`${sql.param(list)}::text[]`;

/** Tags and languages in / out; empty "in" lists mean every tag or language. */
export function facetConditions(c: ArticleFacets): (SQL | undefined)[] {
  return [
    c.tagsId.length ? sql`${savedArticles.tagId} = any(${anyInt(c.tagsId)})` : undefined,
    c.tagsNot.length ? sql`not (${savedArticles.tagId} = any(${anyInt(c.tagsNot)}))` : undefined,
    c.languages.length ? sql`${savedArticles.language} = any(${anyText(c.languages)})` : undefined,
    c.languagesNot.length ? sql`not (${savedArticles.language} = any(${anyText(c.languagesNot)}))` : undefined,
  ];
}
