import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import dayjs from 'dayjs';
import { TIMINGS } from '../../../../../common/limits';
import { toastError } from '../../../../components/toasts';
import { fetchPreview, fetchPreviewArticles, fetchWizardMedia, type WizardMedia } from '../../api/reports';
import { publishReport } from '../../api/publish-report';
import type { Report, ReportArticle, ReportFilters, ReportPreview } from '../../api/types';
import { dayString } from '../../lib/format';
import { DEFAULT_TEMPLATE } from '../../lib/template';
import { canGoToFilters, canPreview, canPublish, countMessage, stepOf, wizardReducer, type WizardStatus } from '../../lib/wizard-machine';

/** YYYY-MM-DD days, as Mantine's date pickers give them. */
export type DateRange = [string | null, string | null];

export interface FilterValues {
  tags_id: string[];
  tags_not: string[];
  languages: string[];
  languages_not: string[];
}

export interface ContentValues {
  name: string;
  descriptionHTML: string;
  section1_title: string;
  section1_subtitle: string;
  section2_title: string;
  section2_subtitle: string;
  table_type: 0 | 1;
  table_template: string;
  /** Whether the published page shows "Top creators" (the channels behind its streams and videos). */
  show_creators: boolean;
  /** Whether the page shows the project's Steam news and reviews (when it follows a Steam game). */
  show_steam: boolean;
}

/** The report form's default period: one month back to today (spec 000 §5). */
export function defaultRange(now = new Date()): DateRange {
  return [dayjs(now).subtract(1, 'month').format('YYYY-MM-DD'), dayjs(now).format('YYYY-MM-DD')];
}

const NO_FILTERS: FilterValues = { tags_id: [], tags_not: [], languages: [], languages_not: [] };
const NO_MEDIA: WizardMedia = { videos: [], streams: [] };
const mediaKey = (f: ReportFilters | null) => ['reports', 'wizard-media', f] as const;

/**
 * The wizard's data and transitions. Loads happen in the button handlers (never in effects, so
 * a double-mounted dev render cannot publish twice); a load that finishes after Back was pressed
 * is dropped (the generation counter).
 */
