import { Badge, Text, type MantineSize } from '@mantine/core';
import { HoverTooltip } from './hover-tooltip';
import { formatVisitors, scoreBand, visitorsBand } from '../../common/media-score';
import { visitorsBasis, type MuvSource } from '../../common/schemas/reach';
import secondary from './secondary-text.module.css';

/**
 * The media score (the API's `reach`, 0.1–10) as a badge coloured by the spec's band
 * (0-1, 1-3, 3-6, 6-9, 9+; 001 §9). Articles may lack a score, so null shows a dimmed dash.
 * With `basis` (how the score came about: "Tranco rank 1,234 on 2026-11-20 → 7.8") the
 * tooltip says it above the band.
 */
export function MediaScoreBadge({ score, size = 'md', basis }: { score: number | null | undefined; size?: MantineSize; basis?: string | null }) {
  if (score === null || score === undefined) {
    return (
      <Text span size="sm" c="dimmed">
        –
      </Text>
    );
  }
  const band = scoreBand(score);
  const value = score.toFixed(1);
  const bandText = `Media score ${band.label}: ${band.name}`;
  const label = basis ? (
    <>
      {basis}
      <br />
      {bandText}
    </>
  ) : (
    bandText
  );
  return (
    <HoverTooltip label={label} withArrow openDelay={300} multiline maw={300}>
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
    </HoverTooltip>
  );
}

/**
 * Monthly unique visitors, compact, with the spec's visitor band as a hint. An estimate (from
 * the rank, no traffic source connected) says so under the figure, wherever it shows.
 */
export function VisitorsText({ muv, source }: { muv: number | null | undefined; source?: MuvSource | null }) {
  const band = visitorsBand(muv);
  const estimate = source === 'estimate' && band !== null;
  const hint = [band?.label, source ? visitorsBasis(source) : null].filter(Boolean).join(' · ');
  return (
    <HoverTooltip label={hint || 'Unknown'} withArrow disabled={!band}>
      <span>
        {formatVisitors(muv)}
        {estimate && (
          <Text component="span" display="block" size="xs" className={secondary.secondary}>
            estimate
          </Text>
        )}
      </span>
    </HoverTooltip>
  );
}
