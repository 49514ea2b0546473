import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { organizationCreateBody } from '../../../../common/schemas/organizations';
import { closeThenReset } from '../../../components/modal-reset';
import { ApiError } from '../../../lib/api';
import { documentErrors, serverFieldErrors } from '../../../lib/form';
import { addOrganizationDocument, useAddOrganization } from '../api/settings';

/** The message of a refused creation: the server's words for a plan limit, else the catalogue's. */
function failureMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === -1) return MSG.networkFail;
    if (err.status === 403 || err.code === 'plan_limit') return err.errors[0]?.detail ?? MSG.organization.limitReached;
  }
  return MSG.organization.addFailed;
}

/** "Add organization" (admins): a name of 3 to 30 characters; the new organization becomes the current one. */
export function AddOrganizationModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const add = useAddOrganization();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: '' },
    validate: (values) => documentErrors(organizationCreateBody, addOrganizationDocument(values.name)),
  });

  const close = () =>
    closeThenReset(onClose, () => {
      form.reset();
      setFailure(null);
    });

  async function submit(values: { name: string }) {
    setFailure(null);
    try {
      await add.mutateAsync(values.name);
      close();
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (fields.name) form.setErrors({ name: fields.name });
      else setFailure(failureMessage(err));
    }
  }

  return (
    <Modal opened={opened} onClose={close} title="Add organization" size="md">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            The new organization shares your plan and billing. You become its admin and switch to it right away.
          </Text>
          <TextInput label="Organization name" placeholder="Nebula Games EMEA" required data-autofocus {...form.getInputProps('name')} />
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={add.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add organization
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
