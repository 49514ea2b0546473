import { parseTwitchUrl } from '../../../../common/schemas/streams';
import type { PlayerSource } from '../../../components/media/player-modal';

/**
 * What Twitch's player should show for a stream or video: a video (VOD) plays by its id; a
 * stream plays its channel (there is no player for a past stream without its archive). The
 * address decides first; the channel's login is its name otherwise. null: nothing playable.
 */
export function playerSource(s: {
  kind?: 'stream' | 'video';
  twitch_video_id: string | null;
  url: string | null;
  broadcaster_name: string;
}): PlayerSource | null {
  const fromUrl = s.url ? parseTwitchUrl(s.url) : null;
  if (fromUrl && 'video' in fromUrl) return { platform: 'twitch', videoId: fromUrl.video };
  // A stream's address is its channel's.
  if (fromUrl && 'login' in fromUrl) return { platform: 'twitch', channel: fromUrl.login };
  if (s.kind !== 'stream' && s.twitch_video_id && /^\d+$/.test(s.twitch_video_id)) return { platform: 'twitch', videoId: s.twitch_video_id };
  const login = s.broadcaster_name.trim().toLowerCase();
  return /^[a-z0-9_]{3,25}$/.test(login) ? { platform: 'twitch', channel: login } : null;
}
