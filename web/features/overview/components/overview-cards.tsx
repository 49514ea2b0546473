import { Alert, Button, Grid, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useOverview, type Period } from '../api/overview';
import { HighlightsCard } from './highlights-card';
import { PlacementsCard, ReachCard } from './press-cards';
import { ShareOfVoiceCard } from './share-of-voice-card';
import { TopCreatorsCard, TopOutletsCard } from './top-lists';

export interface OverviewCardsProps {
  projectId: string;
  projectName: string;
  period: Period;
  /** Opens the project's settings, where its competitors are set. */
  onSetCompetitors?: () => void;
}

/**
 * The overview's figures over the period (GET projects/{id}/overview), each card leading to the
 * list it counts: three columns on a wide screen, two on a tablet, stacked on a phone.
 */
export function OverviewCards({ projectId, projectName, period, onSetCompetitors }: OverviewCardsProps) {
  const overview = useOverview(projectId, period);
  if (overview.isError)
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title="The overview’s figures could not be loaded">
        <Group justify="space-between" gap="sm">
          <span>{overview.error.message}</span>
          <Button size="xs" variant="light" color="red" onClick={() => void overview.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  const o = overview.data;
  if (!o)
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="overview-cards" aria-busy>
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} height={220} radius="md" aria-hidden />
        ))}
      </SimpleGrid>
    );
  // Three columns on a wide screen: the two small figure cards share the first; the highlights
  // take two columns of the second row (two across on a tablet, one on a phone).
  const col = { base: 12, sm: 6, lg: 4 };
  return (
    <Grid gap="md" data-testid="overview-cards" aria-busy={overview.isFetching || undefined}>
      <Grid.Col span={col}>
        <Stack gap="md" h="100%">
          <div>
            <PlacementsCard overview={o} projectId={projectId} />
          </div>
          <div style={{ flex: 1 }}>
            <ReachCard overview={o} projectId={projectId} />
          </div>
        </Stack>
      </Grid.Col>
      <Grid.Col span={col}>
        <ShareOfVoiceCard overview={o} projectId={projectId} projectName={projectName} onSetCompetitors={onSetCompetitors} />
      </Grid.Col>
      <Grid.Col span={col}>
        <TopOutletsCard overview={o} projectId={projectId} />
      </Grid.Col>
      <Grid.Col span={col}>
        <TopCreatorsCard overview={o} projectId={projectId} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 12, lg: 8 }}>
        <HighlightsCard overview={o} projectId={projectId} />
      </Grid.Col>
    </Grid>
  );
}
