import type { ReactNode } from 'react';
import { Box, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBellRinging, IconNews, IconReportAnalytics } from '@tabler/icons-react';
import { VERSION_LABEL } from '../../../../common/limits';
import { BrandLogo } from '../../../components/brand-logo';

const POINTS = [
  { icon: IconNews, text: 'Articles, YouTube videos and Twitch streams about your brands, in one feed per project.' },
  { icon: IconReportAnalytics, text: 'Shareable reports with reach, media scores and highlights.' },
  { icon: IconBellRinging, text: 'Alerts in Slack or Discord the moment coverage lands.' },
];

/** Two panes: what Coverwatch does, and the sign-in card. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={0} mih="100vh">
      <Box
        visibleFrom="md"
        p={56}
        style={{
          color: 'white',
          background:
            'radial-gradient(120% 80% at 0% 0%, rgba(106,114,228,0.95), transparent 60%), linear-gradient(160deg, #3a43c6 0%, #26319e 45%, #1b1f5e 100%)',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
        }}
      >
        <BrandLogo size={30} inverted />
        <Stack gap="xl" maw={460}>
          {/* A tagline, not the page's heading: the form's title is the h1 (this side is hidden on phones). */}
          <Text fz={38} fw={650} lh={1.15} c="white">
            Every mention of your brand, in one place.
          </Text>
          <List spacing="lg" center>
            {POINTS.map(({ icon: Icon, text }) => (
              <List.Item
                key={text}
                icon={
                  <ThemeIcon size={36} radius="md" variant="white" color="brand">
                    <Icon size={20} />
                  </ThemeIcon>
                }
              >
                <Text c="rgba(255,255,255,0.9)">{text}</Text>
              </List.Item>
            ))}
          </List>
        </Stack>
        <Text size="xs" c="rgba(255,255,255,0.6)">
          Coverwatch {VERSION_LABEL}
        </Text>
      </Box>
      <Box component="main" p={{ base: 'md', sm: 48 }} style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Stack w="100%" maw={400} gap="xl">
          <Group hiddenFrom="md" justify="center">
            <BrandLogo size={30} />
          </Group>
          <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 32 }}>
            {children}
          </Paper>
        </Stack>
      </Box>
    </SimpleGrid>
  );
}
