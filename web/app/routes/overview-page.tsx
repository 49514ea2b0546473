import { useState } from 'react';
import { Alert, Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconPencil } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { COVERAGE_MAX_DAYS } from '../../../common/schemas/coverage';
import { NoProjectState } from '../../components/no-project-state';
import { PageHeader } from '../../components/page-header';
import { PeriodPicker } from '../../components/period-picker';
import { SteamEvents } from '../../components/steam/steam-events';
import { SteamReviewsChart } from '../../components/steam/steam-reviews-chart';
import { NO_PROJECT, useProject, type Project } from '../../lib/workspace';
import { ProjectFormModal } from '../../features/projects/components/project-form-modal';
import { defaultCoveragePeriod, useCoverage, type Period } from '../../features/steam/api/coverage';
import { useSteamSummary } from '../../features/steam/api/steam';
import { CoverageChart } from '../../features/steam/components/coverage-chart';
import { CoverageTotals, CoverageTotalsSkeleton } from '../../features/steam/components/coverage-totals';
import { FollowSteamCard } from '../../features/steam/components/follow-steam-card';
import { OverviewCards } from '../../features/overview/components/overview-cards';

const TITLE = 'Overview';

/**
 * /overview/{projectId}: the project at a glance over a period — its totals per source (each a
 * link to its list), its coverage each day with the developer's Steam announcements flagged, the
 * overview's cards (placements and stories, reach and views, share of voice, top outlets and
 * creators, latest highlights), and the Steam reviews of the games it follows (or the way to
 * follow one). A page of web/app: it composes the steam and overview features and the projects
 * feature's form.
 */
export function OverviewPage() {
  const { projectId = NO_PROJECT } = useParams();
  const { project } = useProject(projectId);
  if (projectId === NO_PROJECT)
    return (
      <>
        <PageHeader title={TITLE} />
        <NoProjectState />
      </>
    );
  // Keyed by project: another project starts on the default period.
  return <OverviewView key={projectId} projectId={projectId} project={project} />;
}

function OverviewView({ projectId, project }: { projectId: string; project: Project | undefined }) {
  const [period, setPeriod] = useState<Period>(() => defaultCoveragePeriod());
  const [settings, setSettings] = useState(false);
  const coverage = useCoverage(projectId, period);
  const follows = (project?.['steam-app-ids'] ?? []).length > 0;
  const steam = useSteamSummary(projectId, period, follows);
  const summary = follows ? steam.data : undefined;

  return (
    <>
      <PageHeader
        title={TITLE}
        description={
          project ? `${project.name}: its coverage and its games on Steam, day by day.` : 'The project’s coverage and its games on Steam, day by day.'
        }
        actions={<PeriodPicker value={period} onChange={setPeriod} maxDays={COVERAGE_MAX_DAYS} />}
      />
      <Stack gap="lg" aria-busy={coverage.isFetching || undefined}>
        {coverage.isError ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title="The coverage could not be loaded">
            <Group justify="space-between" gap="sm">
              <span>{coverage.error.message}</span>
              <Button size="xs" variant="light" color="red" onClick={() => void coverage.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : !coverage.data ? (
          <>
            <CoverageTotalsSkeleton />
            <Skeleton height={340} radius="md" aria-hidden />
          </>
        ) : (
          <>
            <CoverageTotals coverage={coverage.data} projectId={projectId} />
            <CoverageChart coverage={coverage.data} events={summary?.events} apps={summary?.apps} />
          </>
        )}
        <OverviewCards
          projectId={projectId}
          projectName={project?.name ?? 'This project'}
          period={period}
          onSetCompetitors={project ? () => setSettings(true) : undefined}
        />
        {project && !follows && <FollowSteamCard onOpenSettings={() => setSettings(true)} />}
        {follows && (
          <SteamBlock
            loading={steam.isPending}
            error={steam.isError ? steam.error.message : null}
            onRetry={() => void steam.refetch()}
            onEdit={() => setSettings(true)}
          >
            {summary && (
              <>
                <SteamReviewsChart summary={summary} />
                <SteamEvents events={summary.events} apps={summary.apps} />
              </>
            )}
          </SteamBlock>
        )}
      </Stack>
      {project && <ProjectFormModal key={`${project.id}-${project['updated-at']}`} opened={settings} onClose={() => setSettings(false)} project={project} />}
    </>
  );
}

function SteamBlock(props: { loading: boolean; error: string | null; onRetry: () => void; onEdit: () => void; children: React.ReactNode }) {
  return (
    <Stack gap="lg" data-testid="steam-block">
      {props.loading ? (
        <Skeleton height={300} radius="md" aria-hidden />
      ) : props.error ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Steam’s figures could not be loaded">
          <Group justify="space-between" gap="sm">
            <span>{props.error}</span>
            <Button size="xs" variant="light" color="red" onClick={props.onRetry}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : (
        props.children
      )}
      <Group justify="flex-end">
        <Button variant="subtle" size="xs" leftSection={<IconPencil size={14} />} onClick={props.onEdit}>
          Edit the Steam games
        </Button>
      </Group>
    </Stack>
  );
}
