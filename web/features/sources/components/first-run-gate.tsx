import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPackages, IconRadar } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { useCan } from '../../../lib/can';
import { useFinishFirstRun } from '../api/first-run';
import { useSourcePacks, type SourcePacks } from '../api/source-packs';
import { onDemand } from '../../../components/on-demand';

// The packs chooser loads when "Choose packs" first opens it.
const FirstRunModal = onDemand(() => import('./first-run-modal').then((m) => m.FirstRunModal));

function FirstRunCallout({ data, onChoose }: { data: SourcePacks; onChoose: () => void }) {
  const finish = useFinishFirstRun();
  const s = data.summary;
  const titleId = 'sources-first-run-title';
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      data-testid="sources-first-run"
      withBorder
      radius="md"
      p="md"
      mb="md"
      bg="var(--mantine-color-brand-light)"
      style={{ borderColor: 'var(--mantine-color-brand-light-hover)' }}
    >
      <Group justify="space-between" align="center" gap="md">
        <Group gap="sm" align="flex-start" wrap="nowrap" style={{ flex: '1 1 26rem' }}>
          <ThemeIcon size={36} radius="xl" variant="filled" aria-hidden>
            <IconRadar size={20} />
          </ThemeIcon>
          <Stack gap={4}>
            <Text fw={650} id={titleId}>
              {MSG.outlets.firstRunTitle(s.directory_outlets, s.directory_languages)}
            </Text>
            <Text size="sm">{MSG.outlets.firstRunIntro}</Text>
          </Stack>
        </Group>
        <Group gap="xs" wrap="nowrap" ms="auto">
          <Button variant="default" onClick={() => finish.mutate()} loading={finish.isPending}>
            Not now
          </Button>
          <Button leftSection={<IconPackages size={16} />} onClick={onChoose}>
            Choose packs
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * Above every page of the platform operator's admins until they answer it (GET source_packs
 * `meta.first_run_done`): the directory is there and nothing is fetched yet; "Choose packs"
 * opens the chooser, "Not now" answers it without switching anything on. A callout rather than
 * a modal that opens by itself, so that it never stands between the operator and the screen
 * they asked for. Nobody else asks for the packs.
 */
export function SourcesFirstRun() {
  const allowed = useCan('operator.console');
  const packs = useSourcePacks(allowed);
  const [choosing, setChoosing] = useState(false);
  if (!allowed || !packs.data || packs.data.packs.length === 0) return null;
  return (
    <>
      {!packs.data.summary.first_run_done && <FirstRunCallout data={packs.data} onChoose={() => setChoosing(true)} />}
      {/* Outside the callout: answering hides the callout, and the chooser still closes gracefully. */}
      <FirstRunModal opened={choosing} onClose={() => setChoosing(false)} data={packs.data} />
    </>
  );
}
