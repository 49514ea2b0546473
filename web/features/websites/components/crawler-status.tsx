import type { ReactNode } from 'react';
import { Alert, Badge, Code, Divider, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconSpider } from '@tabler/icons-react';
import { formatCount } from '../../../components/media/format-audience';
import { formatDateTime, formatTime } from '../../../lib/dates';
import { useCan } from '../../../lib/can';
import { CRAWLER_STATUS_WINDOW_MINUTES } from '../../../../common/schemas/metrics';
import { describeIngestLimit, isCrawlerRunning, useCrawlerStatus, type CrawlerStatusAttributes } from '../api/crawler-status';
import classes from './crawler-status.module.css';
import { CrawlerHealth } from './crawler-health';
import { CrawlerWorkers } from './crawler-workers';

const WINDOW = `${CRAWLER_STATUS_WINDOW_MINUTES} min`;

/** Milliseconds as people read them: one decimal below 10 ("3.2"), whole above ("48"). */
const formatMs = (n: number) => n.toLocaleString('en', { maximumFractionDigits: n < 10 ? 1 : 0 });

function Stat({ label, value, detail, color }: { label: string; value: string; detail: ReactNode; color?: string }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={700} lh={1.3} c={color} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </Stack>
  );
}

function FeedsStat({ feeds }: { feeds: CrawlerStatusAttributes['feeds'] }) {
  const detail = (
    <>
      of {formatCount(feeds.enabled)} enabled
      {feeds.failing > 0 && (
        <Text span size="xs" c="red">
          {' · '}
          {formatCount(feeds.failing)} failing
        </Text>
      )}
    </>
  );
  return <Stat label="Feeds due" value={formatCount(feeds.due)} detail={detail} />;
}

function LatencyStat({ latency }: { latency: CrawlerStatusAttributes['api_latency_ms'] }) {
  if (latency.p50 === null || latency.p95 === null) return <Stat label="API latency" value="–" detail={`no requests in the last ${WINDOW}`} />;
  return (
    <Stat
      label="API latency"
      value={`${formatMs(latency.p50)} · ${formatMs(latency.p95)} ms`}
      detail={`p50 · p95 of ${formatCount(latency.requests)} requests`}
    />
  );
}

function IngestLimitStat({ limit }: { limit: CrawlerStatusAttributes['ingest_limit'] }) {
  if (!limit) return <Stat label="Ingest limit" value="–" detail="no worker reporting" />;
  const { value, detail, yielding } = describeIngestLimit(limit);
  return <Stat label="Ingest limit" value={value} color={yielding ? 'orange' : undefined} detail={detail} />;
}

/** A command is copied whole: never broken at its hyphen. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

function NoWorkerAlert() {
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="No worker is running: feeds are not being polled" mb="md">
      No worker process has reported in the last 30 seconds, so feeds that fall due wait. <Code style={NO_WRAP}>npm start</Code> runs one beside the API; where
      the roles run apart, start a process with <Code style={NO_WRAP}>--role=worker</Code>.
    </Alert>
  );
}

function StatusBody({ status }: { status: CrawlerStatusAttributes }) {
  return (
    <>
      {!isCrawlerRunning(status) && <NoWorkerAlert />}
      <div className={classes.stats}>
        <FeedsStat feeds={status.feeds} />
        <Stat
          label="Feed polls waiting"
          value={formatCount(status.feed_polls.waiting)}
          detail={`${formatCount(status.feed_polls.active)} running · ${formatCount(status.jobs_waiting)} jobs queued`}
        />
        <Stat
          label="Ingest rate"
          value={`${status.articles_per_minute.toLocaleString('en', { maximumFractionDigits: 1 })} / min`}
          detail={`${formatCount(status.articles_last_5_minutes)} articles in ${WINDOW}`}
        />
        <LatencyStat latency={status.api_latency_ms} />
        <IngestLimitStat limit={status.ingest_limit} />
      </div>
      {status.health && <CrawlerHealth health={status.health} />}
      <Divider my="md" label="Worker processes" labelPosition="left" />
      <CrawlerWorkers workers={status.workers} measuredAt={status.measured_at} />
    </>
  );
}

function PanelHeader({ status }: { status: CrawlerStatusAttributes | undefined }) {
  const running = status && isCrawlerRunning(status);
  return (
    <Group justify="space-between" gap="xs" mb="md" wrap="wrap">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" size={32} radius="md">
          <IconSpider size={18} />
        </ThemeIcon>
        <Title order={2} size="h4">
          Crawler
        </Title>
        {status && (
          <Badge variant="light" color={running ? 'teal' : 'orange'}>
            {running ? 'Polling' : 'Not polling'}
          </Badge>
        )}
      </Group>
      {status && (
        <Text size="xs" c="dimmed" title={formatDateTime(status.measured_at, { seconds: true })}>
          Last {WINDOW} · updated {formatTime(status.measured_at, { seconds: true })}, every 10 s
        </Text>
      )}
    </Group>
  );
}

/**
 * The crawler at a glance for the platform operator's admins (issue 16): what is due and
 * queued, how fast articles come in, how the API feels meanwhile, how far the crawler is
 * yielding, and which worker processes are alive. Nobody else sees it or asks for it.
 */
export function CrawlerStatusPanel() {
  const allowed = useCan('operator.console');
  const status = useCrawlerStatus(allowed);
  if (!allowed) return null;
  return (
    <Paper withBorder radius="md" p="md" shadow="xs" mb="lg" component="section" aria-label="Crawler status" className={classes.panel}>
      <PanelHeader status={status.data} />
      {status.data ? (
        <StatusBody status={status.data} />
      ) : status.isError ? (
        <Text size="sm" c="red">
          The crawler&apos;s status could not be loaded: {status.error.message}
        </Text>
      ) : (
        <Skeleton height={120} radius="sm" />
      )}
    </Paper>
  );
}
