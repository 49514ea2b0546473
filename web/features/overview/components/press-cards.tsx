import { Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { OverviewAttributes } from '../api/overview';
import secondary from '../../../components/secondary-text.module.css';
import { compact, count, creatorsLink, feedLink, hours } from '../lib/overview-links';
import { Figure, OverviewCard } from './overview-card';

/** Placements (every copy in the feed) beside the stories they tell (syndicated copies once). */
export function PlacementsCard({ overview, projectId }: { overview: OverviewAttributes; projectId: string }) {
  const { placements, unique_stories: stories } = overview.press;
  const to = feedLink(projectId, overview);
  return (
    <OverviewCard
      title="Placements and unique stories"
      caption="A story run by several outlets counts once"
      testId="overview-placements"
      link={overview.alert_id ? { to, label: 'Open the articles feed' } : undefined}
    >
      {!overview.alert_id ? (
        <Text size="sm">The project has no alert yet, so no press coverage is counted.</Text>
      ) : (
        <Stack gap="xs">
          <Group grow align="flex-start" gap="md">
            <Figure value={count(placements)} label="Placements" to={to} testId="figure-placements" />
            <Figure value={count(stories)} label="Unique stories" to={feedLink(projectId, overview, { stories: true })} testId="figure-stories" />
          </Group>
          {placements > 0 && (
            <>
              <Progress value={(stories / placements) * 100} size="sm" radius="xl" aria-hidden />
              <Text size="xs" className={secondary.secondary}>
                {placements === stories
                  ? 'Every placement is a story of its own.'
                  : `${count(placements - stories)} ${placements - stories === 1 ? 'placement is a copy' : 'placements are copies'} of a story told elsewhere.`}
              </Text>
            </>
          )}
        </Stack>
      )}
    </OverviewCard>
  );
}

/** The press's potential reach and estimated views, and the views and hours watched of the project's creators. */
export function ReachCard({ overview, projectId }: { overview: OverviewAttributes; projectId: string }) {
  const { reach, period } = overview;
  // A platform the project follows no feed of (and has nothing saved from) stays out.
  const youtube = overview.youtube && (overview.youtube.has_feed || overview.youtube.views > 0) ? overview.youtube : null;
  const twitch = overview.twitch && (overview.twitch.has_feed || overview.twitch.hours_watched > 0) ? overview.twitch : null;
  const feed = feedLink(projectId, overview);
  const none = !reach && !youtube && !twitch;
  return (
    <OverviewCard title="Reach and views" caption="Outlets’ monthly visitors, and what the coverage was likely seen by" testId="overview-reach">
      {none ? (
        <Text size="sm">
          {overview.reach === null && !overview.youtube && !overview.twitch
            ? 'Your plan does not include outlet visitors, YouTube or Twitch figures.'
            : 'Your plan does not include outlet visitors, and the project follows no YouTube or Twitch feed.'}
        </Text>
      ) : (
        <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
          {reach && <Figure value={compact(reach.potential_reach)} label="Potential reach" to={feed} testId="figure-reach" />}
          {reach && <Figure value={compact(reach.estimated_views)} label="Estimated views" to={feed} testId="figure-views" />}
          {youtube && (
            <Figure value={compact(youtube.views)} label="YouTube views" to={creatorsLink(projectId, 'youtube', period)} testId="figure-youtube-views" />
          )}
          {twitch && (
            <Figure
              value={hours(twitch.hours_watched)}
              label="Twitch hours watched"
              to={creatorsLink(projectId, 'twitch', period)}
              testId="figure-twitch-hours"
            />
          )}
        </SimpleGrid>
      )}
      {reach && reach.unknown_visitors > 0 && (
        <Text size="xs" mt="xs" className={secondary.secondary}>
          {`${count(reach.unknown_visitors)} ${reach.unknown_visitors === 1 ? 'placement’s outlet has' : 'placements’ outlets have'} no known visitors and add nothing.`}
        </Text>
      )}
    </OverviewCard>
  );
}
