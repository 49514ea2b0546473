import { Alert, Button, Group, Text } from '@mantine/core';
import { IconInfoCircle, IconMail } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import type { UpgradeAccess } from '../api/billing-access';
import { mailtoHref } from '../api/products';

/** Above the plans, once: why the buttons below are disabled, or whom to write to when this server takes no payments. */
export function AccessNotice({ access }: { access: UpgradeAccess }) {
  if (access.kind === 'not_connected')
    return (
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} py="xs">
        <Group justify="space-between" gap="sm">
          <Text size="sm" style={{ flex: '1 1 320px' }}>
            {MSG.billing.notConnected(access.contactEmail)}
          </Text>
          <Button
            size="xs"
            variant="white"
            component="a"
            href={mailtoHref(access.contactEmail, 'Choosing a Coverwatch plan')}
            leftSection={<IconMail size={14} />}
          >
            Write to {access.contactEmail}
          </Button>
        </Group>
      </Alert>
    );
  if (access.kind === 'not_admin' || access.kind === 'no_customer')
    return (
      <Alert color={access.kind === 'not_admin' ? 'blue' : 'orange'} variant="light" icon={<IconInfoCircle size={18} />} py="xs">
        <Text size="sm">{access.reason}</Text>
      </Alert>
    );
  if (access.kind === 'portal')
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} py="xs">
        <Text size="sm">{MSG.billing.alreadySubscribed}</Text>
      </Alert>
    );
  return null;
}
