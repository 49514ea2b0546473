import { Badge, Divider, Group, Paper, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconBrandTwitch, IconBrandYoutube, IconNews } from '@tabler/icons-react';
import type { KeyboardEvent, ReactNode } from 'react';
import { LIMITS } from '../../../../common/limits';
import { KeywordsPreview } from '../../../components/keywords-preview';
import { ApiError } from '../../../lib/api';
import { useSignupAlertPreview, useSignupOptions } from '../api/use-signup-alert-preview';
import type { ProjectForm } from './signup-forms';
import { GameSelect } from './game-select';
import { StepActions } from './step-actions';
import { StepHeading } from './signup-layout';
import { describeQuery } from '../../../../common/query/describe';

interface ProjectStepProps {
  form: ProjectForm;
  onNext: () => void;
  onBack: () => void;
  /** The captcha solution the wizard holds: the public alert preview asks for it. */
  altcha: string | null;
}

/**
 * Enter in a field of this step moves to the next field, never submits: the step's submit
 * creates the account, and the alerts below the first field are optional but worth a look.
 * From the last field Enter moves to the "Create account" button, which then takes Enter.
 */
function enterMovesOn(e: KeyboardEvent<HTMLFormElement>) {
  const target = e.target as HTMLElement;
  if (e.key !== 'Enter' || e.nativeEvent.isComposing || !(target instanceof HTMLInputElement)) return;
  // An open dropdown (the game picker) uses Enter to choose an option.
  if (target.getAttribute('aria-expanded') === 'true') return;
  e.preventDefault();
  const fields = [...e.currentTarget.querySelectorAll<HTMLElement>('input:not([type=hidden]):not(:disabled), button[type=submit]:not(:disabled)')];
  fields[fields.indexOf(target) + 1]?.focus();
}

/** The first project and, optionally, the alerts that will fill it. */
export function ProjectStep({ form, onNext, onBack, altcha }: ProjectStepProps) {
  const { twitch_keyword, twitch_game_id } = form.values;
  const options = useSignupOptions();
  const twitch = options.data?.twitch ?? { available: true, reason: null };
  // A stream alert needs its game, as the stream feed form does (spec: save disabled without a game).
  const needsGame = twitch.available && twitch_keyword.trim().length > 0 && !twitch_game_id;
  const article = useSignupAlertPreview(form.values.article_keywords, altcha);
  const articleProps = form.getInputProps('article_keywords');
  return (
    <form
      onSubmit={form.onSubmit(() => {
        if (!needsGame) onNext();
      })}
      onKeyDown={enterMovesOn}
      noValidate
    >
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
            placeholder="Acme Games, Acme"
            description={
              article.query ? (
                <>
                  Each name is matched as written; commas separate names. Watching: <strong>{describeQuery(article.query)}</strong>
                </>
              ) : (
                `Names separated by commas, at least ${LIMITS.alertKeywords.min} characters`
              )
            }
            {...articleProps}
            // The query language's problem shows as soon as typing pauses, not only on blur.
            error={articleProps.error ?? article.problem ?? undefined}
          />
          {article.enabled && (
            <Stack mt="sm">
              <KeywordsPreview
                preview={article.preview.data}
                loading={article.settling || article.preview.isFetching}
                unavailable={article.preview.isError ? previewProblem(article.preview.error) : null}
              />
            </Stack>
          )}
        </AlertCard>
        <AlertCard icon={<IconBrandYoutube size={16} />} color="red" title="YouTube alert" hint="New videos about this keyword">
          <TextInput
            aria-label="YouTube keyword"
            placeholder="acme games"
            description={`At least ${LIMITS.feedKeyword.min} characters`}
            {...form.getInputProps('youtube_keyword')}
          />
        </AlertCard>
        <AlertCard
          icon={<IconBrandTwitch size={16} />}
          color="violet"
          title="Twitch alert"
          hint="Streams of a game that mention this keyword, or with no keyword every live stream of the game"
        >
          <Group grow align="flex-start">
            <TextInput
              label="Keyword"
              placeholder="acme"
              description={`Optional with a game; at least ${LIMITS.feedKeyword.min} characters`}
              disabled={!twitch.available}
              {...form.getInputProps('twitch_keyword')}
            />
            <GameSelect
              value={twitch_game_id}
              onChange={(id) => form.setFieldValue('twitch_game_id', id)}
              required={twitch.available && twitch_keyword.trim().length > 0}
              unavailableReason={twitch.available ? null : twitch.reason}
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

/** Why the preview is missing, in plain words under the field (never a toast). */
function previewProblem(err: unknown): string {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.errors[0]?.detail) return err.errors[0].detail;
  return 'The preview is not available right now.';
}
