import type { ReactNode } from 'react';
import { Badge, Group, List, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { formatPrice, type PlanOffer } from './plan-offers';

export function PlanCard({ plan, period, action }: { plan: PlanOffer; period: 'monthly' | 'annual'; action: ReactNode }) {
  const price = period === 'monthly' ? plan.monthly : plan.annual;
  return (
    <Paper withBorder shadow={plan.highlighted ? 'md' : 'xs'} p="lg" style={plan.highlighted ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}>
      <Stack gap="md" h="100%">
        <Group justify="space-between">
          <Text fw={700} size="lg">
            {plan.name}
          </Text>
          {plan.highlighted && <Badge variant="light">Most popular</Badge>}
        </Group>
        <div>
          <Text fz={32} fw={750} lh={1}>
            {price === null ? 'Let’s talk' : formatPrice(price)}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            {price === null ? 'Priced for your team' : period === 'monthly' ? 'per month' : 'per year (about 10% off)'}
          </Text>
        </div>
        <List spacing={6} size="sm" style={{ flex: 1 }} icon={<ThemeIcon size={18} radius="xl" variant="light"><IconCheck size={12} /></ThemeIcon>}>
          {plan.features.map((f) => (
            <List.Item key={f}>{f}</List.Item>
          ))}
        </List>
        {action}
      </Stack>
    </Paper>
  );
}
