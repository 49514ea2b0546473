import { useState } from 'react';
import { ActionIcon, Avatar, Drawer, Stack, Text, TextInput, ThemeIcon, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCheck, IconFolderOff, IconPin, IconPinFilled, IconSearch } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { MSG } from '../../../common/messages';
import { apiFetch } from '../../lib/api';
import { userQueryKey, type CurrentUser } from '../../lib/session';
import { activeProjects, type Project } from '../../lib/workspace';
import { toastError, toastSuccess } from '../../components/toasts';
import { switchProjectPath } from '../guards';
import { rememberProject } from '../last-project';
import classes from './layout.module.css';

export interface ProjectPickerProps {
  opened: boolean;
  onClose: () => void;
  user: CurrentUser;
  projects: readonly Project[];
  currentId: string;
}

/** "Choose a Project": active projects by name, a pin for the default one, a check on the open one. */
export function ProjectPicker({ opened, onClose, user, projects, currentId }: ProjectPickerProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const qc = useQueryClient();
  const [filter, setFilter] = useState('');
  const defaultId = user['default-project-id'] == null ? null : String(user['default-project-id']);

  const pin = useMutation({
    // PATCH user/{id}, type new_user with a project relationship (null clears the default).
    mutationFn: (projectId: string | null) =>
      apiFetch(`user/${user.id}`, {
        method: 'PATCH',
        body: {
          data: { type: 'new_user', id: user.id, relationships: { project: { data: projectId ? { type: 'project', id: projectId } : null } } },
        },
      }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: userQueryKey });
      toastSuccess(MSG.modal.userSettings);
    },
    onError: (err) => toastError(err),
  });

  const list = activeProjects(projects).filter((p) => `${p.name} ${p.client?.name ?? ''}`.toLowerCase().includes(filter.trim().toLowerCase()));

  function choose(project: Project) {
    rememberProject(project.id);
    onClose();
    // The same screen for the new project; the layout remounts the page, so its tables start
    // over: page 1, nothing checked, no filters.
    navigate(switchProjectPath(pathname, project.id));
  }

  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={<Text fw={650}>Choose a Project</Text>} size={380}>
      <Stack gap="sm">
        {projects.length > 8 && (
          <TextInput
            placeholder="Find a project"
            leftSection={<IconSearch size={16} />}
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value)}
            aria-label="Find a project"
          />
        )}
        {list.length === 0 && (
          <Stack align="center" gap={6} py="xl">
            <IconFolderOff size={28} stroke={1.5} color="var(--mantine-color-dimmed)" />
            <Text size="sm" c="dimmed">
              {MSG.emptyTable}
            </Text>
          </Stack>
        )}
        <Stack gap={4} role="list">
          {list.map((p) => {
            const active = p.id === currentId;
            const pinned = p.id === defaultId;
            return (
              <div key={p.id} className={classes.pickerRow} data-active={active || undefined} role="listitem">
                <UnstyledButton className={classes.pickerMain} onClick={() => choose(p)} aria-current={active || undefined}>
                  <Avatar src={p.avatar} radius="md" color="brand" size={36} alt="">
                    {p.name[0]?.toUpperCase()}
                  </Avatar>
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate>
                      {p.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {p.client?.name ?? '—'}
                    </Text>
                  </div>
                </UnstyledButton>
                <Tooltip label={pinned ? 'Default project (click to unpin)' : 'Set as default project'}>
                  <ActionIcon
                    variant={pinned ? 'light' : 'subtle'}
                    color={pinned ? 'brand' : 'gray'}
                    aria-label={pinned ? `Unpin ${p.name}` : `Pin ${p.name} as default`}
                    aria-pressed={pinned}
                    loading={pin.isPending && pin.variables === (pinned ? null : p.id)}
                    onClick={() => pin.mutate(pinned ? null : p.id)}
                  >
                    {pinned ? <IconPinFilled size={16} /> : <IconPin size={16} />}
                  </ActionIcon>
                </Tooltip>
                <ThemeIcon
                  variant="transparent"
                  color="brand"
                  size="sm"
                  style={{ visibility: active ? 'visible' : 'hidden' }}
                  aria-label={active ? 'Current project' : undefined}
                >
                  <IconCheck size={18} />
                </ThemeIcon>
              </div>
            );
          })}
        </Stack>
      </Stack>
    </Drawer>
  );
}
