import { isDay } from '../../../../common/period';
import { parseSimpleQuery } from '../../../../common/query/simple';
import { normalizeQuotes } from '../../../../common/query/tokenize';
import type { SearchDraft } from './search-form';

/**
 * The form as a link asks for it (`?search=…&from=YYYY-MM-DD&to=YYYY-MM-DD`, as the project
 * overview writes it for a competitor): the query (in simple mode when the simple form can show
 * it, else as an advanced query) and the dates. A date that is not a day, outside the days the
 * plan can search (`minDate` to `maxDate`) or that would put the period backwards is left out,
 * so the form's default applies. Null when the link asks for nothing.
 */
export function linkedDraft(fresh: SearchDraft, params: URLSearchParams, minDate: string, maxDate: string): SearchDraft | null {
  const search = normalizeQuotes(params.get('search') ?? '').trim();
  const day = (name: string) => {
    const v = params.get(name)?.trim();
    return v && isDay(v) && v >= minDate && v <= maxDate ? v : null;
  };
  let from = day('from');
  let to = day('to');
  if ((from ?? fresh.fromDate ?? '') > (to ?? fresh.toDate ?? '\uffff')) from = to = null;
  if (!search && !from && !to) return null;

  const simple = search ? parseSimpleQuery(search) : null;
  return {
    ...fresh,
    ...(search ? (simple ? { mode: 'simple' as const, simple, raw: search } : { mode: 'advanced' as const, raw: search }) : {}),
    fromDate: from ?? fresh.fromDate,
    toDate: to ?? fresh.toDate,
  };
}
