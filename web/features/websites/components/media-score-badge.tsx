import { Badge, Tooltip } from '@mantine/core';
import { scoreBand, visitorsBand, formatVisitors } from '../../../../common/media-score';

/** The media score (0.1–10) coloured by the spec's band (0-1, 1-3, 3-6, 6-9, 9+). */
export function MediaScoreBadge({ score, size = 'md' }: { score: number; size?: 'sm' | 'md' | 'lg' }) {
  const band = scoreBand(score);
  return (
    <Tooltip label={`Media score band ${band.label} (${band.name})`} withArrow>
      <Badge color={band.color} variant="light" size={size} radius="sm" aria-label={`Media score ${score.toFixed(1)}`}>
        {score.toFixed(1)}
      </Badge>
    </Tooltip>
  );
}

/** Monthly unique visitors, compact, with the spec's visitor band as a hint. */
export function VisitorsText({ muv }: { muv: number | null }) {
  const band = visitorsBand(muv);
  return (
    <Tooltip label={band?.label ?? 'Unknown'} withArrow disabled={!band}>
      <span>{formatVisitors(muv)}</span>
    </Tooltip>
  );
}
