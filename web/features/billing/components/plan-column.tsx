import type { ReactNode } from 'react';
import { Badge, Group, List, Paper, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { BillingPeriod } from '../../../../common/plans';
import secondary from '../../../components/secondary-text.module.css';
import type { PlanOffer } from '../api/products';
import { PriceBox } from './price-box';

const INCLUDED_ICON = (
  <ThemeIcon size={18} radius="xl" variant="light" aria-hidden>
    <IconCheck size={12} />
  </ThemeIcon>
);

const MISSING_ICON = (
  <ThemeIcon size={18} radius="xl" variant="light" color="gray" aria-hidden>
    <IconX size={12} />
  </ThemeIcon>
);

/**
 * What a plan includes, each with a ✓, then what it lacks, each with a ✗ in muted text and read as
 * "Not included: …". All of it shows at once: behind the spec's see-more toggle, what a plan lacks
 * wore the same ✓ as what it has (issue 27), and the lacks are what tell the plans apart.
 */
function PlanFeatures({ plan }: { plan: PlanOffer }) {
  return (
    <Stack gap={4} style={{ flex: 1 }}>
      <List spacing={4} size="sm" icon={INCLUDED_ICON} aria-label={`Included in ${plan.name}`}>
        {plan.features.map((f) => (
          <List.Item key={f}>
            <span dir="auto">{f}</span>
          </List.Item>
        ))}
      </List>
      {plan.missingFeatures.length > 0 && (
        <List spacing={4} size="sm" icon={MISSING_ICON} aria-label={`Not included in ${plan.name}`}>
          {plan.missingFeatures.map((f) => (
            <List.Item key={f}>
              {/* Muted, yet above AA contrast in both schemes (Mantine's dimmed is not). */}
              <Text span size="sm" className={secondary.secondary} dir="auto">
                <VisuallyHidden>Not included: </VisuallyHidden>
                {f}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** One plan of the upgrade dialog: name, price box, description, features, and its action. */
export function PlanColumn({ plan, period, current, action }: { plan: PlanOffer; period: BillingPeriod; current: boolean; action: ReactNode }) {
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
        <PlanFeatures plan={plan} />
        {action}
      </Stack>
    </Paper>
  );
}
