import { useMemo, useState } from 'react';
import { Badge, Button, Tooltip } from '@mantine/core';
import { IconBookmark, IconDownload, IconEye, IconExternalLink, IconFilter, IconFilterOff, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZES } from '../../../../common/limits';
import { MSG } from '../../../../common/messages';
import { DataTable } from '../../../components/data-table/data-table';
import type { RowAction } from '../../../components/data-table/row-actions';
import { PageHeader } from '../../../components/page-header';
import { toastError, toastSuccess } from '../../../components/toasts';
import type { Project } from '../../../lib/workspace';
import { useAlert } from '../../alerts/api/alerts';
import {
  FEED_DEFAULT_SORT,
  activeListParams,
  exportFeedCsv,
  exportFeedIds,
  feedPath,
  useFeedBulk,
  type FeedArticle,
  type FeedArticleAttributes,
} from '../api/feed';
import { EMPTY_FILTERS, countFilters, feedFilterQuery, type FeedFilters } from '../lib/feed-filters';
import { useFeedGates } from '../../../lib/feed-gates';
// The feed's 'Edit alert' opens the alerts feature's form: to be composed in web/app/routes/articles-feed-page (issue 12).
// eslint-disable-next-line web-boundaries/feature-imports
import { AlertFormModal } from '../../alerts/components/alert-form-modal';
import { ArticlePreviewModal } from './article-preview-modal';
import { DeleteArticlesModal } from './delete-articles-modal';
import { FeedBulkBar, type BulkAction } from './feed-bulk-bar';
import { feedColumns } from './feed-columns';
import { FeedFiltersModal } from './feed-filters-modal';
import { FeedSubtitle } from './feed-subtitle';
import { SaveArticlesModal } from './save-articles-modal';

/** Articles waiting for a save or delete confirmation, and how to clear the checked rows after it. */
interface Pending {
  kind: 'save' | 'delete';
  ids: string[];
  clear?: () => void;
}

/**
 * The articles of a project's alert (000 §2 "Articles feed screen"). The page mounts it once per
 * project, so choosing another project starts over: page 1, nothing checked, no filters.
 */
