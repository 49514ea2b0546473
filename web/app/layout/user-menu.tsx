import { Avatar, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBuilding, IconLogout, IconSettings } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { can } from '../../lib/can';
import type { CurrentUser } from '../../lib/session';
import { useLogout } from '../../lib/use-logout';
import classes from './layout.module.css';
import { initials } from '../../lib/initials';

/** Avatar, name, organization; Organization details (admins), Settings, Log out. */
export function UserMenu({ user, projectId }: { user: CurrentUser; projectId: string }) {
  const navigate = useNavigate();
  const { logout } = useLogout();
  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.userButton} aria-label="Account menu">
          <Avatar src={user.avatar} radius="xl" size={34} color="brand" alt={user.name}>
            {initials(user.name)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Group gap="sm" p="sm" wrap="nowrap">
          <Avatar src={user.avatar} radius="xl" size={40} color="brand" alt="">
            {initials(user.name)}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" truncate>
              {user.name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.organization?.name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.email}
            </Text>
          </Stack>
        </Group>
        <Menu.Divider />
        {can(user, 'org.admin') && (
          <Menu.Item leftSection={<IconBuilding size={16} />} onClick={() => navigate(`/organization-details/${projectId}`)}>
            Organization details
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => navigate('/settings')}>
          Settings
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
