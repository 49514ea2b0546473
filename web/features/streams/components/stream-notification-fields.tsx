import type { ReactNode } from 'react';
import { Alert, Flex, Group, NumberInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconBrandDiscord, IconBrandSlack, IconLock } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import type { FeedChannels, FeedDraft, FeedDraftErrors } from '../lib/feed-form';

interface Props {
  channels: FeedChannels;
  draft: FeedDraft;
  errors: FeedDraftErrors;
  onChange: (patch: Partial<FeedDraft>) => void;
  /** An existing feed can be paused (is_enabled); a new one always starts. */
  showEnabled: boolean;
}

function Upgrade({ children }: { children: string }) {
  return (
    <Alert variant="light" color="gray" icon={<IconLock size={16} />} p="xs">
      <Text size="sm" fw={500}>
        {children}
      </Text>
      <Text size="xs" c="dimmed">
        {MSG.streams.upgrade}
      </Text>
    </Alert>
  );
}

function Channel(props: {
  icon: ReactNode;
  name: string;
  placeholder: string;
  url: string;
  min: number | '';
  error?: string;
  onUrl: (v: string) => void;
  onMin: (v: number | '') => void;
}) {
  return (
    <Flex gap="sm" direction={{ base: 'column', xs: 'row' }} align={{ base: 'stretch', xs: 'flex-start' }}>
      <TextInput
        label={`${props.name} webhook URL`}
        placeholder={props.placeholder}
        leftSection={props.icon}
        value={props.url}
        onChange={(e) => props.onUrl(e.currentTarget.value)}
        error={props.error}
        dir="ltr"
        style={{ flex: 1 }}
      />
      <NumberInput
        label="Minimum followers"
        placeholder="Any"
        min={0}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator=","
        value={props.min}
        onChange={(v) => props.onMin(typeof v === 'number' ? v : '')}
        disabled={!props.url.trim()}
        w={{ base: '100%', xs: 170 }}
      />
    </Flex>
  );
}

/**
 * Notifications of a stream feed (000 "Twitch feed"): new streams of channels with at least the
 * minimum followers go to a Slack and/or a Discord webhook, as the plan allows (flags `slack`,
 * `discord`; without them the upgrade message). The switch pauses the feed as a whole.
 */
export function StreamNotificationFields({ channels, draft, errors, onChange, showEnabled }: Props) {
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500}>
          Notifications
        </Text>
        {showEnabled && <Switch label="Feed enabled" checked={draft.isEnabled} onChange={(e) => onChange({ isEnabled: e.currentTarget.checked })} />}
      </Group>
      {channels.slack ? (
        <Channel
          icon={<IconBrandSlack size={16} />}
          name="Slack"
          placeholder="https://hooks.slack.com/services/…"
          url={draft.slackWebhookUrl}
          min={draft.slackMinFollowers}
          error={errors.slackWebhookUrl}
          onUrl={(slackWebhookUrl) => onChange({ slackWebhookUrl })}
          onMin={(slackMinFollowers) => onChange({ slackMinFollowers })}
        />
      ) : (
        <Upgrade>Slack notifications</Upgrade>
      )}
      {channels.discord ? (
        <Channel
          icon={<IconBrandDiscord size={16} />}
          name="Discord"
          placeholder="https://discord.com/api/webhooks/…"
          url={draft.discordWebhookUrl}
          min={draft.discordMinFollowers}
          error={errors.discordWebhookUrl}
          onUrl={(discordWebhookUrl) => onChange({ discordWebhookUrl })}
          onMin={(discordMinFollowers) => onChange({ discordMinFollowers })}
        />
      ) : (
        <Upgrade>Discord notifications</Upgrade>
      )}
    </Stack>
  );
}
