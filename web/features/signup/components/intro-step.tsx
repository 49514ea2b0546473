import { Button, Group, List, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight, IconBrandTwitch, IconBrandYoutube, IconCheck, IconNews } from '@tabler/icons-react';
import { TRIAL_DAYS } from '../../../../common/limits';
import { StepHeading } from './signup-layout';

/** Step 0 of the free flow: what the trial gives, and a way in. */
export function IntroStep({ onStart }: { onStart: () => void }) {
  return (
    <div>
      <StepHeading title="Start your free trial" description={`${TRIAL_DAYS} days of Coverwatch, no card needed. Setting up takes about two minutes.`} />
      <List
        spacing="sm"
        icon={
          <ThemeIcon size={22} radius="xl" variant="light">
            <IconCheck size={14} />
          </ThemeIcon>
        }
      >
        <List.Item
          icon={
            <ThemeIcon size={22} radius="xl" variant="light">
              <IconNews size={14} />
            </ThemeIcon>
          }
        >
          <Text span fw={600}>
            Articles
          </Text>{' '}
          — press coverage of your brand, scored by media reach
        </List.Item>
        <List.Item
          icon={
            <ThemeIcon size={22} radius="xl" variant="light" color="red">
              <IconBrandYoutube size={14} />
            </ThemeIcon>
          }
        >
          <Text span fw={600}>
            Videos
          </Text>{' '}
          — new YouTube videos that mention your keyword
        </List.Item>
        <List.Item
          icon={
            <ThemeIcon size={22} radius="xl" variant="light" color="violet">
              <IconBrandTwitch size={14} />
            </ThemeIcon>
          }
        >
          <Text span fw={600}>
            Streams
          </Text>{' '}
          — Twitch streams of your game
        </List.Item>
        <List.Item>Tags, shareable reports and Slack or Discord alerts</List.Item>
      </List>
      <Text size="sm" c="dimmed" mt="lg">
        You will create your account, name your organisation and brand, and set up your first project.
      </Text>
      <Group justify="flex-end" mt="xl">
        <Button size="md" rightSection={<IconArrowRight size={16} />} onClick={onStart}>
          Get started
        </Button>
      </Group>
    </div>
  );
}
