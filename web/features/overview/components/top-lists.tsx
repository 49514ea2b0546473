import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MediaIcon, MediaName } from '../../../components/media-cell';
import secondary from '../../../components/secondary-text.module.css';
import type { OverviewAttributes } from '../api/overview';
import { compact, count, creatorsLink, feedLink, hours } from '../lib/overview-links';
import { OverviewCard } from './overview-card';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The outlet's score and monthly visitors, as far as they are known. */
function outletDetail(o: OverviewAttributes['top_outlets'][number]): string {
  const parts = [
    o.score === null ? null : `Score ${o.score.toLocaleString('en', { maximumFractionDigits: 1 })}`,
    o.muv === null ? null : `${compact(o.muv)} visitors a month`,
  ];
  return parts.filter(Boolean).join(' · ') || 'Visitors unknown';
}

/** The outlets with the most placements in the period, with their score and monthly visitors. */
export function TopOutletsCard({ overview, projectId }: { overview: OverviewAttributes; projectId: string }) {
  const outlets = overview.top_outlets;
  return (
    <OverviewCard
      title="Top outlets"
      caption="By placements in the period"
      testId="overview-top-outlets"
      link={outlets.length ? { to: feedLink(projectId, overview), label: 'Open the articles feed' } : undefined}
    >
      {outlets.length === 0 ? (
        <Text size="sm">No outlet has covered the project in this period.</Text>
      ) : (
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap">
            <Text size="xs" fw={600} tt="uppercase" className={secondary.secondary}>
              Outlet
            </Text>
            <Text size="xs" fw={600} tt="uppercase" className={secondary.secondary}>
              Placements
            </Text>
          </Group>
          {outlets.map((o) => (
            <Group key={o.media} gap="sm" wrap="nowrap" data-testid="top-outlet">
              <MediaIcon media={o.media} />
              <div style={{ minWidth: 0, flex: 1 }}>
                <MediaName media={o.media} linked={false} />
                <Text size="xs" className={secondary.secondary} truncate="end">
                  {outletDetail(o)}
                </Text>
              </div>
              <Text size="sm" fw={600} style={numeric}>
                {count(o.placements)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </OverviewCard>
  );
}

interface CreatorLine {
  key: string;
  name: string;
  value: string;
  href: string | undefined;
}

function CreatorList({ title, lines, to, testId }: { title: string; lines: CreatorLine[]; to: string; testId: string }) {
  return (
    <Stack gap={4} data-testid={testId}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="xs" fw={600} tt="uppercase" className={secondary.secondary}>
          {title}
        </Text>
        <Anchor component={Link} to={to} size="xs">
          All
        </Anchor>
      </Group>
      {lines.length === 0 ? (
        <Text size="sm">None in this period.</Text>
      ) : (
        lines.map((l) => (
          <Group key={l.key} justify="space-between" wrap="nowrap" gap="sm">
            {l.href ? (
              <Anchor href={l.href} target="_blank" rel="noreferrer" size="sm" truncate="end" style={{ minWidth: 0 }}>
                {l.name}
              </Anchor>
            ) : (
              <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
                {l.name}
              </Text>
            )}
            <Text size="sm" style={numeric}>
              {l.value}
            </Text>
          </Group>
        ))
      )}
    </Stack>
  );
}

/** The YouTube channels by views and the Twitch broadcasters by hours watched (the creator leaderboard's first rows). */
export function TopCreatorsCard({ overview, projectId }: { overview: OverviewAttributes; projectId: string }) {
  const { youtube, twitch, period } = overview;
  const hasAny = (youtube?.has_feed ?? false) || (twitch?.has_feed ?? false) || !!youtube?.top.length || !!twitch?.top.length;
  return (
    <OverviewCard title="Top creators" caption="YouTube channels by views, Twitch broadcasters by hours watched" testId="overview-top-creators">
      {!youtube && !twitch ? (
        <Text size="sm">Your plan does not include YouTube or Twitch feeds.</Text>
      ) : !hasAny ? (
        <Text size="sm">
          The project follows no YouTube or Twitch feed yet.{' '}
          <Anchor component={Link} to={`/youtube-feed/${encodeURIComponent(projectId)}`}>
            Set up a YouTube feed
          </Anchor>
        </Text>
      ) : (
        <Stack gap="md">
          {youtube && (youtube.has_feed || youtube.top.length > 0) && (
            <CreatorList
              title="YouTube"
              testId="top-youtube"
              to={creatorsLink(projectId, 'youtube', period)}
              lines={youtube.top.map((c) => ({
                key: c.channel_id,
                name: c.channel_title || c.channel_id,
                value: `${compact(c.views)} views`,
                href: c.channel_id.startsWith('UC') ? `https://www.youtube.com/channel/${encodeURIComponent(c.channel_id)}` : undefined,
              }))}
            />
          )}
          {twitch && (twitch.has_feed || twitch.top.length > 0) && (
            <CreatorList
              title="Twitch"
              testId="top-twitch"
              to={creatorsLink(projectId, 'twitch', period)}
              lines={twitch.top.map((c) => ({
                key: c.broadcaster_id,
                name: c.broadcaster_name || c.broadcaster_login,
                value: hours(c.hours_watched),
                href: c.broadcaster_login ? `https://www.twitch.tv/${encodeURIComponent(c.broadcaster_login)}` : undefined,
              }))}
            />
          )}
        </Stack>
      )}
    </OverviewCard>
  );
}
