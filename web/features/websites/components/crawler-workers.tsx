import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconServer } from '@tabler/icons-react';
import { formatCount } from '../../../components/media/format-audience';
import { fromNow } from '../../../lib/dates';
import { reportedAgo, type CrawlerWorker } from '../api/crawler-status';

/** The bar for the worker: no slice of synchronous work blocks it for longer than this. */
const STALL_BUDGET_MS = 50;

function WorkerRow({ worker, measuredAt }: { worker: CrawlerWorker; measuredAt: string }) {
  return (
    <Group gap="xs" wrap="wrap" style={{ rowGap: 2 }} data-testid="crawler-worker">
      <Group gap={6} wrap="nowrap">
        <IconServer size={16} color="var(--mantine-color-dimmed)" aria-hidden />
        <Badge variant="light" color="teal" size="sm">
          {worker.role}
        </Badge>
        <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }} title={`Started ${fromNow(worker.started_at)}`}>
          pid {worker.pid}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" dir="ltr" truncate="end" maw={220} title={worker.host}>
        {worker.host}
      </Text>
      <Text size="sm">seen {reportedAgo(worker, measuredAt)}</Text>
      <Tooltip label={`Event-loop delay in its last sampling window: p99 ${formatCount(worker.event_loop_p99_ms)} ms`} withArrow>
        <Text size="sm" c={worker.event_loop_max_ms > STALL_BUDGET_MS ? 'orange' : 'dimmed'}>
          longest stall {formatCount(worker.event_loop_max_ms)} ms
        </Text>
      </Tooltip>
    </Group>
  );
}

/** The processes running the crawler, freshest first (the server's order). */
export function CrawlerWorkers({ workers, measuredAt }: { workers: CrawlerWorker[]; measuredAt: string }) {
  if (workers.length === 0)
    return (
      <Text size="sm" c="dimmed">
        None has reported in the last 30 seconds.
      </Text>
    );
  return (
    <Stack gap={6}>
      {workers.map((w) => (
        <WorkerRow key={`${w.host}:${w.pid}:${w.started_at}`} worker={w} measuredAt={measuredAt} />
      ))}
    </Stack>
  );
}
