import { dayNumber, isDay } from '../../../../common/period';
import { CREATOR_MAX_DAYS, type CreatorPlatform } from '../../../../common/schemas/creators';

/**
 * What a link to the leaderboard asks for (`?platform=youtube|twitch&from=YYYY-MM-DD&to=YYYY-MM-DD`,
 * as the project overview writes it): the board's first platform and period. A value the board
 * cannot show (a platform the plan lacks, a date that is not a day, a period backwards or longer
 * than CREATOR_MAX_DAYS) is left out, so the default applies.
 */
export function linkedPlatform(params: URLSearchParams, platforms: readonly CreatorPlatform[]): CreatorPlatform | null {
  const v = params.get('platform');
  return platforms.find((p) => p === v) ?? null;
}

export function linkedPeriod(params: URLSearchParams): { from: string; to: string } | null {
  const from = params.get('from');
  const to = params.get('to');
  if (!from || !to || !isDay(from) || !isDay(to)) return null;
  const days = dayNumber(to) - dayNumber(from) + 1;
  return days >= 1 && days <= CREATOR_MAX_DAYS ? { from, to } : null;
}
