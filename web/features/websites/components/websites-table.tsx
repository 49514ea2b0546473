import { useMemo, useState } from 'react';
import { Anchor, Badge, Button, FileButton, Group, Select, Text, Tooltip } from '@mantine/core';
import { IconFileExport, IconFileImport, IconHeartbeat } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { FEED_HEALTH, FEED_HEALTH_LABELS, type FeedHealth } from '../../../../common/schemas/sources';
import { DataTable, type Row } from '../../../components/data-table/data-table';
import { LanguageBadge } from '../../../components/language-badge';
import { MediaScoreBadge, VisitorsText } from '../../../components/media-score-badge';
import { toastError } from '../../../components/toasts';
import { formatDate } from '../../../lib/dates';
import { downloadOpml, useImportOpml, WEBSITES_PATH, type WebsiteAttributes } from '../api/websites';
import { AddWebsiteModal } from './add-website-modal';
import { FeedHealthBadge } from './feed-health-badge';
import { useHealthParam } from './use-websites-params';
import { WebsiteAvatar } from './website-avatar';

const col = createColumnHelper<Row<WebsiteAttributes>>();

const HEALTH_OPTIONS = FEED_HEALTH.map((h) => ({ value: h, label: FEED_HEALTH_LABELS[h] }));

/** Feeds at a glance: how many, and how many fail or are switched off. */
function FeedsCount({ w }: { w: WebsiteAttributes }) {
  if (!w['feeds-count']) return <Text size="sm">No feeds</Text>;
  const ok = w['feeds-count'] - w['feeds-failing'] - w['feeds-disabled'];
  return (
    <Group gap={4} wrap="nowrap">
      {ok > 0 && (
        <Badge color="teal" variant="light" size="sm">
          {ok} OK
        </Badge>
      )}
      {w['feeds-failing'] > 0 && (
        <Badge color="red" variant="light" size="sm">
          {w['feeds-failing']} failing
        </Badge>
      )}
      {w['feeds-disabled'] > 0 && (
        <Badge color="gray" variant="light" size="sm">
          {w['feeds-disabled']} off
        </Badge>
      )}
    </Group>
  );
}

/**
 * The health of the outlet's worst enabled feed; "Off" when every feed is switched off (a
 * directory outlet whose pack is off): the health filter, like the crawler's counts, looks at
 * enabled feeds only.
 */
function HealthCell({ w }: { w: WebsiteAttributes }) {
  if (!w['feeds-count']) return <Text size="sm">—</Text>;
  if (!w.health)
    return (
      <Tooltip label="Every feed of this website is switched off" withArrow>
        <Badge variant="default" tt="none">
          Off
        </Badge>
      </Tooltip>
    );
  return <FeedHealthBadge health={w.health} />;
}

function WebsiteCell({ w }: { w: Row<WebsiteAttributes> }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <WebsiteAvatar domain={w.domain} avatar={w.avatar} />
      <div style={{ minWidth: 0 }}>
        <Anchor
          component={Link}
          to={`/websites/${w.domain}`}
          fw={600}
          size="sm"
          dir="ltr"
          truncate="end"
          title={w.domain}
          style={{ display: 'inline-block', maxWidth: '100%', verticalAlign: 'middle' }}
        >
          {w.domain}
        </Anchor>
        {w.name && (
          <Text size="xs" c="dimmed" truncate dir="auto" title={w.name}>
            {w.name}
          </Text>
        )}
      </div>
    </Group>
  );
}

const columns = [
  col.accessor('domain', { header: 'Website', meta: { sortField: 'name', primary: true }, cell: ({ row }) => <WebsiteCell w={row.original} /> }),
  col.accessor('reach', {
    header: 'Media score',
    meta: { sortField: 'reach', width: 130 },
    cell: ({ row }) => <MediaScoreBadge score={row.original.reach} basis={row.original.reach_basis} />,
  }),
  col.accessor('muv', {
    header: 'UMV',
    meta: { sortField: 'muv', width: 100, priority: 2 },
    cell: ({ row }) => <VisitorsText muv={row.original.muv} source={row.original.muv_source} />,
  }),
  col.accessor('language', { header: 'Language', meta: { width: 120, priority: 3 }, cell: (c) => <LanguageBadge code={c.getValue()} /> }),
  col.accessor('articles-count', {
    header: 'Articles',
    meta: { sortField: 'articles-count', width: 100, align: 'right' },
    cell: (c) => c.getValue().toLocaleString('en'),
  }),
  col.accessor('health', { header: 'Health', meta: { width: 170 }, cell: ({ row }) => <HealthCell w={row.original} /> }),
  col.display({ id: 'feeds', header: 'Feeds', meta: { width: 160, priority: 2 }, cell: ({ row }) => <FeedsCount w={row.original} /> }),
  col.accessor('inserted-at', { header: 'Added', meta: { sortField: 'inserted_at', width: 120, priority: 3 }, cell: (c) => formatDate(c.getValue()) }),
];

function OpmlButtons() {
  const importOpml = useImportOpml();
  const [exporting, setExporting] = useState(false);
  async function exportOpml() {
    setExporting(true);
    try {
      await downloadOpml();
    } catch (err) {
      toastError(err);
    } finally {
      setExporting(false);
    }
  }
  return (
    <>
      <FileButton onChange={(file) => file && importOpml.mutate(file)} accept=".opml,.xml,text/x-opml,application/xml,text/xml">
        {(props) => (
          <Button {...props} variant="default" leftSection={<IconFileImport size={16} />} loading={importOpml.isPending}>
            Import OPML
          </Button>
        )}
      </FileButton>
      <Button variant="default" leftSection={<IconFileExport size={16} />} onClick={exportOpml} loading={exporting}>
        Export OPML
      </Button>
    </>
  );
}

/** The monitored websites: search, a health filter (kept in the address), OPML in and out, and Add website. */
export function WebsitesTable() {
  const [adding, setAdding] = useState(false);
  const [health, setHealth] = useHealthParam();
  const filter = useMemo(() => (health ? { health } : undefined), [health]);

  const healthFilter = (
    <Select
      aria-label="Health"
      placeholder="Any health"
      data={HEALTH_OPTIONS}
      value={health}
      onChange={(v) => setHealth(v as FeedHealth | null)}
      clearable
      leftSection={<IconHeartbeat size={16} />}
      w={{ base: '100%', xs: 210 }}
      comboboxProps={{ withinPortal: true }}
    />
  );

  return (
    <>
      <DataTable<WebsiteAttributes>
        path={WEBSITES_PATH}
        filter={filter}
        columns={columns}
        defaultSort="name"
        defaultPageSize={50}
        pageSizeOptions={[12, 25, 50, 100]}
        exportName="websites"
        searchPlaceholder="Search websites"
        createLabel="Add website"
        onCreate={() => setAdding(true)}
        toolbarFilters={healthFilter}
        toolbarExtra={<OpmlButtons />}
      />
      <AddWebsiteModal opened={adding} onClose={() => setAdding(false)} />
    </>
  );
}
