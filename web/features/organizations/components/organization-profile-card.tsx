import { Badge, Card, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { subscriptionSummary } from '../../billing/api/subscription';
import type { OrganizationDetails } from '../api/organization';
import { LogoEditor } from './logo-editor';
import { OrganizationNameForm } from './organization-name-form';

/** Logo, name and plan of the organization (and where its subscription stands); admins change the first two. */
export function OrganizationProfileCard({ org, editable }: { org: OrganizationDetails; editable: boolean }) {
  const summary = subscriptionSummary(org);
  return (
    <Card withBorder radius="md" padding="lg" shadow="xs">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <LogoEditor orgId={org.id} name={org.name} logo={org.avatar} editable={editable} />
        <Stack gap="md">
          {/* Keyed by the saved name: a rename from elsewhere resets the field. */}
          <OrganizationNameForm key={org.name} orgId={org.id} name={org.name} editable={editable} />
          <Divider />
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Plan
            </Text>
            <Badge variant="light">{org['plan-name'] ?? org.plan}</Badge>
            {summary && (
              <Text size="xs" c={summary.color ?? 'dimmed'}>
                {summary.text}
              </Text>
            )}
          </Group>
        </Stack>
      </SimpleGrid>
    </Card>
  );
}
