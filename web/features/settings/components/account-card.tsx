import { useState, type FormEvent } from 'react';
import { Avatar, Badge, Button, Card, Divider, FileButton, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy, IconPhotoUp, IconUser } from '@tabler/icons-react';
import { LIMITS } from '../../../../common/limits';
import { MSG } from '../../../../common/messages';
import { userNameSchema } from '../../../../common/schemas/auth';
import { toastError, toastSuccess } from '../../../components/toasts';
import { serverFieldErrors } from '../../../lib/form';
import { can } from '../../../lib/can';
import type { CurrentUser } from '../../../lib/session';
import { IMAGE_TYPES, imageFileProblem } from '../../../lib/upload';
import { useChangeAvatar, useUpdateName } from '../api/settings';
import { CardTitle } from './card-title';
import { initials } from '../../../lib/initials';
import { tierName, useTiers } from '../../../lib/tiers';
import { useSetOpenProjectsFirst } from '../../../lib/user-preferences';

function nameProblem(value: string): string | null {
  const result = userNameSchema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? MSG.validation.nameRequired);
}

/** Account: the profile picture (changed at once) and the name (with Save). */
export function AccountCard({ user }: { user: CurrentUser }) {
  const changeAvatar = useChangeAvatar(user.id);
  const updateName = useUpdateName(user.id);
  const setProjectsFirst = useSetOpenProjectsFirst(user.id);
  // The role in the current organization, by what it allows: an admin administers it.
  const admin = can(user, 'org.admin');
  const roleLabel = admin ? 'Admin' : 'User';
  // Tiers 1 and 2 are the role names themselves: only a plan tier adds anything beside the role.
  const tier = tierName(useTiers().data, user['tier-id']);
  const [name, setName] = useState(user.name);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  const trimmed = name.trim();
  const problem = name !== user.name ? nameProblem(name) : null;
  const disabled = updateName.isPending || trimmed === '' || trimmed === user.name || problem !== null;

  function pick(file: File | null) {
    if (!file) return;
    const bad = imageFileProblem(file);
    setFileProblem(bad);
    if (!bad) changeAvatar.mutate(file);
  }

  function toggleProjectsFirst(value: boolean) {
    setProjectsFirst.mutate(value, {
      onSuccess: () => toastSuccess(value ? MSG.workspace.projectsFirstOn : MSG.workspace.projectsFirstOff),
      onError: (err) => toastError(err, MSG.modal.settingsFailure),
    });
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    if (disabled) return;
    setServerError(null);
    try {
      await updateName.mutateAsync(trimmed);
    } catch (err) {
      const field = serverFieldErrors(err).name;
      if (field) setServerError(field);
      else toastError(err, MSG.modal.settingsFailure);
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" shadow="xs">
      <Stack gap="lg">
        <CardTitle icon={<IconUser size={18} />} title="Account" description="How you appear to your organization." />
        <Group gap="md" wrap="nowrap">
          <Avatar src={user.avatar} size={72} radius="xl" color="brand" alt={user.name}>
            {initials(user.name)}
          </Avatar>
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Title order={3} fz="md" style={{ overflowWrap: 'anywhere' }}>
                {user.name}
              </Title>
              <Badge variant="light" color={admin ? 'brand' : 'gray'} size="sm">
                {roleLabel}
              </Badge>
              {tier && tier !== roleLabel && (
                <Badge variant="outline" color="gray" size="sm">
                  {tier} tier
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
            <FileButton onChange={pick} accept={IMAGE_TYPES.join(',')} disabled={changeAvatar.isPending}>
              {(props) => (
                <Button {...props} variant="default" size="xs" w="fit-content" leftSection={<IconPhotoUp size={14} />} loading={changeAvatar.isPending}>
                  Change profile picture
                </Button>
              )}
            </FileButton>
            <Text size="xs" c={fileProblem ? 'red' : 'dimmed'}>
              {fileProblem ?? `JPEG or PNG, up to ${LIMITS.uploadMaxBytes / (1024 * 1024)} MB.`}
            </Text>
          </Stack>
        </Group>
        <form onSubmit={save} noValidate>
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              label="Name"
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setServerError(null);
              }}
              error={problem ?? serverError}
              required
              style={{ flex: 1 }}
            />
            <Button type="submit" mt={25} disabled={disabled} loading={updateName.isPending} leftSection={<IconDeviceFloppy size={16} />}>
              Save
            </Button>
          </Group>
        </form>
        <Divider />
        <Switch
          label="Open the projects page first"
          description="When you open Coverwatch, start on the projects page instead of the articles feed of your project."
          // The server's answer is the truth: the switch follows the saved user, not the click.
          checked={setProjectsFirst.isPending ? setProjectsFirst.variables : (user.open_projects_first ?? false)}
          disabled={setProjectsFirst.isPending}
          onChange={(e) => toggleProjectsFirst(e.currentTarget.checked)}
        />
      </Stack>
    </Card>
  );
}
