import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAdjustments, IconBellRinging, IconKey, IconPlus, IconRadar } from '@tabler/icons-react';
import { LIMITS } from '../../../../common/limits';

const STEPS = [
  {
    icon: IconKey,
    title: 'Keywords',
    text: `What to listen for: your brand, products or people. At least ${LIMITS.alertKeywords.min} characters; quoted phrases, + to require and - to exclude.`,
  },
  {
    icon: IconAdjustments,
    title: 'Minimum media score',
    text: `Keep only outlets above a reach threshold, from ${LIMITS.mediaScore.min} to ${LIMITS.mediaScore.max}.`,
  },
  {
    icon: IconBellRinging,
    title: 'Notifications',
    text: 'Optionally post each new article to Slack or Discord as it is found.',
  },
];

/** The articles feed of a project without an alert (spec 000 §2: "a setup view is shown"). */
export function AlertSetupView({ projectName, onCreate }: { projectName: string; onCreate: () => void }) {
  return (
    <Paper withBorder p={{ base: 'lg', sm: 40 }}>
      <Stack gap="xl">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={52} radius="md" variant="light">
            <IconRadar size={28} />
          </ThemeIcon>
          <div>
            <Group gap="xs">
              <Title order={2} size="h3">
                Set up the article alert
              </Title>
              <Badge variant="light" color="gray">
                No alert yet
              </Badge>
            </Group>
            <Text c="dimmed" mt={4} maw={640}>
              {projectName} has no alert. An alert watches news sites and their feeds for your keywords, scores each outlet&apos;s reach and lists every
              matching article here, newest first.
            </Text>
          </div>
        </Group>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {STEPS.map((s, i) => (
            <Paper key={s.title} withBorder p="md" bg="var(--mantine-color-default-hover)">
              <Group gap="xs" mb={6}>
                <ThemeIcon size={26} radius="xl" variant="white" color="brand">
                  <s.icon size={15} />
                </ThemeIcon>
                <Text fw={600} size="sm">
                  {i + 1}. {s.title}
                </Text>
              </Group>
              <Text size="sm" c="dimmed">
                {s.text}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
        <Group>
          <Button leftSection={<IconPlus size={16} />} onClick={onCreate}>
            Create alert
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
