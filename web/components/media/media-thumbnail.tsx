import { useState } from 'react';
import { Box, Center } from '@mantine/core';
import { IconBrandTwitch, IconBrandYoutube } from '@tabler/icons-react';

export type MediaPlatform = 'youtube' | 'twitch';

export interface MediaThumbnailProps {
  src: string | null | undefined;
  platform: MediaPlatform;
  /** Describes the picture (the video's title); empty for a purely decorative thumbnail. */
  alt?: string;
  /** Defaults to the table size: 120×68 for YouTube (16:9), 150×80 for Twitch (spec 001 §9). */
  width?: number;
  height?: number;
  radius?: number;
}

const DEFAULT_SIZE: Record<MediaPlatform, { width: number; height: number }> = {
  youtube: { width: 120, height: 68 },
  twitch: { width: 150, height: 80 },
};

/**
 * Twitch answers thumbnail templates with `{width}` and `{height}` (or `%{width}`) placeholders;
 * they are filled with twice the box size so the picture stays sharp on dense screens.
 */
export function thumbnailUrl(src: string, width: number, height: number): string {
  return src.replace(/%?\{width\}/g, String(width * 2)).replace(/%?\{height\}/g, String(height * 2));
}

/**
 * A video or stream thumbnail in a fixed box (rows never jump while pictures load), loaded
 * lazily. When there is no picture or it fails (the demo runs offline), a neutral tile with the
 * platform's icon takes its place.
 */
export function MediaThumbnail({ src, platform, alt = '', width, height, radius = 6 }: MediaThumbnailProps) {
  const w = width ?? DEFAULT_SIZE[platform].width;
  const h = height ?? DEFAULT_SIZE[platform].height;
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const url = src ? thumbnailUrl(src, w, h) : null;
  const showImage = url !== null && failedSrc !== url;
  const Icon = platform === 'youtube' ? IconBrandYoutube : IconBrandTwitch;

  return (
    <Box
      style={{ width: w, height: h, borderRadius: radius, overflow: 'hidden', flexShrink: 0, background: 'var(--mantine-color-default-hover)' }}
      data-testid="media-thumbnail"
    >
      {showImage ? (
        <img
          src={url}
          alt={alt}
          loading="lazy"
          decoding="async"
          width={w}
          height={h}
          style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          onError={() => setFailedSrc(url)}
        />
      ) : (
        <Center h="100%" role={alt ? 'img' : undefined} aria-label={alt || undefined} data-fallback="true">
          <Icon size={Math.min(28, Math.round(h / 2.4))} stroke={1.5} color="var(--mantine-color-dimmed)" />
        </Center>
      )}
    </Box>
  );
}