export function AlertFeed({ project, alertId }: { project: Project; alertId: string }) {
  const qc = useQueryClient();
  const gates = useFeedGates();
  const alert = useAlert(alertId);
  const bulk = useFeedBulk(alertId);
  const path = feedPath(alertId);
  const [filters, setFilters] = useState<FeedFilters>(EMPTY_FILTERS);
  // Each opening mounts a fresh filters form (new key) that starts from the filters in force.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [filtersKey, setFiltersKey] = useState(0);
  const [editing, setEditing] = useState(false);
  const [preview, setPreview] = useState<FeedArticle | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  // Kept apart from `pending` so that a closing dialog keeps its title while it fades out.
  const [dialog, setDialog] = useState<Pending['kind'] | null>(null);
  const ask = (p: Pending) => {
    setPending(p);
    setDialog(p.kind);
  };
  const [exporting, setExporting] = useState(false);

  const filter = useMemo(() => feedFilterQuery(filters, gates.regional), [filters, gates.regional]);
  const columns = useMemo(
    () => feedColumns({ operator: gates.operator, umv: gates.umv, headlineTools: gates.headlineTools }),
    [gates.operator, gates.umv, gates.headlineTools],
  );
  const filterCount = countFilters(filters);

  async function runExport(run: () => Promise<void>) {
    setExporting(true);
    try {
      await run();
      toastSuccess(MSG.exports.ready);
    } catch (err) {
      toastError(err, MSG.exports.failure);
    } finally {
      setExporting(false);
    }
  }

  function exportCurrent() {
    const shown = activeListParams(qc, path);
    return runExport(() => exportFeedCsv(alertId, { sort: shown?.sort ?? FEED_DEFAULT_SORT, search: shown?.search, filter }));
  }

  function applyBulk(action: BulkAction, rows: FeedArticle[], clear: () => void) {
    const ids = rows.map((r) => r.id);
    if (action === 'export') void runExport(() => exportFeedIds(alertId, ids));
    else ask({ kind: action, ids, clear });
  }

  async function confirm(req: { kind: 'save'; tagId: string } | { kind: 'delete' }) {
    if (!pending) return;
    await bulk.mutateAsync(req.kind === 'save' ? { kind: 'save', ids: pending.ids, tagId: req.tagId } : { kind: 'delete', ids: pending.ids });
    // After a save or delete in the feed the list reloads and the selection clears (000 §4).
    pending.clear?.();
    setPreview(null);
  }

  const rowActions = (a: FeedArticle): RowAction[] => [
    { label: 'Preview', icon: <IconEye size={16} />, onClick: () => setPreview(a) },
    { label: 'Open', icon: <IconExternalLink size={16} />, onClick: () => window.open(a.url, '_blank', 'noopener,noreferrer') },
    { label: 'Save', icon: <IconBookmark size={16} />, onClick: () => ask({ kind: 'save', ids: [a.id] }) },
    { label: 'Delete', icon: <IconTrash size={16} />, color: 'red', divider: true, onClick: () => ask({ kind: 'delete', ids: [a.id] }) },
  ];

  const toolbar = (
    <>
      <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)} disabled={!alert.data}>
        Edit feed
      </Button>
      <Button
        variant={filterCount ? 'light' : 'default'}
        leftSection={<IconFilter size={16} />}
        rightSection={filterCount ? <Badge size="xs" circle>{filterCount}</Badge> : undefined}
        onClick={() => {
          setFiltersKey((k) => k + 1);
          setFiltersOpen(true);
        }}
      >
        Filters
      </Button>
      {filterCount > 0 && (
        <Tooltip label="Clear filters" withArrow>
          <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} />} onClick={() => setFilters(EMPTY_FILTERS)}>
            Clear filters
          </Button>
        </Tooltip>
      )}
      <Button variant="default" leftSection={<IconDownload size={16} />} onClick={exportCurrent} loading={exporting}>
        Export
      </Button>
    </>
  );

  return (
    <>
      <PageHeader title={`${project.name} Articles`} description={<FeedSubtitle alert={alert.data} />} />
      <DataTable<FeedArticleAttributes>
        path={path}
        filter={filter}
        columns={columns}
        defaultSort={FEED_DEFAULT_SORT}
        pageSizeOptions={PAGE_SIZES.articlesFeedOptions}
        searchPlaceholder="Search articles"
        selectable
        selectionActions={(rows, clear) => <FeedBulkBar busy={bulk.isPending || exporting} onApply={(action) => applyBulk(action, rows, clear)} />}
        rowActions={rowActions}
        rowLabel={(a) => a.title}
        toolbarExtra={toolbar}
      />

      <FeedFiltersModal
        key={filtersKey}
        opened={filtersOpen}
        filters={filters}
        regional={gates.regional}
        onClose={() => setFiltersOpen(false)}
        onApply={setFilters}
      />
      <ArticlePreviewModal article={preview} onClose={() => setPreview(null)} onSave={(a) => ask({ kind: 'save', ids: [a.id] })} />
      <SaveArticlesModal
        opened={dialog === 'save'}
        count={pending?.ids.length ?? 0}
        projectId={project.id}
        saving={bulk.isPending}
        onClose={() => setDialog(null)}
        onSave={(tagId) => confirm({ kind: 'save', tagId })}
      />
      <DeleteArticlesModal
        opened={dialog === 'delete'}
        count={pending?.ids.length ?? 0}
        deleting={bulk.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => confirm({ kind: 'delete' })}
      />
      {alert.data && (
        <AlertFormModal
          key={`${alert.data.id}-${alert.data.updated_at ?? ''}`}
          opened={editing}
          onClose={() => setEditing(false)}
          projectId={project.id}
          projectName={project.name}
          alert={alert.data}
        />
      )}
    </>
  );
}
