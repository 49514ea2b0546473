import { Alert, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandDiscord, IconBrandSlack, IconLock } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import type { FeedFormValues, NotificationPlan } from '../lib/feed-form';

interface Props {
  values: FeedFormValues;
  errors: Partial<Record<keyof FeedFormValues, string>>;
  plan: NotificationPlan;
  onChange: (patch: Partial<FeedFormValues>) => void;
}

/** One channel's webhook address and minimum subscribers, or the upgrade hint when the plan lacks it. */
function Channel(props: {
  name: string;
  icon: React.ReactNode;
  allowed: boolean;
  url: string;
  urlError?: string;
  min: number | null;
  onUrl: (v: string) => void;
  onMin: (v: number | null) => void;
  placeholder: string;
}) {
  if (!props.allowed)
    return (
      <Group gap="xs" wrap="nowrap" align="flex-start">
        {props.icon}
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {props.name}
          </Text>
          <Text size="xs" c="dimmed">
            <IconLock size={12} style={{ verticalAlign: -1 }} /> {MSG.videos.upgrade}
          </Text>
        </Stack>
      </Group>
    );
  return (
    <Group grow align="flex-start" gap="sm" wrap="wrap">
      <TextInput
        label={`${props.name} webhook`}
        leftSection={props.icon}
        placeholder={props.placeholder}
        value={props.url}
        onChange={(e) => props.onUrl(e.currentTarget.value)}
        error={props.urlError}
        miw={220}
      />
      <NumberInput
        label="Minimum subscribers"
        description="Only channels with at least this many"
        placeholder="Any"
        min={0}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator=","
        value={props.min ?? ''}
        onChange={(v) => props.onMin(v === '' ? null : Math.max(0, Math.floor(Number(v))))}
        disabled={!props.url.trim()}
        maw={200}
      />
    </Group>
  );
}

/** Slack and Discord notifications of new videos (plan flags `slack` and `discord`). */
export function NotificationFields({ values, errors, plan, onChange }: Props) {
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={600}>
          Notifications
        </Text>
        <Text size="xs" c="dimmed">
          New videos are posted to these webhooks as they arrive. Leave empty for none.
        </Text>
      </div>
      <Channel
        name="Slack"
        icon={<IconBrandSlack size={16} />}
        allowed={plan.slack}
        url={values.slackWebhookUrl}
        urlError={errors.slackWebhookUrl}
        min={values.slackMinSubs}
        onUrl={(v) => onChange({ slackWebhookUrl: v })}
        onMin={(v) => onChange({ slackMinSubs: v })}
        placeholder="https://hooks.slack.com/services/…"
      />
      <Channel
        name="Discord"
        icon={<IconBrandDiscord size={16} />}
        allowed={plan.discord}
        url={values.discordWebhookUrl}
        urlError={errors.discordWebhookUrl}
        min={values.discordMinSubs}
        onUrl={(v) => onChange({ discordWebhookUrl: v })}
        onMin={(v) => onChange({ discordMinSubs: v })}
        placeholder="https://discord.com/api/webhooks/…"
      />
      {!plan.slack && !plan.discord && (
        <Alert variant="light" color="gray" p="xs">
          <Text size="xs">Notifications need a plan with Slack or Discord.</Text>
        </Alert>
      )}
    </Stack>
  );
}
