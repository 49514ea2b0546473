/*
 * What other features call (a report's creator leaderboard, later): the leaderboard over given
 * saved streams or saved videos of an organization's project, and the resources its rows become.
 */
export {
  savedCreatorsLeaderboard,
  twitchLeaderboard,
  youtubeLeaderboard,
  projectHasFeed,
  type CreatorPage,
  type CreatorScope,
  type TwitchCreatorRow,
  type YoutubeCreatorRow,
} from './leaderboard.js';
export { twitchCreatorAttributes, twitchCreatorResource, youtubeCreatorAttributes, youtubeCreatorResource } from './presenter.js';
