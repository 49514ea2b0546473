import { useState } from 'react';
import { Badge, Button, Group, ScrollArea, Text } from '@mantine/core';
import { IconBookmark, IconBookmarkFilled, IconExternalLink } from '@tabler/icons-react';
import { formatAudience, formatCount } from '../../../components/media/format-audience';
import { PlayerModal } from '../../../components/media/player-modal';
import { formatDate } from '../../../lib/dates';
import { webHref } from '../../../lib/links';
import { playerSource } from '../lib/player';
import { ChannelCell } from './feed-columns';

/** What the detail modal shows of a feed item or a saved stream. */
export interface StreamDetail {
  kind?: 'stream' | 'video';
  title: string;
  description: string;
  published_at: string;
  view_count: number;
  url: string | null;
  twitch_video_id: string | null;
  live?: boolean;
  broadcaster_name: string;
  profile_image_url?: string | null;
  followers: number | null;
  /** Already in Saved Coverage: Save shows as done. */
  saved?: boolean;
}

interface Props {
  stream: StreamDetail | null;
  onClose: () => void;
  /** Feed items can be saved from here; saved streams cannot. */
  onSave?: () => void;
}

/** The stream's detail: Twitch's player (the video, or the channel when live), title, date, channel, description, views. */
export function StreamDetailModal({ stream: current, onClose, onSave }: Props) {
  // The last stream stays on screen while the modal fades out.
  const [stream, setStream] = useState(current);
  if (current && current !== stream) setStream(current);
  const source = stream ? playerSource(stream) : null;

  return (
    <PlayerModal
      opened={current !== null}
      onClose={onClose}
      title={stream?.title ?? ''}
      source={source}
      footer={
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          {stream?.url && (
            <Button variant="light" component="a" href={webHref(stream.url)} target="_blank" rel="noopener noreferrer" leftSection={<IconExternalLink size={16} />}>
              Open on Twitch
            </Button>
          )}
          {onSave && (
            <Button leftSection={stream?.saved ? <IconBookmarkFilled size={16} /> : <IconBookmark size={16} />} onClick={onSave} disabled={stream?.saved}>
              {stream?.saved ? 'Saved' : 'Save'}
            </Button>
          )}
        </Group>
      }
    >
      {stream && (
        <>
          <Group gap="sm" wrap="wrap">
            {stream.live && (
              <Badge color="red" variant="filled">
                LIVE
              </Badge>
            )}
            <Text size="sm" c="dimmed">
              {formatDate(stream.published_at)} · <span title={formatCount(stream.view_count)}>{formatAudience(stream.view_count)} {stream.live ? 'watching' : 'views'}</span>
            </Text>
          </Group>
          <ChannelCell name={stream.broadcaster_name} image={stream.profile_image_url} followers={stream.followers} />
          {stream.description.trim() && (
            <ScrollArea.Autosize mah={200} type="auto" offsetScrollbars>
              <Text size="sm" style={{ whiteSpace: 'pre-line' }} dir="auto">
                {stream.description}
              </Text>
            </ScrollArea.Autosize>
          )}
        </>
      )}
    </PlayerModal>
  );
}
