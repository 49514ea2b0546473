import { useMemo, useState } from 'react';
import { Anchor, Badge, Button, FileButton, Group, Text } from '@mantine/core';
import { IconFileExport, IconFileImport, IconWorldWww } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { languageName } from '../../../../common/reference';
import { DataTable, type Row } from '../../../components/data-table/data-table';
import { MediaScoreBadge, VisitorsText } from '../../../components/media-score-badge';
import { PageHeader } from '../../../components/page-header';
import { toastError } from '../../../components/toasts';
import { formatDate } from '../../../lib/dates';
import { downloadOpml, useImportOpml, WEBSITES_PATH, type WebsiteAttributes } from '../api/websites';
import { AddWebsiteModal } from '../components/add-website-modal';
import { CrawlerStatusPanel } from '../components/crawler-status';
import { WebsiteAvatar } from '../components/website-avatar';

const col = createColumnHelper<Row<WebsiteAttributes>>();

/** Feeds at a glance: how many, and how many fail or are switched off. */
function FeedsHealth({ w }: { w: WebsiteAttributes }) {
  if (!w['feeds-count']) return <Text size="sm" c="dimmed">No feeds</Text>;
  const ok = w['feeds-count'] - w['feeds-failing'] - w['feeds-disabled'];
  return (
    <Group gap={4} wrap="nowrap">
      {ok > 0 && <Badge color="teal" variant="light" size="sm">{ok} OK</Badge>}
      {w['feeds-failing'] > 0 && <Badge color="red" variant="light" size="sm">{w['feeds-failing']} failing</Badge>}
      {w['feeds-disabled'] > 0 && <Badge color="gray" variant="light" size="sm">{w['feeds-disabled']} off</Badge>}
    </Group>
  );
}

/** /websites: the media sites Coverwatch monitors (admins of the platform operator). */
export function WebsitesPage() {
  const [adding, setAdding] = useState(false);
  const [exporting, setExporting] = useState(false);
  const importOpml = useImportOpml();

  const columns = useMemo(
    () => [
      col.accessor('domain', {
        header: 'Website',
        meta: { sortField: 'name', primary: true },
        cell: ({ row }) => (
          <Group gap="sm" wrap="nowrap" miw={0}>
            <WebsiteAvatar domain={row.original.domain} avatar={row.original.avatar} />
            <div style={{ minWidth: 0 }}>
              <Anchor component={Link} to={`/websites/${row.original.domain}`} fw={600} size="sm" dir="ltr" truncate="end" title={row.original.domain} style={{ display: 'inline-block', maxWidth: '100%', verticalAlign: 'middle' }}>
                {row.original.domain}
              </Anchor>
              {row.original.name && (
                <Text size="xs" c="dimmed" truncate dir="auto" title={row.original.name}>
                  {row.original.name}
                </Text>
              )}
            </div>
          </Group>
        ),
      }),
      col.accessor('reach', { header: 'Media score', meta: { sortField: 'reach', width: 130 }, cell: (c) => <MediaScoreBadge score={c.getValue()} /> }),
      col.accessor('muv', { header: 'MUV', meta: { sortField: 'muv', width: 100, priority: 2 }, cell: (c) => <VisitorsText muv={c.getValue()} /> }),
      col.accessor('language', { header: 'Language', meta: { width: 120, priority: 3 }, cell: (c) => languageName(c.getValue()) }),
      col.accessor('articles-count', {
        header: 'Articles',
        meta: { sortField: 'articles-count', width: 116, align: 'right' },
        cell: (c) => c.getValue().toLocaleString('en'),
      }),
      col.display({ id: 'feeds', header: 'Feeds', meta: { width: 170 }, cell: ({ row }) => <FeedsHealth w={row.original} /> }),
      col.accessor('inserted-at', { header: 'Added', meta: { sortField: 'inserted_at', width: 130, priority: 3 }, cell: (c) => formatDate(c.getValue()) }),
    ],
    [],
  );

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

  const opmlButtons = (
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

  return (
    <>
      <PageHeader
        title="Websites"
        description="The media sites and feeds Coverwatch monitors, with their media score and feed health."
        icon={<IconWorldWww size={26} />}
      />
      <CrawlerStatusPanel />
      <DataTable<WebsiteAttributes>
        path={WEBSITES_PATH}
        columns={columns}
        defaultSort="name"
        defaultPageSize={50}
        pageSizeOptions={[12, 25, 50, 100]}
        exportName="websites"
        searchPlaceholder="Search websites"
        createLabel="Add website"
        onCreate={() => setAdding(true)}
        toolbarExtra={opmlButtons}
      />
      <AddWebsiteModal opened={adding} onClose={() => setAdding(false)} />
    </>
  );
}
