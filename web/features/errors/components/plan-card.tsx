import type { ReactNode } from 'react';
import { Badge, Group, List, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { annualDiscountPercent, formatPrice, type PlanOffer } from './plan-offers';

export function PlanCard({ plan, period, action }: { plan: PlanOffer; period: 'monthly' | 'annual'; action: ReactNode }) {
  const price = period === 'monthly' ? plan.monthly : plan.annual;
  const discount = annualDiscountPercent(plan.monthly, plan.annual);
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
            {price === null ? 'Let’s talk' : formatPrice(price, plan.currency)}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            {price === null ? 'Priced for your team' : period === 'monthly' ? 'per month' : discount && discount > 0 ? `per year (save ${discount}%)` : 'per year'}
          </Text>
        </div>
        <Text size="sm" c="dimmed">
          {plan.description}
        </Text>
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