export function useReportWizard(projectId: string, opts: { tagsLoaded: boolean; defaultName: (dateStart: string, dateEnd: string) => string }) {
  const [status, dispatch] = useReducer(wizardReducer, 'STEP 0' as WizardStatus);
  const generation = useRef(0);
  const [range, setRange] = useState<DateRange>(() => defaultRange());
  const [filters, setFilters] = useState<FilterValues>(NO_FILTERS);
  const [saved, setSaved] = useState<{ date_start: string; date_end: string } | null>(null);
  // What the preview shows and the report will hold: loaded with the filters of the last step change.
  const [media, setMedia] = useState<WizardMedia>(NO_MEDIA);
  const qc = useQueryClient();
  const [preview, setPreview] = useState<{ data: ReportPreview; articles: ReportArticle[] } | null>(null);
  const [content, setContent] = useState<ContentValues>({
    name: '',
    descriptionHTML: '',
    section1_title: 'Articles',
    section1_subtitle: '',
    section2_title: 'Videos and streams',
    section2_subtitle: '',
    table_type: 0,
    table_template: DEFAULT_TEMPLATE,
    show_creators: true,
    show_steam: true,
  });
  const [created, setCreated] = useState<Report | null>(null);

  // STEP 0 has loaded once the project's tags are there (step 1 offers them).
  useEffect(() => {
    if (status === 'STEP 0' && opts.tagsLoaded) dispatch({ type: 'LOADED' });
  }, [status, opts.tagsLoaded]);

  const current: ReportFilters | null = useMemo(() => (saved ? { project_id: projectId, ...saved, ...filters } : null), [projectId, saved, filters]);

  // The count message follows the filters of step 1 as they change (debounced like a search).
  const [debounced] = useDebouncedValue(current, TIMINGS.searchDebounceMs);
  const step = stepOf(status);
  const count = useQuery({
    queryKey: ['reports', 'preview', debounced],
    queryFn: ({ signal }) => fetchPreview(debounced!, signal),
    enabled: debounced !== null && step >= 1,
    staleTime: 30_000,
  });
  const counting = count.isFetching || JSON.stringify(debounced) !== JSON.stringify(current);
  // Step 1's "N videos and M streams" follows the filters too (the same cache as the step changes).
  const liveMedia = useQuery({
    queryKey: mediaKey(debounced),
    queryFn: ({ signal }) => fetchWizardMedia(debounced!, signal),
    enabled: debounced !== null && step >= 1,
    staleTime: 30_000,
  });
  const loadMedia = useCallback(
    (f: ReportFilters) => qc.fetchQuery({ queryKey: mediaKey(f), queryFn: ({ signal }) => fetchWizardMedia(f, signal), staleTime: 30_000 }),
    [qc],
  );

  const begin = () => ++generation.current;
  const finish = (gen: number, ok: boolean, err?: unknown) => {
    if (gen !== generation.current) return;
    if (!ok) toastError(err);
    dispatch({ type: ok ? 'LOADED' : 'FAILED' });
  };

  const goFilters = useCallback(async () => {
    if (!canGoToFilters(status, range)) return;
    const dates = { date_start: dayString(range[0]!), date_end: dayString(range[1]!) };
    setSaved(dates);
    dispatch({ type: 'FILTERS' });
    const gen = begin();
    const f = { project_id: projectId, ...dates, ...filters };
    try {
      const m = await loadMedia(f);
      if (gen === generation.current) setMedia(m);
      finish(gen, true);
    } catch (err) {
      finish(gen, false, err);
    }
  }, [status, range, projectId, filters, loadMedia]);

  const goPreview = useCallback(async () => {
    if (!current || !canPreview(status, count.data?.count, counting)) return;
    dispatch({ type: 'PREVIEW' });
    const gen = begin();
    try {
      const [data, articles, m] = await Promise.all([fetchPreview(current), fetchPreviewArticles(current), loadMedia(current)]);
      if (gen === generation.current) {
        setPreview({ data, articles });
        setMedia(m);
        setContent((c) => (c.name ? c : { ...c, name: opts.defaultName(current.date_start, current.date_end) }));
      }
      finish(gen, true);
    } catch (err) {
      finish(gen, false, err);
    }
  }, [current, status, count.data, counting, opts, loadMedia]);

  const publish = useCallback(
    async (screenshots: { article_id: string; article_url: string }[]) => {
      if (!current || !canPublish(status, content.name)) return;
      dispatch({ type: 'PUBLISH' });
      const gen = begin();
      try {
        const report = await publishReport({
          filters: current,
          ...content,
          screenshots,
          videos: media.videos.map((v) => v.id),
          saved_streams: media.streams.map((s) => s.id),
        });
        if (gen === generation.current) setCreated(report);
        finish(gen, true);
      } catch (err) {
        finish(gen, false, err);
      }
    },
    [current, status, content, media],
  );

  const back = useCallback(() => {
    begin();
    dispatch({ type: 'BACK' });
  }, []);

  return {
    status,
    step,
    range,
    setRange,
    filters,
    setFilters,
    saved,
    count: count.data,
    countError: count.error,
    counting,
    message: counting ? null : countMessage(count.data?.count),
    videos: media.videos,
    streams: media.streams,
    /** Step 1's counts for the filters on screen. */
    mediaCounts: { videos: (liveMedia.data ?? media).videos.length, streams: (liveMedia.data ?? media).streams.length },
    preview,
    content,
    setContent,
    created,
    goFilters,
    goPreview,
    publish,
    back,
    canFilters: canGoToFilters(status, range),
    canPreview: canPreview(status, count.data?.count, counting),
    canPublish: canPublish(status, content.name),
  };
}

export type ReportWizard = ReturnType<typeof useReportWizard>;
