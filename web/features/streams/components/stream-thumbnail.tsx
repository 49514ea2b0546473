import { Badge, Box } from '@mantine/core';
import { MediaThumbnail } from '../../../components/media/media-thumbnail';

/** Spec 001 §9: stream thumbnails are 150×80. */
export const THUMB = { width: 150, height: 80 } as const;

/** A stream's 150×80 picture (the shared thumbnail, with its offline fallback) and a LIVE badge for live streams. */
export function StreamThumbnail({ src, live, alt = '' }: { src: string | null; live?: boolean; alt?: string }) {
  return (
    <Box pos="relative" w={THUMB.width} h={THUMB.height}>
      <MediaThumbnail src={src} platform="twitch" alt={alt} width={THUMB.width} height={THUMB.height} />
      {live && (
        <Badge size="xs" color="red" variant="filled" radius="sm" pos="absolute" top={4} style={{ insetInlineStart: 4 }}>
          LIVE
        </Badge>
      )}
    </Box>
  );
}
