import { Alert, Card, EmptyState, Group, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { IconAlertTriangle, IconFolder, IconMail } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { activeProjects, useAllProjects, type Project } from '../../../lib/workspace';
import { useSetFrequency, useSubscriptions, useToggleSubscription, type Frequency, type Subscription } from '../../digests/api/notifications';
import { CardTitle } from './card-title';

const FREQUENCY_OPTIONS = [
  { value: 'daily', label: MSG.digests.daily },
  { value: 'instant', label: MSG.digests.instant },
];

/** One project: its switch (on = the digest is mailed to me) and how often. */
function ProjectTile({
  project,
  subscription,
  onToggle,
  onFrequency,
}: {
  project: Project;
  subscription: Subscription | undefined;
  onToggle: () => void;
  onFrequency: (f: Frequency) => void;
}) {
  const on = subscription?.status === true;
  // A subscription just created has no server id yet: its frequency waits for the answer.
  const saved = subscription !== undefined && !subscription.id.startsWith('new-');
  return (
    <Paper withBorder radius="md" p="md" data-testid={`notification-${project.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Text fw={600} size="sm" lineClamp={2} style={{ wordBreak: 'break-word' }}>
            {project.name}
          </Text>
          <Switch checked={on} onChange={onToggle} aria-label={`E-mail notifications for ${project.name}`} />
        </Group>
        <SegmentedControl
          size="xs"
          fullWidth
          data={FREQUENCY_OPTIONS}
          value={subscription?.frequency ?? 'daily'}
          disabled={!on || !saved}
          onChange={(v) => subscription && onFrequency(v as Frequency)}
          aria-label={`How often for ${project.name}`}
        />
      </Stack>
    </Paper>
  );
}

/**
 * Project email notifications (spec: settings card, grid 4 per row): a switch per active project
 * of the organization, and the digest's frequency. Changes show at once and roll back if the
 * server refuses them.
 */
export function NotificationsCard({ userId }: { userId: string }) {
  const projects = useAllProjects();
  const subscriptions = useSubscriptions(userId);
  const toggle = useToggleSubscription(userId);
  const setFrequency = useSetFrequency(userId);
  const list = activeProjects(projects.data ?? []);
  const byProject = new Map((subscriptions.data ?? []).map((s) => [s.projectId, s]));

  let body;
  if (projects.isError || subscriptions.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
        {projects.isError ? MSG.notifications.get : MSG.notifications.settings}
      </Alert>
    );
  } else if (projects.isPending || subscriptions.isPending) {
    body = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={96} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (list.length === 0) {
    body = <EmptyState size="sm" variant="light" icon={<IconFolder size={22} />} title="No projects yet" description={MSG.digests.noProjects} />;
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
        {list.map((p) => {
          const subscription = byProject.get(p.id);
          return (
            <ProjectTile
              key={p.id}
              project={p}
              subscription={subscription}
              onToggle={() => toggle.mutate({ projectId: p.id })}
              onFrequency={(frequency) => subscription && setFrequency.mutate({ projectId: p.id, id: subscription.id, frequency })}
            />
          );
        })}
      </SimpleGrid>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" shadow="xs">
      <Stack gap="lg">
        <CardTitle icon={<IconMail size={18} />} title="Project email notifications" description={MSG.digests.cardDescription} />
        {body}
      </Stack>
    </Card>
  );
}
