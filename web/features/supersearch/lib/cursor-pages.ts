import { DEFAULT_RESULT_PAGE_SIZE, type SortKey } from './search-form';

/**
 * Where the results table is: the API pages with a cursor (`search_after`), so going back
 * needs the cursors of the pages already seen. `cursors[i]` opens page i + 1 (page 1: null);
 * the current page is the last one.
 */
export interface CursorPages {
  sort: SortKey;
  pageSize: number;
  cursors: (string | null)[];
}

export type CursorAction =
  | { type: 'next'; cursor: string | null }
  | { type: 'previous' }
  | { type: 'first' }
  | { type: 'sort'; sort: SortKey }
  | { type: 'pageSize'; pageSize: number }
  | { type: 'reset'; sort?: SortKey };

export const initialPages = (sort: SortKey = 'date_desc', pageSize = DEFAULT_RESULT_PAGE_SIZE): CursorPages => ({ sort, pageSize, cursors: [null] });

/** Moves between pages; a new sort or page size starts again from page 1 (000 §4). */
export function cursorPages(state: CursorPages, action: CursorAction): CursorPages {
  switch (action.type) {
    case 'next':
      // Without a cursor there is no next page: stay.
      return action.cursor ? { ...state, cursors: [...state.cursors, action.cursor] } : state;
    case 'previous':
      return state.cursors.length > 1 ? { ...state, cursors: state.cursors.slice(0, -1) } : state;
    case 'first':
      return state.cursors.length > 1 ? { ...state, cursors: [null] } : state;
    case 'sort':
      return action.sort === state.sort ? state : { ...state, sort: action.sort, cursors: [null] };
    case 'pageSize':
      return action.pageSize === state.pageSize ? state : { ...state, pageSize: action.pageSize, cursors: [null] };
    case 'reset':
      return { ...state, sort: action.sort ?? state.sort, cursors: [null] };
  }
}

export const currentPage = (s: CursorPages) => s.cursors.length;
export const currentCursor = (s: CursorPages) => s.cursors[s.cursors.length - 1];
