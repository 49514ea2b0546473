import { Anchor, Group, Paper, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { SteamApp, SteamEvent } from '../../../common/schemas/steam';
import secondary from '../secondary-text.module.css';
import { appName, dayLong } from './steam-format';

/**
 * "Steam announcements": the developer's posts over the period, newest first — the day, the
 * game and the title linking to the post on Steam (a new tab). The coverage chart flags the same
 * days; this list is how a keyboard or a screen reader reaches them.
 */
export function SteamEvents({ events, apps, titleOrder = 2 }: { events: SteamEvent[]; apps: SteamApp[]; titleOrder?: TitleOrder }) {
  const names = new Map(apps.map((a) => [a.app_id, a]));
  const sorted = [...events].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  return (
    <Paper withBorder radius="md" p="lg" shadow="xs" data-testid="steam-events">
      <Stack gap="sm">
        <Title order={titleOrder} fz="md">
          Steam announcements
        </Title>
        {sorted.length === 0 ? (
          <Text size="sm" className={secondary.secondary}>
            No announcements in the period.
          </Text>
        ) : (
          <Stack component="ol" gap={8} m={0} p={0} style={{ listStyle: 'none' }}>
            {sorted.map((e) => (
              <Group key={e.id} component="li" gap={4} wrap="nowrap" align="baseline">
                <Text size="sm" style={{ flex: '0 0 auto', fontVariantNumeric: 'tabular-nums' }} className={secondary.secondary} miw={96}>
                  <time dateTime={e.day}>{dayLong(e.day)}</time>
                </Text>
                <Text size="sm" style={{ minWidth: 0 }}>
                  <Text span size="sm" fw={600} dir="auto">
                    {appName(names.get(e.app_id), e.app_id)}
                  </Text>
                  {' · '}
                  <Anchor href={e.url} target="_blank" rel="noopener noreferrer" dir="auto" underline="always">
                    {e.title}
                    <IconExternalLink size={12} style={{ marginInlineStart: 4, verticalAlign: 'middle' }} aria-label="(opens in a new tab)" role="img" />
                  </Anchor>
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
