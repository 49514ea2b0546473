import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { RowSelectionState } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { MSG } from '../../../../common/messages';
import { parseQuery } from '../../../../common/query/parse';
import { toastError, toastSuccess, toastWarning } from '../../../components/toasts';
import { ApiError } from '../../../lib/api';
import { can, planNumber } from '../../../lib/can';
import type { CurrentUser } from '../../../lib/session';
import { SUPERSEARCH_KEY, useBulkSave, useEmailExport, useSearchLanguages, useSearchResults, useVolumes, type SearchRun } from '../api/supersearch';
import { cursorPages, initialPages } from '../lib/cursor-pages';
import { searchErrorMessage, searchFieldErrors } from '../lib/errors';
import { resultsTotal } from '../lib/total';
import { linkedDraft } from '../lib/link-params';
import { appliedCompetitors, draftFilters, initialDraft, minSearchDate, searchBlocker, type SearchDraft } from '../lib/search-form';
import { FieldError } from './export-email-modal';
import type { SearchFieldErrors } from './search-form';

const FIELD_OF_PATCH: Partial<Record<keyof SearchDraft, keyof SearchFieldErrors>> = {
  simple: 'search',
  raw: 'search',
  mode: 'search',
  fromDate: 'from_date',
  toDate: 'to_date',
  languages: 'languages',
  minScore: 'min',
  maxScore: 'max',
  competitors: 'competitors',
};

/**
 * The state of the Super Search screen: the form's draft and field errors, the search run with
 * its cursor pages, results and volumes, the row selection, and the save and export actions.
 * `link` (the page's query string: `search`, `from`, `to`) fills the first draft, and a search it
 * makes possible runs at once.
 */
export function useSupersearch(user: CurrentUser, link?: URLSearchParams) {
  const qc = useQueryClient();
  const org = user.organization;
  const organizationId = org ? String(org.id) : null;
  const competitorsAllowed = can(user, 'supersearch.competitors');
  const today = dayjs().format('YYYY-MM-DD');
  // The plan's months of data, as the server bounds the search.
  const minDate = minSearchDate(planNumber(user, 'max_data'));
  const languages = useSearchLanguages();

  // Read once: the user changes the form afterwards.
  const [start] = useState(() => {
    const fresh = initialDraft(minDate);
    const linked = link ? linkedDraft(fresh, link, minDate, today) : null;
    const d = linked ?? fresh;
    const first: SearchRun | null =
      linked && organizationId && !searchBlocker(d, organizationId)
        ? { id: 1, filters: draftFilters(d, organizationId), competitors: competitorsAllowed ? appliedCompetitors(d) : [] }
        : null;
    return { draft: d, run: first };
  });
  const [draft, setDraft] = useState<SearchDraft>(start.draft);
  const [errors, setErrors] = useState<SearchFieldErrors>({});
  const [run, setRun] = useState<SearchRun | null>(start.run);
  const runIds = useRef(start.run ? start.run.id : 0);
  const [pages, dispatch] = useReducer(cursorPages, undefined, () => initialPages(draft.sort));
  const [selection, setSelection] = useState<RowSelectionState>({});

  const results = useSearchResults(run, pages);
  const volumes = useVolumes(run, competitorsAllowed);
  const bulk = useBulkSave();
  const exporter = useEmailExport();
  const blocker = searchBlocker(draft, organizationId);
  const query = useMemo(() => {
    const parsed = run ? parseQuery(run.filters.search) : null;
    return parsed?.ok ? parsed.query : null;
  }, [run]);

  // The previous searches' cached pages and volumes are dropped once the new one is on screen.
  const runId = run?.id;
  useEffect(() => {
    if (runId) qc.removeQueries({ queryKey: [SUPERSEARCH_KEY], type: 'inactive', predicate: (q) => q.queryKey[2] !== runId });
  }, [qc, runId]);

  // The server's field errors (JSON:API pointers) go onto the form.
  useEffect(() => {
    if (results.error) setErrors(searchFieldErrors(results.error));
  }, [results.error]);

  function change(patch: Partial<SearchDraft>) {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch) as (keyof SearchDraft)[]) if (FIELD_OF_PATCH[k]) delete next[FIELD_OF_PATCH[k]!];
      return next;
    });
    // The sort applies to the results on screen at once, from page 1 (000 §4).
    if (patch.sort) dispatch({ type: 'sort', sort: patch.sort });
  }

  function search() {
    if (searchBlocker(draft, organizationId) || !organizationId) return;
    // A new search starts empty (000 §4): its queries are keyed by a new run id, nothing is reused.
    setSelection({});
    setErrors({});
    dispatch({ type: 'reset', sort: draft.sort });
    runIds.current += 1;
    setRun({ id: runIds.current, filters: draftFilters(draft, organizationId), competitors: competitorsAllowed ? appliedCompetitors(draft) : [] });
  }

  async function save(target: { projectId: string; tagId: string }) {
    const ids = Object.keys(selection).filter((id) => selection[id]);
    try {
      const result = await bulk.mutateAsync({
        articles: ids,
        tag_id: target.tagId,
        project_id: target.projectId,
        organization_id: organizationId!,
        user_id: String(user.id),
      });
      const message = result.message || MSG.articles.savedCount(result.success);
      if (result.success > 0 && result.already_exists === 0) toastSuccess(message);
      else toastWarning(message);
      setSelection({});
    } catch (err) {
      toastError(err, MSG.articles.saveFailed);
      throw err;
    }
  }

  async function sendExport(email: string) {
    if (!run) return;
    const { search: q, from_date, to_date, languages: langs, media_score, organization_id } = run.filters;
    try {
      await exporter.mutateAsync({ organization_id, search: q, from_date, to_date, to_email: email, languages: langs, media_score });
      toastSuccess(MSG.exports.emailed);
    } catch (err) {
      const field = err instanceof ApiError ? err.errors.find((e) => e.source?.pointer?.endsWith('/to_email')) : undefined;
      if (field) throw new FieldError(field.detail);
      toastError(null, MSG.exports.emailFailure);
      throw err;
    }
  }

  const resultsError = results.error ? { message: searchErrorMessage(results.error), retry: () => void results.refetch() } : null;
  const selectedCount = Object.values(selection).filter(Boolean).length;
  const total = resultsTotal(results.data?.meta, volumes[0]);

  return {
    competitorsAllowed,
    today,
    minDate,
    languages: languages.data ?? [],
    draft,
    errors,
    blocker,
    change,
    search,
    run,
    results,
    resultsError,
    total,
    volumes,
    query,
    pages,
    dispatch,
    selection,
    setSelection,
    selectedCount,
    saving: bulk.isPending,
    save,
    sending: exporter.isPending,
    sendExport,
  };
}
