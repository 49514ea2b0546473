import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MSG, count } from '../../../../common/messages';
import { DiscoveredFeeds } from '../../../components/discovered-feeds';
import { formatDate, fromNow } from '../../../lib/dates';
import { useDecideSuggestion, type Suggestion } from '../api/suggestions';
import secondary from '../../../components/secondary-text.module.css';

function Decision({ s }: { s: Suggestion }) {
  const approved = s.status === 'approved';
  return (
    <Group gap="xs" wrap="wrap">
      <Badge color={approved ? 'green' : 'gray'} variant="light" tt="none">
        {approved ? 'Approved' : 'Rejected'}
        {s['decided-at'] ? ` ${fromNow(s['decided-at'])}` : ''}
      </Badge>
      {approved && (
        <Anchor component={Link} to={`/websites/${s.domain}`} size="sm">
          Open its page
        </Anchor>
      )}
    </Group>
  );
}

/** Approve (disabled, with why, when discovery found no feed) and Reject: one click each. */
function Actions({ s }: { s: Suggestion }) {
  const decide = useDecideSuggestion();
  // GDELT's suggestions are discovered when approved (nothing was fetched from the outlet before).
  const canApprove = s.feeds.length > 0 || s.existing || (s.source === 'gdelt' && !s.reason);
  const busy = decide.isPending ? decide.variables?.status : undefined;
  return (
    <Group gap="xs" wrap="nowrap">
      <Tooltip label={MSG.outlets.noFeedToApprove} disabled={canApprove} multiline w={260}>
        {/* a disabled button gets no pointer events: the wrapper keeps the tooltip working */}
        <span tabIndex={canApprove ? undefined : 0}>
          <Button
            leftSection={<IconCheck size={16} />}
            disabled={!canApprove || (decide.isPending && busy !== 'approved')}
            loading={busy === 'approved'}
            onClick={() => decide.mutate({ suggestion: s, status: 'approved' })}
            aria-label={`Approve ${s.domain}`}
          >
            Approve
          </Button>
        </span>
      </Tooltip>
      <Button
        variant="default"
        leftSection={<IconX size={16} />}
        disabled={decide.isPending && busy !== 'rejected'}
        loading={busy === 'rejected'}
        onClick={() => decide.mutate({ suggestion: s, status: 'rejected' })}
        aria-label={`Reject ${s.domain}`}
      >
        Reject
      </Button>
    </Group>
  );
}

/** One organization's suggestion: who asked and when, what discovery found (or why nothing), and the decision. */
export function SuggestionCard({ s }: { s: Suggestion }) {
  const titleId = `suggestion-${s.id}`;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId} data-testid="suggestion">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap" mb="sm">
        <Stack gap={2} miw={0} style={{ flex: '1 1 16rem' }}>
          <Group gap="xs" wrap="wrap">
            <Title order={3} fz="md" id={titleId}>
              <Anchor href={s.url} target="_blank" rel="noopener noreferrer" inherit dir="ltr">
                {s.domain}
              </Anchor>
            </Title>
            {s.existing && (
              <Badge variant="light" color="blue" tt="none">
                {s.monitored ? 'Already monitored' : 'In the directory'}
              </Badge>
            )}
          </Group>
          <Text size="sm" className={secondary.secondary}>
            {s.source === 'gdelt' ? (
              <>
                Found via GDELT for <bdi>{s.organization_name ?? 'an organization'}</bdi>’s alerts · {count(s.articles, 'article')}{' '}
                <span title={formatDate(s['created-at'])}>since {fromNow(s['created-at'])}</span>
              </>
            ) : (
              <>
                <bdi>{s.organization_name ?? 'An organization'}</bdi> · suggested <span title={formatDate(s['created-at'])}>{fromNow(s['created-at'])}</span>
              </>
            )}
          </Text>
        </Stack>
        {s.status === 'pending' ? <Actions s={s} /> : <Decision s={s} />}
      </Group>
      {s.feeds.length > 0 ? (
        <DiscoveredFeeds feeds={s.feeds} />
      ) : (
        <Text size="sm" className={secondary.secondary}>
          {s.reason ??
            (s.source === 'gdelt' && s.status === 'pending'
              ? 'Its feeds are looked for when you approve it: nothing has been fetched from this outlet yet.'
              : MSG.outlets.discoverNone)}
        </Text>
      )}
    </Paper>
  );
}
