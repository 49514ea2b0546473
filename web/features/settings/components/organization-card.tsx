import { useState } from 'react';
import { Avatar, Badge, Button, Card, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowsExchange, IconBuilding, IconPlus, IconRocket } from '@tabler/icons-react';
import { ROLE } from '../../../../common/limits';
import { ManageSubscriptionButton } from '../../../components/manage-subscription-button';
import { abilityOf, can } from '../../../lib/can';
import type { CurrentUser } from '../../../lib/session';
import { hasLiveSubscription, showsUpgrade } from '../../billing/api/billing-access';
import { subscriptionSummary } from '../../billing/api/subscription';
import { useUpgradeDialogState } from '../../billing/api/upgrade-link';
import { useSwitchOrganization } from '../api/settings';
import { AddOrganizationModal } from './add-organization-modal';
import { CardTitle } from './card-title';

const roleName = (roleId: number) => (Number(roleId) === ROLE.admin ? 'Admin' : 'User');

/**
 * Upgrade (the upgrade dialog) and Manage subscription (the customer portal, or why it cannot open).
 * An organization that already pays through Stripe changes plans in the portal, so that one leads.
 */
function SubscriptionActions({ user }: { user: CurrentUser }) {
  const { open } = useUpgradeDialogState();
  const subscribed = hasLiveSubscription(user.organization);
  return (
    <Group gap="sm">
      <Button variant={subscribed ? 'default' : 'filled'} leftSection={<IconRocket size={16} />} onClick={() => open('plans')}>
        {subscribed ? 'Compare plans' : 'Upgrade'}
      </Button>
      <ManageSubscriptionButton user={user} variant={subscribed ? 'filled' : 'default'} />
    </Group>
  );
}

/**
 * Organization: the current one, its plan and where it stands (Upgrade, Manage subscription for admins),
 * the user's other organizations (switch), Add organization.
 */
export function OrganizationCard({ user }: { user: CurrentUser }) {
  const [adding, setAdding] = useState(false);
  const switchOrg = useSwitchOrganization(user.id);
  const org = user.organization;
  const currentId = org ? String(org.id) : null;
  const admin = can(user, 'org.admin');
  const memberships = user.organizations ?? [];
  // The server's decision, with the organizations the user already administers counted.
  const add = abilityOf(user, 'organizations.create');
  const addBlocked = add && !add.allowed ? add.message : null;
  const summary = subscriptionSummary(org);

  return (
    <Card withBorder radius="md" padding="lg" shadow="xs">
      <Stack gap="lg">
        <CardTitle icon={<IconBuilding size={18} />} title="Organization" description="The organization you are working in, and the others you belong to." />
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Stack gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Current organization
            </Text>
            <Text fw={650} size="lg">
              {org?.name ?? '–'}
            </Text>
          </Stack>
          <Stack gap={2} align="flex-end">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Plan
            </Text>
            <Badge variant="light" size="lg">
              {org?.['plan-name'] ?? org?.plan ?? '–'}
            </Badge>
            {summary && (
              <Text size="xs" c={summary.color ?? 'dimmed'} data-testid="subscription-summary">
                {summary.text}
              </Text>
            )}
          </Stack>
        </Group>
        {showsUpgrade(user) && <SubscriptionActions user={user} />}
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Your organizations
          </Text>
          <Stack gap={6} role="list" aria-label="Your organizations">
            {memberships.map((m) => {
              const current = String(m.id) === currentId;
              return (
                <Paper key={m.id} withBorder radius="md" px="sm" py={8} role="listitem" bg={current ? 'var(--mantine-primary-color-light)' : undefined}>
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                      <Avatar size={30} radius="md" color="brand" alt="">
                        {m.name.trim()[0]?.toUpperCase()}
                      </Avatar>
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text size="sm" fw={600} truncate>
                          {m.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {roleName(m['role-id'])}
                        </Text>
                      </Stack>
                    </Group>
                    {current ? (
                      <Badge variant="filled" size="sm">
                        Current
                      </Badge>
                    ) : (
                      <Button
                        size="compact-sm"
                        variant="light"
                        leftSection={<IconArrowsExchange size={14} />}
                        aria-label={`Switch to ${m.name}`}
                        loading={switchOrg.isPending && switchOrg.variables === String(m.id)}
                        disabled={switchOrg.isPending}
                        onClick={() => switchOrg.mutate(String(m.id))}
                      >
                        Switch
                      </Button>
                    )}
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        </Stack>
        {admin && (
          <Group>
            <Tooltip label={addBlocked} disabled={!addBlocked} multiline w={260}>
              <span>
                <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} disabled={!!addBlocked}>
                  Add organization
                </Button>
              </span>
            </Tooltip>
          </Group>
        )}
      </Stack>
      <AddOrganizationModal opened={adding} onClose={() => setAdding(false)} />
    </Card>
  );
}
