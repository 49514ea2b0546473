import { Anchor, Avatar, Group, Stack, Text } from '@mantine/core';
import { formatAudience, formatCount } from './format-audience';

/** A channel's page: a Twitch broadcaster by login, a YouTube channel by its `UC…` id (anything else has none). */
export const twitchChannelUrl = (login: string | null | undefined) => (login ? `https://www.twitch.tv/${login}` : undefined);
export const youtubeChannelUrl = (id: string) => (id.startsWith('UC') ? `https://www.youtube.com/channel/${id}` : undefined);

/**
 * A channel (creator leaderboard, a report's top creators): its avatar (initials when it has none),
 * its name linking to the channel, its audience below ("184K followers"; `unknown` when the
 * platform does not say). `eager` loads the avatar at once (the printed report).
 */
export function ChannelCell(props: {
  name: string;
  image: string | null;
  href?: string;
  audience: number | null;
  noun: string;
  unknown?: string;
  eager?: boolean;
}) {
  const unknown = props.unknown ?? `${props.noun.charAt(0).toUpperCase()}${props.noun.slice(1)} not known`;
  return (
    <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
      <Avatar src={props.image} name={props.name} color="initials" size={32} radius="xl" alt="" imageProps={{ loading: props.eager ? 'eager' : 'lazy' }} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        {props.href ? (
          <Anchor href={props.href} target="_blank" rel="noopener noreferrer" size="sm" fw={500} truncate="end" title={props.name} dir="auto">
            {props.name || '–'}
          </Anchor>
        ) : (
          <Text size="sm" fw={500} truncate="end" title={props.name} dir="auto">
            {props.name || '–'}
          </Text>
        )}
        <Text size="xs" c="dimmed" title={props.audience === null ? unknown : `${formatCount(props.audience)} ${props.noun}`}>
          {props.audience === null ? unknown : `${formatAudience(props.audience)} ${props.noun}`}
        </Text>
      </Stack>
    </Group>
  );
}
