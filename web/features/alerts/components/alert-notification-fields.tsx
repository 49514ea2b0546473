import { Alert, Anchor, Collapse, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconBrandDiscord, IconBrandSlack, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MSG } from '../../../../common/messages';
import type { FeedGates } from '../../../lib/feed-gates';
import { useSlackChannels } from '../../slack/api/slack';

export interface NotificationValues {
  slackTracking: boolean;
  slackChannelId: string | null;
  slackWebhookUrl: string;
  discordWebhookUrl: string;
}

interface Props {
  gates: FeedGates;
  values: NotificationValues;
  errors: Partial<Record<keyof NotificationValues, string | undefined>>;
  onChange: (patch: Partial<NotificationValues>) => void;
}

function Upgrade({ children }: { children: string }) {
  return (
    <Alert variant="light" color="gray" icon={<IconLock size={16} />} p="xs">
      <Text size="sm" fw={500}>
        {children}
      </Text>
      <Text size="xs" c="dimmed">
        {MSG.billing.upgrade}
      </Text>
    </Alert>
  );
}

/**
 * The channels of the organization's Slack app (GET slack/channels), searchable. A channel saved
 * earlier that is no longer listed stays selectable, so opening the form never drops it silently.
 */
function SlackChannelSelect({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const channels = useSlackChannels();
  const data = (channels.data ?? []).map((c) => ({ value: c.id, label: `#${c.name}${c.is_private ? ' (private)' : ''}` }));
  if (value && !data.some((d) => d.value === value)) data.unshift({ value, label: value });
  const none = channels.isSuccess && channels.data.length === 0;
  return (
    <Select
      label="Slack channel"
      description={
        none ? (
          <>
            {MSG.slack.noChannels}{' '}
            <Anchor component={Link} to="/settings" size="xs">
              Open Settings
            </Anchor>
          </>
        ) : (
          'New articles are posted here by the Coverwatch app; a test message is sent when you save.'
        )
      }
      placeholder={channels.isPending ? 'Loading channels…' : 'Choose a channel'}
      searchable
      clearable
      nothingFoundMessage="No channel with this name"
      data={data}
      value={value}
      onChange={onChange}
      error={channels.isError ? MSG.slack.channelsFailed : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * Slack and Discord notifications of an alert. Slack fields show only when the plan has Slack
 * and the organization enabled it, otherwise a prompt to enable it (000 §5); a plan without
 * the feature shows the upgrade message (000 §6). The switch reveals the fields (000 §4).
 */
export function AlertNotificationFields({ gates, values, errors, onChange }: Props) {
  const slackReady = gates.slackPlan && gates.slackEnabled;
  return (
    <Stack gap="sm">
      {slackReady ? (
        <>
          <Switch
            label="Post new articles to Slack"
            thumbIcon={<IconBrandSlack size={10} />}
            checked={values.slackTracking}
            onChange={(e) => onChange({ slackTracking: e.currentTarget.checked })}
          />
          <Collapse expanded={values.slackTracking}>
            <Stack gap="sm" ps="md">
              <SlackChannelSelect value={values.slackChannelId} onChange={(slackChannelId) => onChange({ slackChannelId })} />
              <TextInput
                label="Slack webhook URL"
                description="Optional, instead of a channel: an incoming webhook of your own Slack app."
                placeholder="https://hooks.slack.com/services/…"
                value={values.slackWebhookUrl}
                onChange={(e) => onChange({ slackWebhookUrl: e.currentTarget.value })}
                error={errors.slackWebhookUrl}
                dir="ltr"
              />
            </Stack>
          </Collapse>
        </>
      ) : gates.slackPlan ? (
        <Alert variant="light" color="blue" icon={<IconBrandSlack size={16} />} p="xs">
          <Text size="sm">
            {MSG.alerts.slackPrompt}{' '}
            <Anchor component={Link} to="/settings" size="sm">
              Open Settings
            </Anchor>
          </Text>
        </Alert>
      ) : (
        <Upgrade>Slack notifications</Upgrade>
      )}

      {gates.discordPlan ? (
        <TextInput
          label="Discord webhook URL"
          description="Optional: new articles are also posted to this Discord channel."
          placeholder="https://discord.com/api/webhooks/…"
          leftSection={<IconBrandDiscord size={16} />}
          value={values.discordWebhookUrl}
          onChange={(e) => onChange({ discordWebhookUrl: e.currentTarget.value })}
          error={errors.discordWebhookUrl}
          dir="ltr"
        />
      ) : (
        <Upgrade>Discord notifications</Upgrade>
      )}
    </Stack>
  );
}
