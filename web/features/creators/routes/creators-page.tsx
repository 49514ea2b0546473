import { useState } from 'react';
import { Button, EmptyState, Paper, SegmentedControl, Text } from '@mantine/core';
import { IconBrandTwitch, IconBrandYoutube, IconTrophy } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { DataTable } from '../../../components/data-table/data-table';
import { NoProjectState } from '../../../components/no-project-state';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/can';
import { formatDate } from '../../../lib/dates';
import { NO_PROJECT, useProject, type Project } from '../../../lib/workspace';
import {
  creatorFilter,
  creatorsPath,
  defaultCreatorPeriod,
  defaultCreatorSort,
  type CreatorPlatform,
  type TwitchCreatorAttributes,
  type YoutubeCreatorAttributes,
} from '../api/creators';
import { twitchColumns, youtubeColumns } from '../components/creator-columns';
import { PeriodPicker, type Period } from '../components/period-picker';
import { linkedPeriod, linkedPlatform } from '../lib/link-params';

const TITLE = 'Creators';
const DESCRIPTION = 'The channels behind the project’s streams and videos, ranked over a period.';

const PLATFORM = {
  twitch: { label: 'Twitch', feed: 'Twitch feed', items: 'streams', feedPath: 'twitch-feed', icon: IconBrandTwitch },
  youtube: { label: 'YouTube', feed: 'YouTube feed', items: 'videos', feedPath: 'youtube-feed', icon: IconBrandYoutube },
} as const;

/**
 * /creators/{projectId}: the project's creator leaderboard, Twitch or YouTube (those the plan has).
 * `?platform=&from=&to=` (the overview's links) choose the first platform and period.
 */
export function CreatorsPage() {
  const { projectId = NO_PROJECT } = useParams();
  const [params] = useSearchParams();
  const { project } = useProject(projectId);
  const twitch = useCan('twitch.use');
  const youtube = useCan('youtube.use');
  const platforms: CreatorPlatform[] = [...(twitch ? (['twitch'] as const) : []), ...(youtube ? (['youtube'] as const) : [])];
  if (projectId === NO_PROJECT || !platforms.length)
    return (
      <>
        <PageHeader title={TITLE} description={DESCRIPTION} />
        {projectId === NO_PROJECT ? (
          <NoProjectState />
        ) : (
          <Paper withBorder p="xl">
            <Text>Creator rankings need Twitch or YouTube monitoring, which your plan does not include.</Text>
          </Paper>
        )}
      </>
    );
  // Keyed by project: another project starts on page 1 with the default period.
  return <CreatorsView key={projectId} projectId={projectId} project={project} platforms={platforms} params={params} />;
}

function CreatorsView({
  projectId,
  project,
  platforms,
  params,
}: {
  projectId: string;
  project: Project | undefined;
  platforms: CreatorPlatform[];
  /** The link's query: the first platform and period (read once; the user changes them after). */
  params: URLSearchParams;
}) {
  const [chosen, setChosen] = useState<CreatorPlatform>(() => linkedPlatform(params, platforms) ?? platforms[0]);
  const platform = platforms.includes(chosen) ? chosen : platforms[0];
  const [period, setPeriod] = useState<Period>(() => linkedPeriod(params) ?? defaultCreatorPeriod());
  const hasFeed = !!(platform === 'twitch' ? project?.['twitch-search-id'] : project?.['youtube-search-id']);
  const p = PLATFORM[platform];

  const filters = (
    <>
      {platforms.length > 1 && (
        <SegmentedControl
          aria-label="Platform"
          value={platform}
          onChange={(v) => setChosen(v as CreatorPlatform)}
          data={platforms.map((value) => ({ value, label: PLATFORM[value].label }))}
        />
      )}
      <PeriodPicker value={period} onChange={setPeriod} />
    </>
  );

  const empty = (
    <EmptyState
      icon={hasFeed ? <IconTrophy size={28} /> : <p.icon size={28} />}
      variant="light"
      title={hasFeed ? `No ${p.items} in this period` : `No ${p.feed} yet`}
      description={
        hasFeed
          ? `Nothing the ${p.feed} found or you saved ${platform === 'twitch' ? 'started' : 'was published'} between ${formatDate(period.from)} and ${formatDate(period.to)}. Choose a longer period.`
          : `The ranking counts the ${p.items} of the project’s ${p.feed} and the ${p.items} you saved. Set up the feed to start.`
      }
    >
      {!hasFeed && (
        <EmptyState.Actions>
          <Button component={Link} to={`/${p.feedPath}/${projectId}`}>
            Set up the {p.feed}
          </Button>
        </EmptyState.Actions>
      )}
    </EmptyState>
  );

  const common = {
    path: creatorsPath(projectId),
    filter: creatorFilter(platform, period),
    defaultSort: defaultCreatorSort(platform),
    exportName: `creators-${platform}-${period.from}-${period.to}`,
    searchPlaceholder: 'Search channels…',
    toolbarFilters: filters,
    emptyState: empty,
  };

  return (
    <>
      <PageHeader title={TITLE} description={project ? `The channels behind ${project.name}’s streams and videos, ranked over a period.` : DESCRIPTION} />
      {/* Keyed by platform: each board has its own sorts, so the table starts over on its default. */}
      {platform === 'twitch' ? (
        <DataTable<TwitchCreatorAttributes> key="twitch" columns={twitchColumns()} {...common} />
      ) : (
        <DataTable<YoutubeCreatorAttributes> key="youtube" columns={youtubeColumns()} {...common} />
      )}
    </>
  );
}
