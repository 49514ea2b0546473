import { Badge, Group, Stack, Text } from '@mantine/core';
import type { BillingPeriod } from '../../../../common/plans';
import { annualDiscountPercent, formatPrice, type PlanOffer } from '../api/products';

/** A plan's price for the chosen period: per month, or per year with its monthly equivalent and saving. */
export function PriceBox({ plan, period }: { plan: PlanOffer; period: BillingPeriod }) {
  if (plan.monthly === null || plan.annual === null) {
    return (
      <Stack gap={2} mih={64} justify="center">
        <Text fz={28} fw={750} lh={1.1}>
          Let’s talk
        </Text>
        <Text size="xs" c="dimmed">
          Priced for your team
        </Text>
      </Stack>
    );
  }
  const discount = annualDiscountPercent(plan.monthly, plan.annual);
  const price = period === 'monthly' ? plan.monthly : plan.annual;
  return (
    <Stack gap={2} mih={64} justify="center">
      <Group gap={6} align="baseline" wrap="nowrap">
        <Text fz={28} fw={750} lh={1.1}>
          {formatPrice(price, plan.currency)}
        </Text>
        <Text size="sm" c="dimmed">
          {period === 'monthly' ? '/ month' : '/ year'}
        </Text>
        {period === 'annual' && discount !== null && discount > 0 && (
          <Badge size="sm" color="teal" variant="light">
            Save {discount} %
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {period === 'monthly'
          ? `or ${formatPrice(plan.annual, plan.currency)} billed yearly`
          : `${formatPrice(Math.round(plan.annual / 12), plan.currency)} / month, billed yearly`}
      </Text>
    </Stack>
  );
}
