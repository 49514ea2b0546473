import { useState } from 'react';
import { useCountries, useLanguages, useRegions } from '../../reference/api/reference';
import { EMPTY_FILTERS, defaultPeriod, normalizeFilters, scoreRangeInvalid, type FeedFilters } from '../lib/feed-filters';

export type DateMode = 'all' | 'period';

/**
 * The draft of the feed's filters while the modal is open: it starts from the filters in force,
 * loads the languages (and regions and countries when regional) while open, and is applied or
 * reset as a whole.
 */
export function useFeedFiltersDraft({
  opened,
  filters,
  regional,
  onClose,
  onApply,
}: {
  opened: boolean;
  filters: FeedFilters;
  regional: boolean;
  onClose: () => void;
  onApply: (filters: FeedFilters) => void;
}) {
  const [draft, setDraft] = useState<FeedFilters>(filters);
  const [mode, setMode] = useState<DateMode>(filters.startDate ? 'period' : 'all');
  const languages = useLanguages(opened);
  const regions = useRegions(opened && regional);
  const countries = useCountries(opened && regional);
  const set = (patch: Partial<FeedFilters>) => setDraft((d) => ({ ...d, ...patch }));

  const invalidScore = scoreRangeInvalid(draft);
  const countryOptions = (countries.data ?? []).filter((c) => draft.regions.includes(c.region)).map((c) => ({ value: c['iso-code'], label: c.name }));

  function changeMode(next: DateMode) {
    setMode(next);
    if (next === 'all') set({ startDate: null, endDate: null });
    else if (!draft.startDate) {
      const [startDate, endDate] = defaultPeriod();
      set({ startDate, endDate });
    }
  }

  function changeRegions(v: string[]) {
    // Countries live inside regions: drop those whose region was removed.
    const keep = new Set((countries.data ?? []).filter((c) => v.includes(c.region)).map((c) => c['iso-code']));
    set({ regions: v, countries: draft.countries.filter((c) => keep.has(c)) });
  }

  function apply() {
    if (invalidScore) return;
    onApply(normalizeFilters(draft));
    onClose();
  }

  function reset() {
    setDraft(EMPTY_FILTERS);
    setMode('all');
  }

  return { draft, set, mode, changeMode, languages, regions, countryOptions, changeRegions, invalidScore, apply, reset };
}
