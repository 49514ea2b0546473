import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { organizationNameSchema } from '../../../../common/schemas/organizations';
import { toastError } from '../../../components/toasts';
import { serverFieldErrors } from '../../../lib/form';
import { useUpdateOrganization } from '../api/organization';

export interface OrganizationNameFormProps {
  orgId: string;
  name: string;
  /** Admins rename the organization; others read its name. */
  editable: boolean;
}

/** The first message of the shared schema (empty first, then 3–30 characters), or null. */
function nameProblem(value: string): string | null {
  const result = organizationNameSchema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? MSG.organization.nameEmpty);
}

/** The organization's name: a field and Save for admins, plain text for everyone else. */
export function OrganizationNameForm({ orgId, name, editable }: OrganizationNameFormProps) {
  const update = useUpdateOrganization(orgId);
  const [value, setValue] = useState(name);
  const [serverError, setServerError] = useState<string | null>(null);

  if (!editable) {
    return (
      <Stack gap={2}>
        <Text size="sm" fw={500}>
          Organization name
        </Text>
        <Text size="lg" fw={600}>
          {name}
        </Text>
      </Stack>
    );
  }

  const trimmed = value.trim();
  const changed = trimmed !== name;
  // The message shows as soon as the name is edited; the untouched name needs none.
  const problem = value !== name ? nameProblem(value) : null;
  const disabled = update.isPending || trimmed === '' || !changed || problem !== null;

  async function save(e: FormEvent) {
    e.preventDefault();
    if (disabled) return;
    setServerError(null);
    try {
      await update.mutateAsync({ name: trimmed });
    } catch (err) {
      const field = serverFieldErrors(err).name;
      if (field) setServerError(field);
      else toastError(err, MSG.organization.updateFailed);
    }
  }

  return (
    <form onSubmit={save} noValidate>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          label="Organization name"
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setServerError(null);
          }}
          error={problem ?? serverError}
          required
          style={{ flex: 1 }}
          maxLength={60}
        />
        <Button type="submit" mt={25} disabled={disabled} loading={update.isPending} leftSection={<IconDeviceFloppy size={16} />}>
          Save
        </Button>
      </Group>
    </form>
  );
}
