import { Badge, Button, Group, Loader, Progress, ScrollArea, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { truncate } from '../../../lib/text';
import type { LinkStatus } from '../api/saved-articles';
import type { SavedBulkImport } from './use-saved-bulk-import';

function StatusIcon({ status }: { status: LinkStatus }) {
  if (status.state === 'loading') return <Loader size={14} aria-label="loading" />;
  if (status.state === 'ko')
    return (
      <ThemeIcon size={18} radius="xl" color="red" variant="light" aria-label="KO">
        <IconX size={12} />
      </ThemeIcon>
    );
  return (
    <ThemeIcon size={18} radius="xl" color={status.reason ? 'yellow' : 'teal'} variant="light" aria-label="OK">
      {status.reason ? <IconAlertTriangle size={12} /> : <IconCheck size={12} />}
    </ThemeIcon>
  );
}

/** The bulk import under way or finished: the progress bar, the OK/KO counts and each link's status. */
export function BulkImportProgress({ state }: { state: SavedBulkImport }) {
  const { phase, koCount } = state;
  return (
    <Stack gap="md">
      <div>
        <Group justify="space-between" mb={6}>
          <Text size="sm" fw={500}>
            {phase === 'importing' ? 'Importing…' : 'Import finished'}
          </Text>
          <Text size="sm" c="dimmed" data-testid="bulk-progress-count">
            {state.done} / {state.total}
          </Text>
        </Group>
        <Progress
          value={state.percent}
          size="lg"
          radius="xl"
          animated={phase === 'importing'}
          aria-label="Import progress"
          color={koCount ? 'yellow' : 'teal'}
        />
      </div>
      <Group gap="xs">
        <Badge color="teal" variant="light">
          {state.okCount} OK
        </Badge>
        <Badge color="red" variant="light">
          {koCount} KO
        </Badge>
      </Group>
      <ScrollArea.Autosize mah={280} type="auto" offsetScrollbars>
        <Stack gap={6} data-testid="bulk-statuses">
          {state.statuses.map((s, i) => (
            <Group key={`${i}-${s.url}`} gap="xs" wrap="nowrap" align="flex-start" data-state={s.state}>
              <StatusIcon status={s} />
              <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                <Text size="sm" truncate="end" title={s.url}>
                  {truncate(s.url, 90)}
                </Text>
                {s.reason && (
                  <Text size="xs" c={s.state === 'ko' ? 'red' : 'yellow.8'}>
                    {s.reason}
                  </Text>
                )}
              </Stack>
            </Group>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <Group justify="flex-end">
        <Button onClick={state.close} disabled={phase === 'importing'}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
