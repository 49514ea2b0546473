import { useDeferredValue, type ReactNode } from 'react';
import { Center, Loader, Text } from '@mantine/core';
import { IconArrowsSplit, IconBookmark, IconEye, IconExternalLink, IconTextScan2, IconTrash } from '@tabler/icons-react';
import { PAGE_SIZES } from '../../../../common/limits';
import { DataTable } from '../../../components/data-table/data-table';
import type { RowAction } from '../../../components/data-table/row-actions';
import { FeedPage } from '../../../components/feed-page';
import { onDemand } from '../../../components/on-demand';
import { useAfterMount } from '../../../lib/use-after-mount';
import type { Project } from '../../../lib/workspace';
import { FEED_DEFAULT_SORT, type FeedArticle, type FeedArticleAttributes } from '../api/feed';
import { EMPTY_FILTERS } from '../lib/feed-filters';
import { AlertFeedToolbar } from './alert-feed-toolbar';
import { FeedBulkBar } from './feed-bulk-bar';
import { FeedSubtitle } from './feed-subtitle';
import { useRequestAnalysisAction } from './request-analysis-action';
import { useAlertFeed } from './use-alert-feed';

// The feed's dialogs load when they first open: the filters (the date picker, number inputs and
// selects), the preview, saving under a tag and deleting are a click away, not part of the first load.
const FeedFiltersModal = onDemand(() => import('./feed-filters-modal').then((m) => m.FeedFiltersModal));
const ArticlePreviewModal = onDemand(() => import('./article-preview-modal').then((m) => m.ArticlePreviewModal));
const SaveToTagModal = onDemand(() => import('../../../components/save-to-tag-modal').then((m) => m.SaveToTagModal));
const DeleteArticlesModal = onDemand(() => import('./delete-articles-modal').then((m) => m.DeleteArticlesModal));

type FeedAlertData = NonNullable<ReturnType<typeof useAlertFeed>['alert']['data']>;

/** The form behind the feed's 'Edit alert' (the alerts feature's; the page composes the two). */
export type AlertEditForm = (props: { alert: FeedAlertData; opened: boolean; onClose: () => void }) => ReactNode;

interface Props {
  project: Project;
  alertId: string;
  editForm: AlertEditForm;
  /** Open the alert form as soon as the alert is loaded (a link asked for it: `?alert=edit`). */
  editOnOpen?: boolean;
  /** The alert form closed (saved or not). */
  onEditClosed?: () => void;
  /** What the feed says when the alert has matched nothing at all (shown only without filters or search). */
  emptyState?: ReactNode;
  /** The header's actions: the project's alerts (which one is listed, adding another). */
  headerActions?: ReactNode;
  /** What a link asked the feed to start with: a period (inclusive days) and whether a story's copies are one row. */
  start?: { startDate: string | null; endDate: string | null; grouped: boolean };
}

/**
 * The articles of a project's alert (000 §2 "Articles feed screen"). The page mounts it once per
 * project, so choosing another project starts over: page 1, nothing checked, no filters.
 */
