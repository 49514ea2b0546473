import { useState } from 'react';
import { Badge, Box, Button, Group, SimpleGrid, Spoiler, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { formatCount } from '../../../components/media/format-audience';
import { PlayerModal } from '../../../components/media/player-modal';
import { TagPicker } from '../../../components/tag-picker';
import { TagPill } from '../../../components/tag-pill';
import { formatDate } from '../../../lib/dates';
import { countryDisplayName, languageDisplayName } from '../../../lib/display-names';
import { ChannelCell } from './video-cells';

/** What the detail modal shows of a feed video or a saved video. */
export interface VideoDetail {
  title: string;
  youtubeVideoId: string;
  publishedAt: string;
  description: string;
  views: number | null;
  country: string | null;
  language: string | null;
  channelTitle: string;
  channelThumbnail: string | null;
  subscribers: number | null;
  /** The saved copy's tag (saved videos). */
  tag?: string | null;
  /** Already in the project's saved coverage (feed videos). */
  saved?: boolean;
  /** Issue 30: the views when found (growth is shown from them), the last re-read, a removal on YouTube. */
  viewsAtFound?: number | null;
  statsRefreshedAt?: string | null;
  removedAt?: string | null;
}

/** "4,200 (+4,190 since found)" once the counts were read again and grew. */
function viewsText(v: VideoDetail): string {
  if (v.views === null) return '–';
  const growth = v.statsRefreshedAt && v.viewsAtFound != null ? v.views - v.viewsAtFound : 0;
  return growth > 0 ? `${formatCount(v.views)} (+${formatCount(growth)} since found)` : formatCount(v.views);
}

interface Props {
  video: VideoDetail | null;
  onClose: () => void;
  /** Feed videos offer Save under a tag; saved videos don't. */
  projectId?: string;
  onSave?: (tagId: string) => Promise<unknown>;
  saving?: boolean;
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}

/**
 * A video's detail (000 §2): the privacy-enhanced player, title, date, channel with its
 * subscribers, the description as plain text (line breaks kept, folded when long), views and
 * country; Close, and for feed videos Save under a tag.
 */
export function VideoDetailModal({ video: current, onClose, projectId, onSave, saving }: Props) {
  // The last video stays on screen while the modal fades out.
  const [video, setVideo] = useState(current);
  const [tagId, setTagId] = useState<string | null>(null);
  const [tagError, setTagError] = useState<string | null>(null);
  if (current && current !== video) {
    setVideo(current);
    setTagError(null);
  }

  async function save() {
    if (!onSave) return;
    if (!tagId) {
      setTagError(MSG.articles.tagRequired);
      return;
    }
    try {
      await onSave(tagId);
      onClose();
    } catch {
      // the toast says why; the modal stays open
    }
  }

  const canSave = !!onSave && !!projectId && !video?.saved;

  return (
    <PlayerModal
      opened={current !== null}
      onClose={onClose}
      title={video?.title ?? ''}
      source={video ? { platform: 'youtube', videoId: video.youtubeVideoId } : null}
      footer={
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          {canSave ? (
            <Box w={{ base: '100%', xs: 300 }}>
              <TagPicker
                projectId={projectId}
                value={tagId}
                onChange={(v) => {
                  setTagId(v);
                  setTagError(null);
                }}
                error={tagError}
              />
            </Box>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            {canSave && (
              <Button onClick={save} loading={saving}>
                Save
              </Button>
            )}
          </Group>
        </Group>
      }
    >
      {video && (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <ChannelCell title={video.channelTitle} thumbnail={video.channelThumbnail} subscribers={video.subscribers} />
            <Group gap="xs">
              {video.saved && (
                <Badge color="teal" variant="light">
                  In Saved Coverage
                </Badge>
              )}
              {video.tag && <TagPill name={video.tag} />}
              <Button
                component="a"
                href={`https://www.youtube.com/watch?v=${encodeURIComponent(video.youtubeVideoId)}`}
                target="_blank"
                rel="noopener noreferrer"
                variant="subtle"
                size="compact-sm"
                rightSection={<IconExternalLink size={14} />}
              >
                Open on YouTube
              </Button>
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Fact label="Published" value={formatDate(video.publishedAt)} />
            <Fact label="Views" value={viewsText(video)} />
            <Fact label="Country" value={countryDisplayName(video.country) ?? '–'} />
            <Fact label="Language" value={languageDisplayName(video.language) ?? '–'} />
          </SimpleGrid>
          {(video.removedAt || video.statsRefreshedAt) && (
            <Text size="xs" c="dimmed">
              {video.removedAt
                ? 'YouTube no longer shows this video; its counts are the last ones read.'
                : `Views read again on ${formatDate(video.statsRefreshedAt!)}.`}
            </Text>
          )}
          {video.description.trim() ? (
            <Spoiler maxHeight={120} showLabel="Show more" hideLabel="Show less">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {video.description}
              </Text>
            </Spoiler>
          ) : (
            <Text size="sm" c="dimmed">
              No description.
            </Text>
          )}
        </Stack>
      )}
    </PlayerModal>
  );
}
