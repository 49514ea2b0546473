import { useState } from 'react';
import { Alert, Card, Divider, EmptyState, Group, Select, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconFolder, IconTrendingUp } from '@tabler/icons-react';
import { activeProjects, useAllProjects } from '../../../lib/workspace';
import { SpikeList } from './spike-list';
import { SpikeSettingsForm } from './spike-settings-form';

/**
 * Spike alerts (issue 32): per project, a message when a window's matches pass the factor over
 * the 14-day baseline and the minimum. The card edits one project at a time (`projectId`, else the
 * first active project) and lists its last spikes.
 */
export function SpikeAlertsCard({ projectId: initial }: { projectId?: string }) {
  const projects = useAllProjects();
  const list = activeProjects(projects.data ?? []);
  const [chosen, setChosen] = useState<string | null>(initial ?? null);
  const project = list.find((p) => p.id === chosen) ?? list[0];

  let body;
  if (projects.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
        Could not load the projects.
      </Alert>
    );
  } else if (projects.isPending) {
    body = <Skeleton height={160} radius="md" />;
  } else if (!project) {
    body = (
      <EmptyState size="sm" variant="light" icon={<IconFolder size={22} />} title="No projects yet" description="Create a project to set its spike alerts." />
    );
  } else {
    body = (
      <Stack gap="lg">
        <Select
          label="Project"
          data={list.map((p) => ({ value: p.id, label: p.name }))}
          value={project.id}
          onChange={(v) => v && setChosen(v)}
          allowDeselect={false}
          searchable
          maw={360}
        />
        <SpikeSettingsForm key={project.id} projectId={project.id} projectName={project.name} />
        <Divider />
        <SpikeList key={`list-${project.id}`} projectId={project.id} />
      </Stack>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" shadow="xs" component="section" aria-labelledby="spike-alerts-title">
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
            <IconTrendingUp size={18} />
          </ThemeIcon>
          <Stack gap={2}>
            <Title order={2} fz="lg" id="spike-alerts-title">
              Spike alerts
            </Title>
            <Text size="sm" c="dimmed">
              A message when a project's coverage jumps: the matches of an hour or a day against the same window over the last 14 days.
            </Text>
          </Stack>
        </Group>
        {body}
      </Stack>
    </Card>
  );
}
