import { Badge, Tooltip } from '@mantine/core';
import { scoreBand } from '../../../../common/media-score';

/** The media score (0.1–10) as a badge coloured by its band (0-1, 1-3, 3-6, 6-9, 9+; 001 §9). */
export function MediaScoreBadge({ score }: { score: number | null | undefined }) {
  if (score === null || score === undefined) return <>–</>;
  const band = scoreBand(score);
  return (
    <Tooltip label={`${band.name} reach (${band.label})`} withArrow openDelay={300}>
      <Badge color={band.color} variant="light" radius="sm" miw={44} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {score.toFixed(1)}
      </Badge>
    </Tooltip>
  );
}
