import { Badge, Divider, Group, Paper, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconBrandTwitch, IconBrandYoutube, IconNews } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LIMITS } from '../../../../common/limits';
import type { ProjectForm } from './signup-forms';
import { GameSelect } from './game-select';
import { StepActions } from './step-actions';
import { StepHeading } from './signup-layout';

interface ProjectStepProps {
  form: ProjectForm;
  onNext: () => void;
  onBack: () => void;
}

/** The first project and, optionally, the alerts that will fill it. */
export function ProjectStep({ form, onNext, onBack }: ProjectStepProps) {
  const { twitch_keyword, twitch_game_id } = form.values;
  // A stream alert needs its game, as the stream feed form does (spec: save disabled without a game).
  const needsGame = twitch_keyword.trim().length > 0 && !twitch_game_id;
  return (
    <form onSubmit={form.onSubmit(() => {
        if (!needsGame) onNext();
      })} noValidate>
      <StepHeading title="Set up your first project" description="A project collects the coverage of one campaign, launch or product." />
      <TextInput
        label="Project name"
        description={`${LIMITS.projectName.min} to ${LIMITS.projectName.max} characters`}
        placeholder="Summer launch"
        required
        maxLength={LIMITS.projectName.max}
        {...form.getInputProps('project_name')}
      />
      <Divider my="lg" label="Alerts (optional)" labelPosition="left" />
      <Stack gap="sm">
        <AlertCard icon={<IconNews size={16} />} color="blue" title="Article alert" hint="Articles that mention these words">
          <TextInput
            aria-label="Article alert keywords"
            placeholder='"Acme Games", "Acme"'
            description={`At least ${LIMITS.alertKeywords.min} characters`}
            {...form.getInputProps('article_keywords')}
          />
        </AlertCard>
        <AlertCard icon={<IconBrandYoutube size={16} />} color="red" title="YouTube alert" hint="New videos about this keyword">
          <TextInput
            aria-label="YouTube keyword"
            placeholder="acme games"
            description={`At least ${LIMITS.feedKeyword.min} characters`}
            {...form.getInputProps('youtube_keyword')}
          />
        </AlertCard>
        <AlertCard icon={<IconBrandTwitch size={16} />} color="violet" title="Twitch alert" hint="Streams of a game that mention this keyword">
          <Group grow align="flex-start">
            <TextInput
              label="Keyword"
              placeholder="acme"
              description={`At least ${LIMITS.feedKeyword.min} characters`}
              {...form.getInputProps('twitch_keyword')}
            />
            <GameSelect
              value={twitch_game_id}
              onChange={(id) => form.setFieldValue('twitch_game_id', id)}
              required={twitch_keyword.trim().length > 0}
            />
          </Group>
        </AlertCard>
      </Stack>
      <StepActions onBack={onBack} nextLabel="Create account" nextDisabled={needsGame} />
    </form>
  );
}

function AlertCard({ icon, color, title, hint, children }: { icon: ReactNode; color: string; title: string; hint: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="sm" mb="xs">
        <ThemeIcon variant="light" color={color} radius="md">
          {icon}
        </ThemeIcon>
        <div>
          <Text fw={600} size="sm">
            {title}
          </Text>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </div>
        <Badge variant="light" color="gray" ml="auto" size="sm">
          Optional
        </Badge>
      </Group>
      {children}
    </Paper>
  );
}
