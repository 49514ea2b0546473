import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconClockPause, IconGauge, IconPlayerPause, IconPlugConnectedX } from '@tabler/icons-react';
import { MSG } from '../../../common/messages';
import { formatDate, formatTime, fromNow } from '../../lib/dates';
import type { MediaPlatform } from './media-thumbnail';

/** The polling states of a video (`quota`) or stream (`rate_limited`) feed's search. */
export type FeedPollState = 'ok' | 'waiting' | 'error' | 'quota' | 'rate_limited' | 'not_configured';

export interface FeedStateBannerProps {
  platform: MediaPlatform;
  state: FeedPollState;
  lastError?: string | null;
  nextCheckAt?: string | null;
  /** A disabled feed is not polled, whatever its search's state. */
  isEnabled?: boolean;
  /** The availability route's reason ("… set YOUTUBE_API_KEY."), shown when the service is not configured. */
  notConnectedReason?: string | null;
}

const NAMES: Record<MediaPlatform, string> = { youtube: 'YouTube', twitch: 'Twitch' };
const NOT_CONNECTED: Record<MediaPlatform, string> = { youtube: MSG.videos.notConnected, twitch: MSG.streams.notConnected };

/** "at 14:30 (in 2 hours)" (or "at 2:30 PM", as the user's locale reads the clock), or an empty string when the time is unknown. */
function when(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const sameDay = d.toDateString() === new Date().toDateString();
  const clock = formatTime(d);
  return ` ${sameDay ? `at ${clock}` : `on ${formatDate(value)} at ${clock}`} (${fromNow(d)})`;
}

/**
 * Why a feed shows no new items, from its polling state (info.state, last_error, next_check_at):
 * paused, not connected, waiting for its first check, quota spent or rate limited until the
 * reset, or the last check failed with its reason. Nothing when all is well.
 */
export function FeedStateBanner({ platform, state, lastError, nextCheckAt, isEnabled = true, notConnectedReason }: FeedStateBannerProps) {
  const name = NAMES[platform];
  if (!isEnabled)
    return (
      <Alert color="gray" icon={<IconPlayerPause size={18} />} title="Feed paused">
        This feed is switched off, so {name} is not checked for it. Turn it back on in Edit feed.
      </Alert>
    );
  switch (state) {
    case 'not_configured':
      return (
        <Alert color="orange" icon={<IconPlugConnectedX size={18} />} title={`${name} is not connected`}>
          {notConnectedReason || NOT_CONNECTED[platform]} The feed is saved and starts as soon as an administrator of this server sets it.
        </Alert>
      );
    case 'waiting':
      return (
        <Alert color="blue" icon={<IconClockPause size={18} />} title="Waiting for the first check">
          {`${name} has not been checked for this feed yet.`}
          {nextCheckAt ? ` The next check is due${when(nextCheckAt)}.` : ' It is checked soon.'}
        </Alert>
      );
    case 'quota':
      return (
        <Alert color="yellow" icon={<IconGauge size={18} />} title="Daily YouTube quota used up">
          {`This server has used today's YouTube search quota, so new videos arrive after the reset`}
          {nextCheckAt ? `${when(nextCheckAt)}.` : ' at midnight Pacific time.'}
        </Alert>
      );
    case 'rate_limited':
      return (
        <Alert color="yellow" icon={<IconGauge size={18} />} title={`${name} asked us to slow down`}>
          {`${name} limited this server's requests for a while.`}
          {nextCheckAt ? ` The next check is due${when(nextCheckAt)}.` : ' The feed is checked again soon.'}
        </Alert>
      );
    case 'error':
      return (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={`The last ${name} check failed`}>
          {lastError ? `${lastError.replace(/\.$/, '')}.` : 'The reason was not recorded.'}
          {nextCheckAt ? ` The next try is due${when(nextCheckAt)}.` : ''}
        </Alert>
      );
    default:
      return null;
  }
}
