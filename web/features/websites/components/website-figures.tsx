import { ActionIcon, Badge, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPencil } from '@tabler/icons-react';
import { formatVisitors, scoreBand, visitorsBand } from '../../../../common/media-score';
import type { MuvSource, TrafficState } from '../../../../common/schemas/reach';
import { MediaScoreBadge } from '../../../components/media-score-badge';
import { fromNow } from '../../../lib/dates';
import type { Website } from '../api/websites';
import secondary from '../../../components/secondary-text.module.css';

const SOURCE_BADGE: Record<MuvSource, string> = { estimate: 'estimate', similarweb: 'SimilarWeb', manual: 'typed' };

/** A word beside a figure: where it comes from. */
function SourceBadge({ children }: { children: string }) {
  return (
    <Badge size="sm" variant="default" radius="sm" tt="none" fw={600}>
      {children}
    </Badge>
  );
}

/** The score, its band, "typed" when a person set it, the editor, and its basis in words under it. */
export function ScoreFigure({ website: w, onEdit }: { website: Website; onEdit: () => void }) {
  const typed = w.reach_source === 'manual' || w['reach-manual'];
  return (
    <Stack gap={4}>
      <Group gap={6} wrap="wrap">
        <MediaScoreBadge score={w.reach} basis={w.reach_basis} size="lg" />
        <Text size="xs" className={secondary.secondary}>
          {scoreBand(w.reach).name}
        </Text>
        {typed && <SourceBadge>typed</SourceBadge>}
        <ActionIcon variant="subtle" size="sm" aria-label="Edit media score" onClick={onEdit}>
          <IconPencil size={14} />
        </ActionIcon>
      </Group>
      <Text size="xs" className={secondary.secondary} data-testid="score-basis">
        {w.reach_basis}
      </Text>
    </Stack>
  );
}

/** What went wrong with SimilarWeb for this website, in plain words; null when nothing did. */
export function trafficProblem(state: TrafficState | null, error: string | null): string | null {
  if (state === 'invalid_key') return 'SimilarWeb refused the API key (SIMILARWEB_API_KEY).';
  if (state === 'quota') return "The SimilarWeb key's quota is used up: visits update when it renews.";
  if (state === 'no_data') return 'SimilarWeb has no data for this domain.';
  if (state === 'error') return `SimilarWeb could not be asked${error ? `: ${error}` : '.'}`;
  return null;
}

/** Monthly visitors with their source, band, any SimilarWeb problem, and an article's estimated views. */
export function VisitorsFigure({ website: w }: { website: Website }) {
  const band = visitorsBand(w.muv);
  const problem = trafficProblem(w.traffic_state, w.traffic_error);
  return (
    <Stack gap={4}>
      <Group gap={6} wrap="wrap">
        <Text fw={600}>{formatVisitors(w.muv)}</Text>
        {w.muv !== null && w.muv_source && <SourceBadge>{SOURCE_BADGE[w.muv_source]}</SourceBadge>}
      </Group>
      {band && (
        <Text size="xs" className={secondary.secondary}>
          {band.label}
        </Text>
      )}
      {problem && (
        <Group gap={4} wrap="nowrap" align="flex-start" data-testid="traffic-problem">
          <IconAlertTriangle size={14} color="var(--mantine-color-orange-7)" style={{ flex: 'none', marginTop: 2 }} aria-hidden />
          <Text size="xs" className={secondary.secondary}>
            {problem}
            {w.traffic_checked_at ? ` Checked ${fromNow(w.traffic_checked_at)}.` : ''}
          </Text>
        </Group>
      )}
      {w.estimated_views_per_article !== null && (
        <Text size="xs" className={secondary.secondary} data-testid="views-per-article">
          An article here: ≈ {formatVisitors(w.estimated_views_per_article)} views (estimate)
        </Text>
      )}
    </Stack>
  );
}
