import type { ReactNode } from 'react';
import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { Can, useCan } from '../../../lib/can';
import { useCurrentUser } from '../../../lib/session';
import { AccountCard } from '../components/account-card';
import { ChatWorkspaceCard } from '../components/chat-workspace-card';
import { InvitationCard } from '../components/invitation-card';
import { MailOutboxCard } from '../components/mail-outbox-card';
import { NotificationsCard } from '../components/notifications-card';
import { OrganizationCard } from '../components/organization-card';

/** /settings: account, organization and notification settings; `children`: more notification settings (the app's screen adds spike alerts). */
export function SettingsPage({ children }: { children?: ReactNode }) {
  const user = useCurrentUser().data;
  const admin = useCan('org.admin');

  return (
    <>
      <PageHeader title="Settings" description="Your account, your organization and your notifications." />
      {!user ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Skeleton height={260} radius="md" />
          <Skeleton height={260} radius="md" />
        </SimpleGrid>
      ) : (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
            {/* Keyed by the saved name: a change made elsewhere resets the field. */}
            <AccountCard key={user.name} user={user} />
            <OrganizationCard user={user} />
            <InvitationCard admin={admin} />
            {admin && <ChatWorkspaceCard />}
          </SimpleGrid>
          {/* Every organization: every plan has alerts, so every plan has their e-mail digests (issue 15). */}
          {user.organization && <NotificationsCard userId={user.id} />}
          {user.organization && children}
          <Can action="mail.read">
            <MailOutboxCard />
          </Can>
        </Stack>
      )}
    </>
  );
}
