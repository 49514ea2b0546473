import { useMemo, useState } from 'react';
import { Select } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconPencil, IconTag, IconTrash } from '@tabler/icons-react';
import { useParams, useSearchParams } from 'react-router';
import { MSG } from '../../../../common/messages';
import { DataTable } from '../../../components/data-table/data-table';
import type { RowAction } from '../../../components/data-table/row-actions';
import { NoProjectState } from '../../../components/no-project-state';
import { PageHeader } from '../../../components/page-header';
import { useActiveTags } from '../../../components/tag-picker';
import { useCan } from '../../../lib/can';
import { NO_PROJECT, useProject } from '../../../lib/workspace';
import { SAVED_ARTICLES_PATH, useSetArticleLocked, type SavedArticle, type SavedArticleAttributes } from '../api/saved-articles';
import { truncate } from '../../../lib/text';
import { SavedAddMenu, type AddKind } from '../components/saved-add-menu';
import { SavedBulkImportModal } from '../components/saved-bulk-import-modal';
import { savedColumns } from '../components/saved-columns';
import { dateRangeFilter, readDateRange, SavedDateFilter, type SavedDateRange } from '../components/saved-date-filter';
import { SavedDeleteModal } from '../components/saved-delete-modal';
import { SavedEditModal } from '../components/saved-edit-modal';
import { SavedFeedImportModal } from '../components/saved-feed-import-modal';
import { SavedNewArticleModal } from '../components/saved-new-article-modal';
import { useRequestAnalysisAction } from '../components/request-analysis-action';

/**
 * /articles/{projectId}: the coverage saved in the project, filed under its tags.
 * `?date_range=YYYY-MM-DD,YYYY-MM-DD` (the overview's link) starts the list on those days.
 */
export function SavedArticlesPage() {
  const { projectId = NO_PROJECT } = useParams();
  const [params] = useSearchParams();
  const [dateRange, setDateRange] = useState<SavedDateRange | null>(() => readDateRange(params.get('date_range')));
  const { project } = useProject(projectId);
  const tags = useActiveTags(projectId);
  const setLocked = useSetArticleLocked();
  const [tagId, setTagId] = useState<string | null>(null);
  const [adding, setAdding] = useState<AddKind | null>(null);
  const [editing, setEditing] = useState<{ opened: boolean; article: SavedArticle | null }>({ opened: false, article: null });
  const [deleting, setDeleting] = useState<SavedArticle | null>(null);

  // A tag of another project must not stay selected after switching projects.
  const [seenProject, setSeenProject] = useState(projectId);
  if (seenProject !== projectId) {
    setSeenProject(projectId);
    setTagId(null);
  }

  const filter = useMemo(() => ({ project_id: projectId, tag_id: tagId ?? undefined, date_range: dateRangeFilter(dateRange) }), [projectId, tagId, dateRange]);
  const showUmv = useCan('feed.umv');
  const linkToWebsite = useCan('websites.read');
  const columns = useMemo(() => savedColumns({ showUmv, linkToWebsite }), [showUmv, linkToWebsite]);

  const requestAnalysis = useRequestAnalysisAction();

  const rowActions = (a: SavedArticle): RowAction[] => [
    { label: 'Edit', icon: <IconPencil size={16} />, onClick: () => setEditing({ opened: true, article: a }) },
    ...requestAnalysis(a),
    a.locked
      ? { label: 'Re-activate', icon: <IconArchiveOff size={16} />, onClick: () => setLocked.mutate({ id: a.id, locked: false }) }
      : { label: 'Archive', icon: <IconArchive size={16} />, onClick: () => setLocked.mutate({ id: a.id, locked: true }) },
    { label: 'Delete', icon: <IconTrash size={16} />, color: 'red', divider: true, onClick: () => setDeleting(a) },
  ];

  const noProject = projectId === NO_PROJECT;
  const alertId = project?.['alert-id'] != null ? String(project['alert-id']) : null;
  const header = (
    <PageHeader
      title="Saved Articles"
      description={project ? `Coverage of ${project.name} you kept, filed under tags.` : 'Coverage you kept, filed under tags.'}
      actions={
        noProject ? undefined : <SavedAddMenu onPick={setAdding} feedDisabledReason={project && alertId === null ? MSG.savedArticles.noAlertShort : null} />
      }
    />
  );
  if (noProject)
    return (
      <>
        {header}
        <NoProjectState />
      </>
    );

  const tagFilter = (
    <Select
      aria-label="Filter by tag"
      placeholder="All tags"
      leftSection={<IconTag size={16} />}
      data={(tags.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
      value={tagId}
      onChange={setTagId}
      clearable
      searchable
      w={200}
      comboboxProps={{ withinPortal: true }}
    />
  );

  return (
    <>
      {header}
      <DataTable<SavedArticleAttributes>
        path={SAVED_ARTICLES_PATH}
        exportPath="csv/articles"
        filter={filter}
        columns={columns}
        defaultSort="-date"
        archivable
        exportName="saved-articles"
        searchPlaceholder="Search saved articles"
        toolbarFilters={<SavedDateFilter value={dateRange} onChange={setDateRange} />}
        toolbarExtra={tagFilter}
        rowActions={rowActions}
        rowLabel={(a) => truncate(a.title?.trim() || a.url, 60)}
      />
      <SavedNewArticleModal
        key={`new-${projectId}-${tagId}`}
        opened={adding === 'new'}
        onClose={() => setAdding(null)}
        projectId={projectId}
        initialTagId={tagId}
      />
      <SavedBulkImportModal
        key={`bulk-${projectId}-${tagId}`}
        opened={adding === 'bulk'}
        onClose={() => setAdding(null)}
        projectId={projectId}
        initialTagId={tagId}
      />
      <SavedFeedImportModal
        key={`feed-${projectId}-${tagId}`}
        opened={adding === 'feed'}
        onClose={() => setAdding(null)}
        projectId={projectId}
        alertId={alertId}
        initialTagId={tagId}
      />
      <SavedEditModal
        key={editing.article ? `${editing.article.id}-${editing.article['updated-at']}` : 'none'}
        opened={editing.opened}
        onClose={() => setEditing((e) => ({ ...e, opened: false }))}
        projectId={projectId}
        article={editing.article}
      />
      <SavedDeleteModal article={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
