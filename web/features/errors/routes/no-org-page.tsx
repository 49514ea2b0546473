import { Button, Code, Text } from '@mantine/core';
import { IconLogout, IconUserShield } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { PublicFrame } from '../../../components/public-frame';
import { StatusPage } from '../../../components/status-page';
import { useLogout } from '../../../lib/use-logout';

/** /errors/no-org: 403, contact an admin, code NoOrg (a user with no organization). */
export function NoOrgPage() {
  const { logout, pending } = useLogout();
  return (
    <PublicFrame logoTo="app">
      <StatusPage
        code="403"
        color="orange"
        icon={<IconUserShield size={32} />}
        title="Contact an admin"
        message={MSG.pages.noOrg}
        actions={
          <Button variant="default" leftSection={<IconLogout size={16} />} onClick={() => void logout()} loading={pending}>
            Log out
          </Button>
        }
      >
        <Text size="sm" c="dimmed">
          Error code: <Code>NoOrg</Code>
        </Text>
      </StatusPage>
    </PublicFrame>
  );
}
