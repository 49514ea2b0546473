import { Anchor, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconBrandSteam, IconClockPause, IconQuestionMark } from '@tabler/icons-react';
import type { SteamApp } from '../../../common/schemas/steam';
import secondary from '../secondary-text.module.css';
import { allTimeLine, appName, appStateMessage } from './steam-format';

function StateIcon({ app }: { app: SteamApp }) {
  if (app.state === 'pending') return <Loader size={14} aria-hidden />;
  const [Icon, color] =
    app.state === 'error'
      ? [IconAlertTriangle, 'red']
      : app.state === 'rate_limited'
        ? [IconClockPause, 'yellow']
        : app.state === 'not_found'
          ? [IconQuestionMark, 'gray']
          : [IconBrandSteam, 'blue'];
  return (
    <ThemeIcon variant="light" color={color} size={22} radius="xl" aria-hidden>
      <Icon size={14} />
    </ThemeIcon>
  );
}

/**
 * The apps the project follows, each with the store's all-time summary ("Very Positive · 18,342
 * of 19,862") or what keeps its figures away (being read, an error, Steam's pause, no such app).
 */
export function SteamAppList({ apps }: { apps: SteamApp[] }) {
  return (
    <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Steam apps">
      {apps.map((app) => {
        const problem = appStateMessage(app);
        const allTime = allTimeLine(app);
        return (
          <Group key={app.app_id} component="li" gap={8} wrap="nowrap" align="flex-start" data-testid={`steam-app-${app.app_id}`}>
            <StateIcon app={app} />
            <Text size="sm" style={{ minWidth: 0 }}>
              <Anchor href={app.store_url} target="_blank" rel="noopener noreferrer" fw={600} dir="auto" underline="always">
                {appName(app, app.app_id)}
              </Anchor>
              {allTime && (
                <Text span size="sm" className={secondary.secondary}>
                  {' · '}
                  {allTime}
                </Text>
              )}
              {problem && (
                <Text
                  span
                  size="sm"
                  display="block"
                  className={app.state === 'error' ? secondary.danger : secondary.secondary}
                  role={app.state === 'pending' ? 'status' : undefined}
                >
                  {problem}
                </Text>
              )}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}
