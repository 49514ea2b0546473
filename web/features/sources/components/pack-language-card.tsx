import { Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { MSG } from '../../../../common/messages';
import { SOURCE_CATEGORY_LABELS } from '../../../../common/schemas/sources';
import { usePendingPackIds, useSetPackEnabled, type LanguageGroup } from '../api/source-packs';
import secondary from '../../../components/secondary-text.module.css';
import classes from './sources.module.css';

/** "Games press — German": a pack's name for a screen reader, whatever the server calls it. */
export const packLabel = (category: keyof typeof SOURCE_CATEGORY_LABELS, language: string) => `${SOURCE_CATEGORY_LABELS[category]} — ${language}`;

/**
 * One language's packs, each with its outlets and a switch (applied at once, taken back when
 * the server refuses). Only the operator's admins may switch; others see the switches disabled.
 */
export function PackLanguageCard({ group, canSwitch }: { group: LanguageGroup; canSwitch: boolean }) {
  const setEnabled = useSetPackEnabled();
  const pending = usePendingPackIds();
  const on = group.packs.filter((p) => p.enabled).length;
  const titleId = `pack-language-${group.language}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId} data-testid="pack-language">
      <Group justify="space-between" gap="xs" mb="sm" wrap="nowrap">
        <Title order={3} id={titleId} fz="md">
          {group.name}
        </Title>
        <Text size="xs" className={secondary.secondary} style={{ whiteSpace: 'nowrap' }}>
          {on} of {group.packs.length} on
        </Text>
      </Group>
      <Stack gap="sm">
        {group.packs.map((p) => (
          <Switch
            key={p.id}
            checked={p.enabled}
            disabled={!canSwitch || pending.includes(p.id)}
            onChange={(e) => setEnabled.mutate({ pack: p, enabled: e.currentTarget.checked })}
            label={SOURCE_CATEGORY_LABELS[p.category]}
            aria-label={packLabel(p.category, group.name)}
            description={MSG.outlets.packCounts(p.outlets, p.enabled_outlets)}
            labelPosition="left"
            classNames={{ body: classes.switchBody, labelWrapper: classes.switchLabel, description: `${secondary.secondary} ${classes.switchDescription}` }}
          />
        ))}
      </Stack>
    </Paper>
  );
}
