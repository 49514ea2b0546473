import { hasPermission, isPlatformOperator, useCurrentUser, type CurrentUser } from './session';

export interface SlackChannel {
  id: string;
  name: string;
}

/** What the articles feed and the alert form may show for the current organization (000 §5, §6). */
export interface FeedGates {
  /** Media links to /websites/{domain} (the websites screens are the operator's). */
  operator: boolean;
  /** The UMV column (plan flag similarweb). */
  umv: boolean;
  /** Translate and sentiment icons (capability ai_headline_tools). */
  headlineTools: boolean;
  /** Region and country filters (capability regional_filters). */
  regional: boolean;
  /** The plan includes Slack notifications. */
  slackPlan: boolean;
  /** The organization has connected Slack. */
  slackEnabled: boolean;
  slackChannels: SlackChannel[];
  /** The plan includes Discord notifications. */
  discordPlan: boolean;
}

export function feedGates(user: CurrentUser | null | undefined): FeedGates {
  const org = user?.organization;
  const caps = org?.capabilities ?? {};
  // slack_channels is part of the organization in the spec (000 §3) but optional on the wire.
  const channels = (org as { slack_channels?: { id: string | number; name: string }[] } | null | undefined)?.slack_channels ?? [];
  return {
    operator: isPlatformOperator(user),
    umv: hasPermission(user, 'similarweb'),
    headlineTools: caps.ai_headline_tools === true,
    regional: caps.regional_filters === true,
    slackPlan: hasPermission(user, 'slack'),
    slackEnabled: org?.slack_enabled === true,
    slackChannels: channels.map((c) => ({ id: String(c.id), name: c.name })),
    discordPlan: hasPermission(user, 'discord'),
  };
}

export function useFeedGates(): FeedGates {
  const user = useCurrentUser();
  return feedGates(user.data);
}
