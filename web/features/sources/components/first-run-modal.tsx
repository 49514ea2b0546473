import { useState } from 'react';
import { Button, Group, Modal, Progress, ScrollArea, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MSG } from '../../../../common/messages';
import { toastError, toastSuccess } from '../../../components/toasts';
import { useApplyPackChoice } from '../api/first-run';
import { groupByLanguage, type SourcePacks } from '../api/source-packs';
import secondary from '../../../components/secondary-text.module.css';
import { PackPicker } from './pack-picker';
import { usePackSelection } from './use-pack-selection';

interface Props {
  opened: boolean;
  onClose: () => void;
  data: SourcePacks;
}

/** The chooser itself: mounted on each opening, so it starts from the packs that are on. */
function FirstRunBody({ data, onClose, phone }: Omit<Props, 'opened'> & { phone: boolean }) {
  const selection = usePackSelection(data.packs);
  const [done, setDone] = useState(0);
  const apply = useApplyPackChoice(setDone);
  const firstRun = !data.summary.first_run_done;
  const total = selection.changes.length;

  async function start() {
    setDone(0);
    try {
      const { failed, switchedOn } = await apply.mutateAsync({ changes: selection.changes, finishFirstRun: firstRun });
      if (failed.length > 0) return toastError(null, MSG.outlets.firstRunFailed(failed.length));
      if (switchedOn > 0) toastSuccess(MSG.outlets.firstRunStarted(switchedOn));
      onClose();
    } catch (err) {
      toastError(err);
    }
  }

  async function notNow() {
    if (firstRun) {
      try {
        await apply.mutateAsync({ changes: [], finishFirstRun: true });
      } catch (err) {
        toastError(err);
      }
    }
    onClose();
  }

  const nothingToDo = total === 0 && (!firstRun || selection.count === 0);
  return (
    <Stack gap="md">
      <Text size="sm">{MSG.outlets.firstRunIntro}</Text>
      <Group gap="xs" wrap="wrap" role="group" aria-label="Quick picks">
        <Button
          size="xs"
          variant={selection.categoryChosen('games') ? 'filled' : 'default'}
          onClick={() => selection.toggleCategory('games')}
          aria-pressed={selection.categoryChosen('games')}
          data-autofocus
        >
          All games press
        </Button>
        <Button size="xs" variant="default" onClick={() => selection.chooseAll(true)}>
          Every pack
        </Button>
        <Button size="xs" variant="default" onClick={() => selection.chooseAll(false)}>
          None
        </Button>
      </Group>
      <ScrollArea.Autosize mah={phone ? 'calc(100dvh - 22rem)' : 'min(50dvh, 28rem)'} type="auto" offsetScrollbars>
        <PackPicker groups={groupByLanguage(data.packs)} selection={selection} />
      </ScrollArea.Autosize>
      <Text size="sm" fw={600} aria-live="polite" data-testid="first-run-count">
        {selection.count} {selection.count === 1 ? 'pack' : 'packs'} chosen · {selection.outlets.toLocaleString('en')} outlets
      </Text>
      {apply.isPending && total > 0 && <Progress value={(100 * done) / total} size="sm" aria-label={`Switched ${done} of ${total} packs`} />}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="xs" className={secondary.secondary} style={{ flex: '1 1 14rem' }}>
          {MSG.outlets.firstRunLater}
        </Text>
        <Group gap="sm" wrap="nowrap">
          <Button variant="default" onClick={notNow} disabled={apply.isPending}>
            {firstRun ? 'Not now' : 'Cancel'}
          </Button>
          <Button onClick={start} loading={apply.isPending} disabled={nothingToDo}>
            {selection.anyWasOn ? 'Save' : 'Start monitoring'}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/**
 * "Start monitoring 452 outlets in 14 languages": the operator chooses which source packs to
 * switch on. Shown once after the operator's first sign-in (until answered) and again from
 * Websites → Source packs. Nothing is fetched until a pack is switched on.
 */
export function FirstRunModal({ opened, onClose, data }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  const s = data.summary;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={MSG.outlets.firstRunTitle(s.directory_outlets, s.directory_languages)}
      size="xl"
      fullScreen={phone}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { lineHeight: 1.3 } }}
    >
      <FirstRunBody data={data} onClose={onClose} phone={!!phone} />
    </Modal>
  );
}
