import type { CreatorPlatform, TwitchCreatorAttributes, YoutubeCreatorAttributes } from '../../../../common/schemas/creators';
import { CREATOR_SORTS, defaultCreatorPeriod } from '../../../../common/schemas/creators';

/** A project's creator leaderboard (GET projects/{id}/creators; docs/api.md "Creators"). */
export type { CreatorPlatform, TwitchCreatorAttributes, YoutubeCreatorAttributes };
export { CREATOR_SORTS, defaultCreatorPeriod };

/** The list path; the CSV export is the same path with `Accept: text/csv`. */
export const creatorsPath = (projectId: string) => `projects/${projectId}/creators`;

/** The default order of each platform's board (descending by its main number). */
export const defaultCreatorSort = (platform: CreatorPlatform) => `-${CREATOR_SORTS[platform][0]}`;

/** The fixed filters a board is asked with (`filter[platform]`, `filter[from]`, `filter[to]`). */
export const creatorFilter = (platform: CreatorPlatform, period: { from: string; to: string }) => ({ platform, from: period.from, to: period.to });