export function AlertFeed({ project, alertId, editForm, editOnOpen = false, onEditClosed, emptyState, headerActions, start }: Props) {
  const f = useAlertFeed(alertId, { editing: editOnOpen, ...start });
  const { alert, bulk, pending, ask } = f;
  const requestAnalysis = useRequestAnalysisAction();
  // The feed draws once its alert is in (its subtitle, arriving later, pushed the rows down), and
  // after the frame: the header, toolbar and rows render in a transition (slices that yield to the
  // browser) started once the frame is committed, also when everything is already in as the feed
  // mounts — the frame (and the sources callout above it) paints first, not with the 25 rows. An
  // alert arriving later is drawn as a deferred render too.
  const mounted = useAfterMount();
  const ready = useDeferredValue(mounted && (alert.data !== undefined || !alert.isPending));

  const rowActions = (a: FeedArticle): RowAction[] => [
    { label: 'Preview', icon: <IconEye size={16} />, onClick: () => f.setPreview(a) },
    { label: 'Open', icon: <IconExternalLink size={16} />, onClick: () => window.open(a.url, '_blank', 'noopener,noreferrer') },
    ...requestAnalysis(a),
    // The search query is the alert's: "Change search query" is alert management (000 §2 "Tables").
    { label: 'Change search query', icon: <IconTextScan2 size={16} />, disabled: !alert.data, onClick: () => f.setEditing(true) },
    { label: 'Save', icon: <IconBookmark size={16} />, onClick: () => ask({ kind: 'save', ids: [a.id] }) },
    ...(a.story_size > 1
      ? [{ label: 'Split from its story', icon: <IconArrowsSplit size={16} />, disabled: f.storyBusy, onClick: () => f.splitStory(a) }]
      : []),
    { label: 'Delete', icon: <IconTrash size={16} />, color: 'red', divider: true, onClick: () => ask({ kind: 'delete', ids: [a.id] }) },
  ];

  function closeEdit() {
    f.setEditing(false);
    onEditClosed?.();
  }

  // Meanwhile a screen's height holds the footer below the fold, so that nothing on screen moves.
  if (!ready)
    return (
      <Center h={300} mb="100dvh">
        <Loader type="dots" />
      </Center>
    );

  const toolbar = (
    <AlertFeedToolbar
      canEdit={!!alert.data}
      onEdit={() => f.setEditing(true)}
      filterCount={f.filterCount}
      onOpenFilters={f.openFilters}
      onClearFilters={() => f.setFilters(EMPTY_FILTERS)}
      exporting={f.exporting}
      onExport={f.exportCurrent}
      grouped={f.grouped}
      onGroupedChange={f.setGrouped}
      onCloseStory={f.story ? f.closeStory : undefined}
    />
  );

  const table = (
    <DataTable<FeedArticleAttributes>
      path={f.path}
      filter={f.filter}
      columns={f.columns}
      defaultSort={FEED_DEFAULT_SORT}
      pageSizeOptions={PAGE_SIZES.articlesFeedOptions}
      searchPlaceholder="Search articles"
      selectable
      selectionActions={(rows, clear) => <FeedBulkBar busy={bulk.isPending || f.exporting} onApply={(action) => f.applyBulk(action, rows, clear)} />}
      rowActions={rowActions}
      rowLabel={(a) => a.title}
      toolbarExtra={toolbar}
      emptyState={f.filterCount === 0 ? emptyState : undefined}
    />
  );

  return (
    <FeedPage
      title={f.story ? `${project.name} Articles: one story` : `${project.name} Articles`}
      subtitle={
        f.story ? (
          <Text size="sm" c="dimmed" dir="auto">
            {f.story.story_size.toLocaleString('en')} copies of “{f.story.title}”
          </Text>
        ) : (
          <FeedSubtitle alert={alert.data} />
        )
      }
      actions={headerActions}
      table={table}
    >
      <FeedFiltersModal
        key={f.filtersKey}
        opened={f.filtersOpen}
        filters={f.filters}
        regional={f.gates.regional}
        onClose={f.closeFilters}
        onApply={f.setFilters}
      />
      <ArticlePreviewModal
        opened={f.preview !== null}
        article={f.preview}
        onClose={() => f.setPreview(null)}
        onSave={(a) => ask({ kind: 'save', ids: [a.id] })}
      />
      <SaveToTagModal
        opened={f.dialog === 'save'}
        noun={{ one: 'article', other: 'articles' }}
        count={pending?.ids.length ?? 0}
        projectId={project.id}
        saving={bulk.isPending}
        onClose={f.closeDialog}
        onSave={(tagId) => f.confirm({ kind: 'save', tagId })}
      />
      <DeleteArticlesModal
        opened={f.dialog === 'delete'}
        count={pending?.ids.length ?? 0}
        deleting={bulk.isPending}
        onClose={f.closeDialog}
        onConfirm={() => f.confirm({ kind: 'delete' })}
      />
      {alert.data && editForm({ alert: alert.data, opened: f.editing, onClose: closeEdit })}
    </FeedPage>
  );
}
