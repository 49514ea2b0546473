import { Button, Card, Divider, Drawer, Group, SegmentedControl, SimpleGrid, Stack, Switch, Text, UnstyledButton, useMantineColorScheme } from '@mantine/core';
import { IconExternalLink, IconLayoutNavbar, IconLayoutSidebar, IconLayoutSidebarRight, IconMoon, IconSun } from '@tabler/icons-react';
import { LINKS } from '../../lib/links';
import { useUiSettings, type NavbarStyle, type NavPosition } from '../ui-settings';
import classes from './layout.module.css';

const NAVBAR_STYLES: { value: NavbarStyle; label: string; swatch: string }[] = [
  { value: 'transparent', label: 'Transparent', swatch: 'var(--mantine-color-gray-1)' },
  { value: 'inverted', label: 'Inverted', swatch: '#0f172a' },
  { value: 'card', label: 'Card', swatch: 'var(--mantine-color-body)' },
  { value: 'vibrant', label: 'Vibrant', swatch: 'linear-gradient(160deg, #3a43c6, #1b1f5e)' },
];

function SettingRow({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <div>
        <Text size="sm" fw={600}>
          {title}
        </Text>
        {description && (
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        )}
      </div>
      {children}
    </Group>
  );
}

/** Colour scheme, RTL, fluid layout, navigation position and navbar style; kept in local storage. */
export function SettingsPanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const { settings, update } = useUiSettings();

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={360} title={<Text fw={650}>Settings</Text>}>
      <Stack gap="lg">
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            Colour scheme
          </Text>
          <SegmentedControl
            fullWidth
            value={colorScheme === 'dark' ? 'dark' : 'light'}
            onChange={(v) => setColorScheme(v as 'light' | 'dark')}
            data={[
              {
                value: 'light',
                label: (
                  <Group gap={6} justify="center">
                    <IconSun size={16} />
                    Light
                  </Group>
                ),
              },
              {
                value: 'dark',
                label: (
                  <Group gap={6} justify="center">
                    <IconMoon size={16} />
                    Dark
                  </Group>
                ),
              },
            ]}
          />
        </Stack>
        <Divider />
        <SettingRow title="RTL mode" description="Lay the interface out right to left">
          <Switch aria-label="RTL mode" checked={settings.rtl} onChange={(e) => update({ rtl: e.currentTarget.checked })} />
        </SettingRow>
        <SettingRow title="Fluid layout" description="Use the full width of the screen">
          <Switch aria-label="Fluid layout" checked={settings.fluid} onChange={(e) => update({ fluid: e.currentTarget.checked })} />
        </SettingRow>
        <Divider />
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            Navigation position
          </Text>
          <SegmentedControl
            fullWidth
            value={settings.navPosition}
            onChange={(v) => update({ navPosition: v as NavPosition })}
            data={[
              {
                value: 'vertical',
                label: (
                  <Group gap={6} justify="center">
                    <IconLayoutSidebar size={16} />
                    Vertical
                  </Group>
                ),
              },
              {
                value: 'top',
                label: (
                  <Group gap={6} justify="center">
                    <IconLayoutNavbar size={16} />
                    Top
                  </Group>
                ),
              },
              {
                value: 'combo',
                label: (
                  <Group gap={6} justify="center">
                    <IconLayoutSidebarRight size={16} />
                    Combo
                  </Group>
                ),
              },
            ]}
          />
        </Stack>
        <Stack gap="xs" opacity={settings.navPosition === 'top' ? 0.5 : 1}>
          <Text size="sm" fw={600}>
            Vertical navbar style
          </Text>
          <SimpleGrid cols={2} spacing="sm" role="radiogroup" aria-label="Vertical navbar style">
            {NAVBAR_STYLES.map((s) => (
              <UnstyledButton
                key={s.value}
                role="radio"
                aria-checked={settings.navbarStyle === s.value}
                disabled={settings.navPosition === 'top'}
                onClick={() => update({ navbarStyle: s.value })}
              >
                <div className={classes.styleSwatch} data-checked={settings.navbarStyle === s.value || undefined}>
                  <div style={{ width: '34%', background: s.swatch, borderInlineEnd: '1px solid var(--mantine-color-default-border)' }} />
                  <div style={{ flex: 1, background: 'var(--mantine-color-gray-0)' }} />
                </div>
                <Text size="xs" ta="center" mt={4}>
                  {s.label}
                </Text>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </Stack>
        <Card withBorder p="md" bg="var(--mantine-primary-color-light)">
          <Text size="sm" fw={600}>
            Like this look?
          </Text>
          <Text size="xs" c="dimmed" mb="sm">
            Coverwatch's interface is built on the Mantine theme.
          </Text>
          <Button component="a" href={LINKS.theme} target="_blank" rel="noopener noreferrer" size="xs" rightSection={<IconExternalLink size={14} />}>
            Get the theme
          </Button>
        </Card>
      </Stack>
    </Drawer>
  );
}
