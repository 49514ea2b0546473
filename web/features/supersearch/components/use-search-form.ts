import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { parseSimpleQuery } from '../../../../common/query/simple';
import type { KeywordsMode } from '../../../components/keywords-editor';
import { draftKeywords, queryError, type SearchDraft } from '../lib/search-form';

/**
 * The query part of the Super Search form: the keywords of the draft, their parse error, the
 * switch between simple and advanced mode, and a search asked for by the button or Enter.
 */
export function useSearchForm(draft: SearchDraft, onChange: (patch: Partial<SearchDraft>) => void, onSearchProp: () => void) {
  const keywords = draftKeywords(draft);
  const parseError = queryError(keywords);
  const simpleLocked = draft.mode === 'advanced' && parseSimpleQuery(draft.raw) === null;

  // A search asked for by Enter runs after the render that took in the last typed term.
  const [requested, setRequested] = useState(0);
  const onSearch = useRef(onSearchProp);
  useEffect(() => {
    onSearch.current = onSearchProp;
  });
  useEffect(() => {
    if (requested > 0) onSearch.current();
  }, [requested]);
  const request = () => setRequested((n) => n + 1);

  function changeMode(mode: KeywordsMode) {
    if (mode === draft.mode) return;
    if (mode === 'advanced') onChange({ mode, raw: keywords });
    else {
      const simple = parseSimpleQuery(draft.raw);
      if (simple) onChange({ mode, simple });
    }
  }

  function onKeywordsKeyDown(e: KeyboardEvent) {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    const target = e.target as HTMLElement;
    if (target.tagName === 'TEXTAREA') {
      e.preventDefault();
      request();
    } else if (target.tagName === 'INPUT' && e.defaultPrevented) {
      // The term box took the Enter to add its term; the search follows with it.
      request();
    }
  }

  return { keywords, parseError, simpleLocked, request, changeMode, onKeywordsKeyDown };
}
