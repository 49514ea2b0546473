import { Alert, Anchor, Badge, EmptyState, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconChartLine } from '@tabler/icons-react';
import { useSpikes, type Spike } from '../api/spikes';

const count = new Intl.NumberFormat('en-US');
const day = (iso: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

/** "20 Nov 2026, 10:00–11:00 UTC" or "20 Nov 2026 (UTC day)". */
export function spikeWindowLabel(spike: Pick<Spike, 'window' | 'window_start'>): string {
  if (spike.window === 'day') return `${day(spike.window_start)} (UTC day)`;
  const start = new Date(spike.window_start);
  const end = new Date(start.getTime() + 3600_000);
  return `${day(spike.window_start)}, ${start.toISOString().slice(11, 16)}–${end.toISOString().slice(11, 16)} UTC`;
}

const usual = (s: Spike) => `usually ${Math.round(s.baseline * 10) / 10} ${s.window === 'day' ? 'a day' : 'an hour'}`;

function SpikeItem({ spike }: { spike: Spike }) {
  return (
    <Paper withBorder radius="md" p="sm" component="li" data-testid={`spike-${spike.id}`}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} size="sm">
            {spikeWindowLabel(spike)}
          </Text>
          <Group gap={6}>
            <Badge variant="light" color="orange">
              {count.format(spike.matches)} {spike.matches === 1 ? 'match' : 'matches'}
            </Badge>
            <Text size="xs" c="dimmed">
              {usual(spike)}
            </Text>
          </Group>
        </Group>
        <Stack gap={2} component="ol" style={{ margin: 0, paddingInlineStart: 18 }}>
          {spike.stories.map((story, i) => (
            <Text key={i} size="sm" component="li" style={{ wordBreak: 'break-word' }}>
              {/^https?:\/\//i.test(story.url) ? (
                <Anchor href={story.url} target="_blank" rel="noopener noreferrer" size="sm">
                  {story.title || story.url}
                </Anchor>
              ) : (
                story.title || '(untitled)'
              )}{' '}
              <Text span size="xs" c="dimmed">
                {[story.outlet, story.copies === 1 ? '1 copy' : `${count.format(story.copies)} copies`].filter(Boolean).join(' · ')}
              </Text>
            </Text>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** The project's last spikes, newest first, each with the stories that drove it. */
export function SpikeList({ projectId }: { projectId: string }) {
  const spikes = useSpikes(projectId);
  let body;
  if (spikes.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
        Could not load the last spikes.
      </Alert>
    );
  } else if (!spikes.data) {
    body = <Skeleton height={60} radius="md" />;
  } else if (spikes.data.length === 0) {
    body = (
      <EmptyState
        size="sm"
        variant="light"
        icon={<IconChartLine size={22} />}
        title="No spikes yet"
        description="When a window's matches pass the threshold, the spike and its stories appear here."
      />
    );
  } else {
    body = (
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Last spikes">
        {spikes.data.map((s) => (
          <SpikeItem key={s.id} spike={s} />
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Title order={3} fz="sm">
        Last spikes
      </Title>
      {body}
    </Stack>
  );
}
