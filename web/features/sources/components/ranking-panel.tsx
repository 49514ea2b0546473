import { Alert, Button, Group, Loader, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MSG } from '../../../../common/messages';
import { fromNow } from '../../../lib/dates';
import { useCan } from '../../../lib/can';
import { useRanking, useSetRankingAutoUpdate, type RankingAttributes } from '../api/ranking';
import secondary from '../../../components/secondary-text.module.css';
import { RankingListFacts, RankingWebsiteCounts, TrancoCitation } from './ranking-facts';
import { RankingUpload } from './ranking-upload';

/** The last attempt's state: importing (the screen polls), failed (the list in use stays), or no list yet. */
function AttemptState({ ranking: r }: { ranking: RankingAttributes }) {
  if (r.state === 'importing')
    return (
      <Group gap="xs" wrap="nowrap" role="status" data-testid="ranking-importing">
        <Loader size="sm" />
        <Text size="sm">Importing a new list{r.last_attempt_at ? ` (started ${fromNow(r.last_attempt_at)})` : ''}… Scores update when it is done.</Text>
      </Group>
    );
  if (r.state === 'failed')
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="The last import failed" role="alert">
        <Text size="sm" dir="auto">
          {r.last_error ?? 'The list could not be imported.'}
        </Text>
        <Text size="sm" mt={4}>
          {r.list_date ? 'The list before it stays in use.' : 'No list is in use yet: every website scores 0.1.'}
          {r.last_attempt_at ? ` Tried ${fromNow(r.last_attempt_at)}.` : ''}
        </Text>
      </Alert>
    );
  if (!r.list_date)
    return (
      <Text size="sm">
        No ranking yet: every website scores 0.1 until a list arrives. Upload a list in the Tranco format (lines <code>rank,domain</code>, plain or zipped) or
        switch on the daily updates.
      </Text>
    );
  return null;
}

function AutoUpdateSwitch({ ranking: r }: { ranking: RankingAttributes }) {
  const set = useSetRankingAutoUpdate();
  const checked = set.isPending && set.variables !== undefined ? set.variables : r.auto_update;
  return (
    <Switch
      label="Daily ranking updates from Tranco"
      aria-label="Daily ranking updates from Tranco"
      description="Fetches the latest list from tranco-list.eu once a day. Nothing is fetched until this is on."
      checked={checked}
      disabled={set.isPending}
      onChange={(e) => set.mutate(e.currentTarget.checked)}
      classNames={{ description: secondary.secondary }}
    />
  );
}

function RankingBody({ ranking: r }: { ranking: RankingAttributes }) {
  return (
    <Stack gap="md">
      <AttemptState ranking={r} />
      {r.list_date && <RankingListFacts ranking={r} />}
      <RankingWebsiteCounts ranking={r} />
      <AutoUpdateSwitch ranking={r} />
      {r.url_configured && (
        <Text size="sm" data-testid="ranking-url">
          RANKING_URL is set: the list is fetched from it at start and every {r.refresh_hours} h.
        </Text>
      )}
      {r.list_date && <TrancoCitation ranking={r} />}
    </Stack>
  );
}

/**
 * Websites → Source packs: the traffic ranking that every media score comes from (the list in
 * use, the last import, the daily Tranco update and an upload). For the operator's admins only.
 */
export function RankingPanel() {
  const allowed = useCan('operator.console');
  const ranking = useRanking(allowed);
  if (!allowed) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} shadow="xs" component="section" aria-labelledby="ranking-title">
      <Group justify="space-between" align="flex-start" gap="sm" mb="md" wrap="wrap">
        <Stack gap={2} miw={0} style={{ flex: '1 1 20rem' }}>
          <Title order={2} id="ranking-title" fz="lg">
            Traffic ranking
          </Title>
          <Text size="sm" className={secondary.secondary}>
            Each website's media score comes from its rank in this list of the most visited sites.
          </Text>
        </Stack>
        {ranking.data && <RankingUpload busy={ranking.data.state === 'importing'} />}
      </Group>
      {ranking.isError ? (
        <Alert color="red" title={MSG.somethingWrong}>
          {ranking.error.message}
          <Button size="xs" variant="light" color="red" ms="md" onClick={() => ranking.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !ranking.data ? (
        <Skeleton height={120} radius="md" />
      ) : (
        <RankingBody ranking={ranking.data} />
      )}
    </Paper>
  );
}
