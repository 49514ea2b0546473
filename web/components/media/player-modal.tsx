import type { ReactNode } from 'react';
import { AspectRatio, Modal, Stack } from '@mantine/core';

/** What the player shows: a YouTube video, a Twitch archive video or a Twitch channel's live stream. */
export type PlayerSource = { platform: 'youtube'; videoId: string } | { platform: 'twitch'; videoId: string } | { platform: 'twitch'; channel: string };

/**
 * The embed address. YouTube's privacy-enhanced host sets no cookies until play; Twitch's player
 * requires the embedding page's host name as `parent` and must not start on its own.
 */
export function playerUrl(source: PlayerSource, hostname: string = window.location.hostname): string {
  if (source.platform === 'youtube') return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(source.videoId)}`;
  const parent = `parent=${encodeURIComponent(hostname)}&autoplay=false`;
  if ('channel' in source) return `https://player.twitch.tv/?channel=${encodeURIComponent(source.channel)}&${parent}`;
  return `https://player.twitch.tv/?video=${encodeURIComponent(source.videoId)}&${parent}`;
}

export interface MediaPlayerProps {
  source: PlayerSource;
  /** The iframe's accessible name (the video's title). */
  title: string;
}

/** The embedded player in a 16:9 box. */
export function MediaPlayer({ source, title }: MediaPlayerProps) {
  return (
    <AspectRatio ratio={16 / 9} style={{ borderRadius: 8, overflow: 'hidden', background: 'black' }}>
      <iframe
        src={playerUrl(source)}
        title={title}
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; fullscreen; gyroscope; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        style={{ border: 0, width: '100%', height: '100%' }}
      />
    </AspectRatio>
  );
}

export interface PlayerModalProps {
  opened: boolean;
  onClose: () => void;
  /** The modal's title (the video's title). */
  title: string;
  /** null keeps the modal closed-looking while it fades out. */
  source: PlayerSource | null;
  /** Facts under the player (date, channel, description…). */
  children?: ReactNode;
  /** Buttons at the foot (Close, Save…). */
  footer?: ReactNode;
}

/**
 * A modal with the embedded player on top, then the details the screen passes in. The iframe is
 * only mounted while the modal is open, so closing it stops playback.
 */
export function PlayerModal({ opened, onClose, title, source, children, footer }: PlayerModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl" styles={{ title: { fontWeight: 600, lineHeight: 1.35 } }}>
      <Stack gap="md">
        {opened && source && <MediaPlayer source={source} title={title} />}
        {children}
        {footer}
      </Stack>
    </Modal>
  );
}
