import { can } from './can';
import { useCurrentUser, type CurrentUser } from './session';

export interface SlackChannel {
  id: string;
  name: string;
}

/** What the articles feed and the alert form may show for the current organization (000 §5, §6): the server's abilities, and the connected Slack. */
export interface FeedGates {
  /** Media links to /websites/{domain} (`websites.read`: the websites screens are the operator's). */
  operator: boolean;
  /** The UMV column (`feed.umv`). */
  umv: boolean;
  /** Translate and sentiment icons (`ai.headlineTools`). */
  headlineTools: boolean;
  /** Region and country filters (`feed.regionalFilters`). */
  regional: boolean;
  /** The plan includes Slack notifications (`notify.slack`). */
  slackPlan: boolean;
  /** The organization has connected Slack. */
  slackEnabled: boolean;
  slackChannels: SlackChannel[];
  /** The plan includes Discord notifications (`notify.discord`). */
  discordPlan: boolean;
}

export function feedGates(user: CurrentUser | null | undefined): FeedGates {
  const org = user?.organization;
  // slack_channels is part of the organization in the spec (000 §3) but optional on the wire.
  const channels = (org as { slack_channels?: { id: string | number; name: string }[] } | null | undefined)?.slack_channels ?? [];
  return {
    operator: can(user, 'websites.read'),
    umv: can(user, 'feed.umv'),
    headlineTools: can(user, 'ai.headlineTools'),
    regional: can(user, 'feed.regionalFilters'),
    slackPlan: can(user, 'notify.slack'),
    slackEnabled: org?.slack_enabled === true,
    slackChannels: channels.map((c) => ({ id: String(c.id), name: c.name })),
    discordPlan: can(user, 'notify.discord'),
  };
}

export function useFeedGates(): FeedGates {
  const user = useCurrentUser();
  return feedGates(user.data);
}
