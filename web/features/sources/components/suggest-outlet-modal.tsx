import { Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { closeThenReset } from '../../../components/modal-reset';
import secondary from '../../../components/secondary-text.module.css';
import { SuggestResultView } from './suggest-result';
import { useSuggestForm } from './use-suggest-form';

function Looking({ domain }: { domain: string }) {
  return (
    <Group gap="sm" wrap="nowrap" role="status" aria-live="polite" data-testid="suggest-looking">
      <Loader size="sm" />
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {MSG.outlets.suggestLooking(domain)}
        </Text>
        <Text size="xs" className={secondary.secondary}>
          {MSG.outlets.suggestLookingDetail}
        </Text>
      </Stack>
    </Group>
  );
}

/**
 * "Suggest an outlet" for an organization's admins: an address, then what Coverwatch found there
 * and what happens next (the operator's review, or at once with self-service).
 */
export function SuggestOutletModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const f = useSuggestForm();
  const close = () => closeThenReset(onClose, f.again);
  return (
    <Modal opened={opened} onClose={close} title="Suggest an outlet" closeButtonProps={{ 'aria-label': 'Close' }} size="md">
      {f.result ? (
        <Stack gap="md">
          <SuggestResultView result={f.result} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={f.again}>
              Suggest another
            </Button>
            {/* The form is gone: focus moves to the way out rather than to the page behind. */}
            <Button onClick={close} autoFocus>
              Done
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={f.onSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm">{MSG.outlets.suggestIntro}</Text>
            <TextInput
              label="Outlet address"
              placeholder="example.com"
              required
              data-autofocus
              leftSection={<IconLink size={16} />}
              readOnly={f.looking}
              {...f.form.getInputProps('url')}
            />
            {f.looking && <Looking domain={f.asked} />}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={f.looking}>
                Suggest
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
