import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Group, List, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { BillingPeriod } from '../../../../common/plans';
import type { PlanOffer } from '../api/products';
import { PriceBox } from './price-box';

/** Features listed before "See more" (spec: see-more/see-less toggle). */
const FEATURES_SHOWN = 4;

/** One plan of the upgrade dialog: name, price box, description, features, and its action. */
export function PlanColumn({ plan, period, current, action }: { plan: PlanOffer; period: BillingPeriod; current: boolean; action: ReactNode }) {
  const [expanded, setExpanded] = useState(false);
  const hidden = plan.features.length - FEATURES_SHOWN;
  const features = expanded ? plan.features : plan.features.slice(0, FEATURES_SHOWN);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      shadow={plan.highlighted ? 'md' : 'xs'}
      aria-label={`${plan.name} plan`}
      role="group"
      // An outline rather than a thicker border: the highlighted column keeps its neighbours' inner alignment.
      style={plan.highlighted ? { outline: '2px solid var(--mantine-primary-color-filled)', outlineOffset: -1 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={700} size="lg">
            {plan.name}
          </Text>
          {current ? (
            <Badge variant="filled" color="gray">
              Current plan
            </Badge>
          ) : (
            plan.highlighted && <Badge variant="light">Most popular</Badge>
          )}
        </Group>
        <PriceBox plan={plan} period={period} />
        <Text size="sm" c="dimmed" lh={1.4}>
          {plan.description}
        </Text>
        <Stack gap={4} style={{ flex: 1 }}>
          <List spacing={4} size="sm" icon={<ThemeIcon size={18} radius="xl" variant="light"><IconCheck size={12} /></ThemeIcon>}>
            {features.map((f) => (
              <List.Item key={f}>{f}</List.Item>
            ))}
          </List>
          {hidden > 0 && (
            <Anchor component="button" type="button" size="sm" onClick={() => setExpanded((e) => !e)} aria-expanded={expanded} style={{ alignSelf: 'flex-start' }}>
              {expanded ? 'See less' : `See more (${hidden})`}
            </Anchor>
          )}
        </Stack>
        {action}
      </Stack>
    </Paper>
  );
}
