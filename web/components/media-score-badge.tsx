import { Badge, Text, Tooltip, type MantineSize } from '@mantine/core';
import { formatVisitors, scoreBand, visitorsBand } from '../../common/media-score';

/**
 * The media score (the API's `reach`, 0.1–10) as a badge coloured by the spec's band
 * (0-1, 1-3, 3-6, 6-9, 9+; 001 §9). Articles may lack a score, so null shows a dimmed dash.
 */
export function MediaScoreBadge({ score, size = 'md' }: { score: number | null | undefined; size?: MantineSize }) {
  if (score === null || score === undefined) {
    return (
      <Text span size="sm" c="dimmed">
        –
      </Text>
    );
  }
  const band = scoreBand(score);
  const value = score.toFixed(1);
  return (
    <Tooltip label={`Media score ${band.label}: ${band.name}`} withArrow openDelay={300}>
      <Badge
        color={band.color}
        variant="light"
        size={size}
        radius="sm"
        miw={44}
        style={{ fontVariantNumeric: 'tabular-nums' }}
        aria-label={`Media score ${value}`}
      >
        {value}
      </Badge>
    </Tooltip>
  );
}

/** Monthly unique visitors, compact, with the spec's visitor band as a hint. */
export function VisitorsText({ muv }: { muv: number | null | undefined }) {
  const band = visitorsBand(muv);
  return (
    <Tooltip label={band?.label ?? 'Unknown'} withArrow disabled={!band}>
      <span>{formatVisitors(muv)}</span>
    </Tooltip>
  );
}
