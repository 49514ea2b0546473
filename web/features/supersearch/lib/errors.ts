import { MSG } from '../../../../common/messages';
import { ApiError } from '../../../lib/api';
import type { SearchFieldErrors } from '../components/search-form';

/** JSON:API pointers of the search calls → fields of the form. */
const FIELD_OF_POINTER: Record<string, keyof SearchFieldErrors> = {
  '/search': 'search',
  '/from_date': 'from_date',
  '/to_date': 'to_date',
  '/languages': 'languages',
  '/media_score': 'min',
  '/media_score/min': 'min',
  '/media_score/max': 'max',
  '/competitorIndex': 'competitors',
};

/** The errors of a failed search call, per form field (the first message per field wins). */
export function searchFieldErrors(err: unknown): SearchFieldErrors {
  if (!(err instanceof ApiError)) return {};
  const out: SearchFieldErrors = {};
  for (const e of err.errors) {
    const pointer = e.source?.pointer?.replace(/^\/data\/attributes/, '');
    if (!pointer) continue;
    // "/languages/2" is about the languages; an unknown pointer belongs to nothing on the form.
    const field = FIELD_OF_POINTER[pointer] ?? FIELD_OF_POINTER[pointer.replace(/\/\d+$/, '')];
    if (field && !out[field]) out[field] = e.detail;
  }
  return out;
}

/** What the results panel says about a failed search: a timeout's or the server's own words. */
export function searchErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === -1) return MSG.networkFail;
    if (Object.keys(searchFieldErrors(err)).length > 0) return 'Please correct the search form: the highlighted fields explain what is wrong.';
    return err.errors[0]?.detail || err.message || MSG.supersearch.searchFailed;
  }
  return MSG.supersearch.searchFailed;
}
