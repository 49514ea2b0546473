import { MSG } from '../../../../common/messages';
import { Card, EmptyState, Stack } from '@mantine/core';
import { IconBellRinging, IconMail } from '@tabler/icons-react';
import { CardTitle } from './card-title';

/**
 * Project email notifications (organizations with the notification card). Its API comes with
 * alerts; until then the card says so instead of showing switches that would do nothing.
 */
export function NotificationsCard() {
  return (
    <Card withBorder radius="md" padding="lg" shadow="xs">
      <Stack gap="lg">
        <CardTitle icon={<IconMail size={18} />} title="Project email notifications" description="Choose which projects send you an email when new coverage arrives." />
        <EmptyState
          size="sm"
          variant="light"
          icon={<IconBellRinging size={22} />}
          title="Notifications arrive with alerts"
          description={MSG.settings.notificationsPending}
        />
      </Stack>
    </Card>
  );
}
