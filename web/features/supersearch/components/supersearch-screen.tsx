import { useState } from 'react';
import { Button, EmptyState, Paper, Stack, Tooltip } from '@mantine/core';
import { IconMailForward, IconZoomScan } from '@tabler/icons-react';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/dates';
import { can } from '../../../lib/can';
import type { CurrentUser } from '../../../lib/session';
import { truncate } from '../../../lib/text';
import { ExportEmailModal } from './export-email-modal';
import { ResultsTable } from './results-table';
import { SaveResultsModal } from './save-results-modal';
import { SearchForm } from './search-form';
import { useSupersearch } from './use-supersearch';
import { VolumePanel } from './volume-panel';

interface Props {
  user: CurrentUser;
  /** The project of the route: the default target of "Save to project". */
  projectId: string | null;
  /** The page's query string: a link's `search`, `from` and `to` fill the form and search once. */
  link?: URLSearchParams;
}

/**
 * Super Search (000 §2): the query form, then per search the volume chart with competitors and
 * share of voice, and the results with cursor pages, bulk save and export by e-mail.
 */
export function SupersearchScreen({ user, projectId, link }: Props) {
  const s = useSupersearch(user, link);
  const { run, results } = s;
  const [dialog, setDialog] = useState<'save' | 'export' | null>(null);

  return (
    <>
      <PageHeader
        title="Super Search"
        description="Search every article Coverwatch has collected, beyond your own alerts."
        actions={
          <Tooltip label="Run a search first" disabled={!!run}>
            <span>
              <Button variant="default" leftSection={<IconMailForward size={16} />} disabled={!run} onClick={() => setDialog('export')}>
                Export by e-mail
              </Button>
            </span>
          </Tooltip>
        }
      />
      <Stack gap="lg">
        <SearchForm
          draft={s.draft}
          onChange={s.change}
          minDate={s.minDate}
          maxDate={s.today}
          languages={s.languages}
          competitorsAllowed={s.competitorsAllowed}
          blocker={s.blocker}
          searching={!!run && results.isFetching && results.isPending}
          errors={s.errors}
          onSearch={s.search}
        />
        {run ? (
          <>
            <VolumePanel run={run} volumes={s.volumes} competitorsAllowed={s.competitorsAllowed} />
            <ResultsTable
              rows={results.data?.rows}
              meta={results.data?.meta}
              total={s.total}
              loading={results.isPending && results.fetchStatus !== 'idle'}
              refreshing={results.isPlaceholderData}
              error={s.resultsError}
              pages={s.pages}
              onPages={s.dispatch}
              query={s.query}
              operator={can(user, 'websites.read')}
              selection={s.selection}
              onSelectionChange={s.setSelection}
              onSave={() => setDialog('save')}
            />
          </>
        ) : (
          <Paper withBorder radius="md" p="xl">
            <EmptyState
              icon={<IconZoomScan size={28} />}
              variant="light"
              title="Search the whole archive"
              description="Enter terms above and press Search or Enter: the volume over time, competitor comparison and matching articles appear here."
            />
          </Paper>
        )}
      </Stack>

      <SaveResultsModal
        opened={dialog === 'save'}
        count={s.selectedCount}
        projectId={projectId}
        saving={s.saving}
        onClose={() => setDialog(null)}
        onSave={s.save}
      />
      <ExportEmailModal
        opened={dialog === 'export'}
        defaultEmail={user.email}
        summary={run ? `“${truncate(run.filters.search, 80)}”, ${formatDate(run.filters.from_date)} – ${formatDate(run.filters.to_date)}` : ''}
        sending={s.sending}
        onClose={() => setDialog(null)}
        onSend={s.sendExport}
      />
    </>
  );
}
