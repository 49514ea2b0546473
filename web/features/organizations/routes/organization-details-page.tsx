import type { ReactNode } from 'react';
import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconLock, IconRocket } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { ManageSubscriptionButton } from '../../../components/manage-subscription-button';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/can';
import { useCurrentUser } from '../../../lib/session';
import { showsUpgrade } from '../../billing/api/billing-access';
import { useUpgradeDialogState } from '../../billing/api/upgrade-link';
import { useOrganization } from '../api/organization';
import { MembersTable } from '../components/members-table';
import { OrganizationProfileCard } from '../components/organization-profile-card';

/**
 * /organization-details/{projectId}: "{org} details" (admins, from the user menu). `adminSections`:
 * further cards for admins composed by the app (the outlets the organization can suggest).
 */
export function OrganizationDetailsPage({ adminSections }: { adminSections?: ReactNode } = {}) {
  const user = useCurrentUser().data;
  const orgId = user?.organization ? String(user.organization.id) : undefined;
  const org = useOrganization(orgId);
  const admin = useCan('org.admin');
  const { open: openUpgrade } = useUpgradeDialogState();
  const name = org.data?.name ?? user?.organization?.name ?? 'Organization';

  return (
    <>
      <PageHeader
        title={`${name} details`}
        description="Your organization's name, logo, subscription and members."
        actions={
          admin ? (
            <Group gap="sm">
              {showsUpgrade(user) && (
                <Button variant="light" leftSection={<IconRocket size={16} />} onClick={() => openUpgrade('plans')}>
                  Upgrade
                </Button>
              )}
              <ManageSubscriptionButton user={user} />
            </Group>
          ) : undefined
        }
      />
      <Stack gap="xl">
        {!admin && (
          <Alert color="blue" variant="light" icon={<IconLock size={18} />} title={MSG.settings.onlyAdminsTitle}>
            {MSG.settings.onlyAdmins}
          </Alert>
        )}
        {org.isError && (
          <Alert color="red" icon={<IconInfoCircle size={18} />} title={MSG.somethingWrong}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{org.error.message}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => org.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        )}
        {org.data ? <OrganizationProfileCard org={org.data} editable={admin} /> : !org.isError && <Skeleton height={160} radius="md" />}
        {admin && adminSections}
        {admin && orgId && user && (
          <Stack gap="sm">
            <div>
              <Title order={2} fz={20}>
                Members
              </Title>
              <Text size="sm" c="dimmed">
                Everyone who belongs to {name}, including members who were removed.
              </Text>
            </div>
            <MembersTable orgId={orgId} organizationName={name} currentUserId={String(user.id)} admin={admin} />
          </Stack>
        )}
      </Stack>
    </>
  );
}
