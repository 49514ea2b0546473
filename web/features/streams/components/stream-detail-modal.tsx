import { useState } from 'react';
import { Badge, Button, Group, ScrollArea, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconBookmark, IconBookmarkFilled, IconExternalLink } from '@tabler/icons-react';
import { formatAudience, formatCount } from '../../../components/media/format-audience';
import { PlayerModal } from '../../../components/media/player-modal';
import { formatDate } from '../../../lib/dates';
import { webHref } from '../../../lib/links';
import type { StreamMetrics } from '../../../../common/schemas/streams';
import { useViewerSeries } from '../api/twitch-feed';
import { formatAirtime, formatHours } from '../lib/format';
import { playerSource } from '../lib/player';
import { ChannelCell } from './feed-columns';
import { ViewerSparkline } from './viewer-sparkline';

/** What the detail modal shows of a feed item or a saved stream. */
export interface StreamDetail extends Partial<StreamMetrics> {
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
  /** Where its viewers over time come from (GET …/viewers); unset: no chart. */
  viewers_path?: string | null;
}

/** Peak, average, hours watched and airtime, as the list showed them (the series call refreshes them). */
function MetricsSummary({ m }: { m: Partial<StreamMetrics> }) {
  const cells: [string, string][] = [
    ['Peak viewers', m.peak_viewers == null ? '–' : formatAudience(m.peak_viewers)],
    ['Average viewers', m.average_viewers == null ? '–' : formatAudience(m.average_viewers)],
    ['Hours watched', formatHours(m.hours_watched)],
    ['Airtime', formatAirtime(m.airtime)],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
      {cells.map(([label, value]) => (
        <Stack key={label} gap={0}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** The stream's viewers over time (≤ 60 points once it ended) and its metrics. */
function ViewersSection({ path, fallback }: { path: string; fallback: Partial<StreamMetrics> }) {
  const series = useViewerSeries(path);
  return (
    <Stack gap="xs">
      <MetricsSummary m={series.data?.meta ?? fallback} />
      {series.isLoading ? (
        <Skeleton height={96} />
      ) : series.error ? (
        <Text size="sm" c="dimmed">
          The viewer chart could not be loaded.
        </Text>
      ) : (
        <ViewerSparkline points={series.data?.data ?? []} />
      )}
    </Stack>
  );
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
            <Button
              variant="light"
              component="a"
              href={webHref(stream.url)}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<IconExternalLink size={16} />}
            >
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
              {formatDate(stream.published_at)} ·{' '}
              <span title={formatCount(stream.view_count)}>
                {formatAudience(stream.view_count)} {stream.live ? 'watching' : 'views'}
              </span>
            </Text>
          </Group>
          <ChannelCell name={stream.broadcaster_name} image={stream.profile_image_url} followers={stream.followers} />
          {stream.viewers_path && <ViewersSection path={stream.viewers_path} fallback={stream} />}
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
