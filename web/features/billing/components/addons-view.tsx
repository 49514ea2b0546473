import { useState } from 'react';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { ADDON_PLAN_CHOICES, ADDONS, PLAN_DEFAULTS } from '../../../../common/plans';
import { mailtoHref } from '../api/products';

/**
 * The add-ons view: pick the plan (monthly starter, annual starter, monthly pro, annual pro), see what
 * it includes and what can be added to it. Add-ons are priced on request, so the action is a message.
 */
export function AddonsView({ contactEmail, initialPlan }: { contactEmail: string; initialPlan?: string }) {
  const [choice, setChoice] = useState(ADDON_PLAN_CHOICES.find((c) => c.value === initialPlan)?.value ?? ADDON_PLAN_CHOICES[0].value);
  const selected = ADDON_PLAN_CHOICES.find((c) => c.value === choice) ?? ADDON_PLAN_CHOICES[0];
  const limits = PLAN_DEFAULTS[selected.plan];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Select
          label="Your plan"
          data={ADDON_PLAN_CHOICES.map(({ value, label }) => ({ value, label }))}
          value={choice}
          onChange={(v) => v && setChoice(v)}
          allowDeselect={false}
          w={220}
          comboboxProps={{ withinPortal: false }}
        />
        <Text size="sm" c="dimmed" maw={420}>
          {MSG.billing.addonsOnRequest}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {ADDONS.map((a) => (
          <Paper key={a.key} withBorder radius="md" p="md">
            <Stack gap={6} h="100%">
              <Text fw={650}>{a.name}</Text>
              <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                {a.description}
              </Text>
              <Text size="xs" c="dimmed">
                {selected.label} includes {a.included(limits)}.
              </Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <Group justify="flex-end">
        <Button component="a" href={mailtoHref(contactEmail, `Add-ons for the ${selected.label} plan`)} leftSection={<IconMail size={16} />}>
          Contact us
        </Button>
      </Group>
    </Stack>
  );
}
