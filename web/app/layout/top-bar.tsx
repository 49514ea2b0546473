import { useEffect, useState } from 'react';
import { ActionIcon, Avatar, Box, Burger, Group, Indicator, Text, Tooltip, UnstyledButton, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconMoon, IconSelector, IconSun } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BrandLogo, LogoMark } from '../../components/brand-logo';
import { UpgradeButton } from '../../features/billing/components/upgrade-button';
import type { CurrentUser } from '../../lib/session';
import type { Project } from '../../lib/workspace';
import { UserMenu } from './user-menu';
import classes from './layout.module.css';

/** The settings panel announces itself once: after 3000 ms, then not again for 7200000 ms (spec 001 §9). */
const HINT_COOKIE = 'coverwatch_settings_hint';
const HINT_DELAY_MS = 3000;
const HINT_EXPIRY_MS = 7_200_000;

function useSettingsHint() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (document.cookie.split('; ').some((c) => c.startsWith(`${HINT_COOKIE}=`))) return;
    const t = setTimeout(() => {
      setShown(true);
      document.cookie = `${HINT_COOKIE}=1; max-age=${HINT_EXPIRY_MS / 1000}; path=/; samesite=lax`;
    }, HINT_DELAY_MS);
    return () => clearTimeout(t);
  }, []);
  return [shown, () => setShown(false)] as const;
}

export interface TopBarProps {
  user: CurrentUser;
  project: Project | undefined;
  projectId: string;
  withLogo: boolean;
  navOpened: boolean;
  onToggleNav: () => void;
  onOpenPicker: () => void;
  onOpenSettings: () => void;
}

/** Current project and its picker, the Upgrade button (admins), colour scheme, settings and the user menu. */
export function TopBar(props: TopBarProps) {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const [hint, closeHint] = useSettingsHint();
  const { project } = props;

  return (
    <Group h={60} px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger opened={props.navOpened} onClick={props.onToggleNav} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
        {props.withLogo ? (
          <Link to="/" aria-label="Coverwatch home" style={{ color: 'inherit', textDecoration: 'none', display: 'flex' }}>
            <BrandLogo size={26} />
          </Link>
        ) : (
          // The vertical navigation carries the logo; on small screens it is folded away, so the mark shows here.
          <Box component={Link} to="/" aria-label="Coverwatch home" hiddenFrom="sm" style={{ display: 'flex' }}>
            <LogoMark size={26} />
          </Box>
        )}
        <Tooltip label="Choose a project">
          <UnstyledButton className={classes.projectButton} onClick={props.onOpenPicker} aria-label="Choose a project" style={{ minWidth: 0 }}>
            <Group gap={8} wrap="nowrap">
              <Avatar src={project?.avatar} size={30} radius="sm" color="brand" alt="">
                {project?.name[0]?.toUpperCase() ?? '?'}
              </Avatar>
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate lh={1.2} data-testid="current-project">
                  {project?.name ?? 'No project yet'}
                </Text>
                {project?.client?.name && (
                  <Text size="xs" c="dimmed" truncate lh={1.2} visibleFrom="xs">
                    {project.client.name}
                  </Text>
                )}
              </div>
              <IconSelector size={16} style={{ flex: 'none' }} color="var(--mantine-color-dimmed)" />
            </Group>
          </UnstyledButton>
        </Tooltip>
      </Group>
      <Group gap={6} wrap="nowrap">
        <UpgradeButton user={props.user} />
        <Tooltip label={scheme === 'dark' ? 'Light mode' : 'Dark mode'}>
          <ActionIcon
            visibleFrom="xs"
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Toggle colour scheme"
            onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
          >
            {scheme === 'dark' ? <IconSun size={19} /> : <IconMoon size={19} />}
          </ActionIcon>
        </Tooltip>
        <Tooltip
          label={hint ? 'New: make Coverwatch yours (colour scheme, direction, layout, navigation)' : 'Settings panel'}
          multiline
          w={hint ? 220 : undefined}
        >
          {/* The hint is a dot on the button, never a layer over the page. */}
          <Indicator disabled={!hint} processing size={9} offset={6} color="brand">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label="Settings panel"
              onClick={() => {
                closeHint();
                props.onOpenSettings();
              }}
            >
              <IconAdjustmentsHorizontal size={19} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
        <UserMenu user={props.user} projectId={props.projectId} />
      </Group>
    </Group>
  );
}
