import { useMemo } from 'react';
import { Mark } from '@mantine/core';
import { highlightRanges, highlightSegments } from '../../../../common/query/highlight';
import type { QueryNode } from '../../../../common/query/types';

/** `text` with the query's matched terms marked (the shared tokenizer decides what matches). */
export function HighlightedText({ query, text }: { query: QueryNode | string | null; text: string }) {
  const segments = useMemo(() => highlightSegments(text, query ? highlightRanges(query, text) : []), [query, text]);
  return (
    <>
      {segments.map((s, i) =>
        s.marked ? (
          <Mark key={i} color="yellow" px={2} style={{ borderRadius: 3 }} data-testid="match">
            {s.text}
          </Mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}
