import { ActionIcon, Anchor, Checkbox, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { LIMITS } from '../../../../common/limits';
import type { QueryNode } from '../../../../common/query/types';
import { MediaIcon, MediaName } from '../../../components/media-cell';
import { LanguageBadge } from '../../../components/language-badge';
import { MediaScoreBadge } from '../../../components/media-score-badge';
import { formatDate } from '../../../lib/dates';
import { truncate } from '../../../lib/text';
import type { SupersearchArticle } from '../api/supersearch';
import { HighlightedText } from './highlighted-text';
import { webHref } from '../../../lib/links';

const col = createColumnHelper<SupersearchArticle>();

/** The headline with the matched terms marked, the description's start below it; opens in a new tab. */
function TitleCell({ article, query }: { article: SupersearchArticle; query: QueryNode | null }) {
  const href = article.full_url || article.url;
  return (
    <Stack gap={2}>
      <Tooltip label={truncate(href, LIMITS.tooltipUrlTruncate)} openDelay={300} position="top-start">
        <Anchor href={webHref(href)} target="_blank" rel="noopener noreferrer" size="sm" fw={500} c="var(--mantine-color-text)" dir="auto" lh={1.4}>
          <HighlightedText query={query} text={article.title} />
        </Anchor>
      </Tooltip>
      {article.description && (
        <Text size="xs" c="dimmed" lineClamp={1} dir="auto">
          <HighlightedText query={query} text={article.description} />
        </Text>
      )}
    </Stack>
  );
}

/**
 * Columns of the results (issue 4): selection, media (linked to the website only for the
 * platform operator, whose screens those are), title, score, language, date, open.
 */
export function resultColumns(opts: { operator: boolean; query: QueryNode | null }): ColumnDef<SupersearchArticle>[] {
  return [
    col.display({
      id: 'select',
      meta: { width: 44, label: false },
      header: ({ table }) => (
        <Checkbox
          aria-label="Select all results on this page"
          checked={table.getIsAllPageRowsSelected()}
          indeterminate={table.getIsSomePageRowsSelected()}
          onChange={table.getToggleAllPageRowsSelectedHandler()}
        />
      ),
      cell: ({ row }) => <Checkbox aria-label={`Select ${row.original.title}`} checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />,
    }),
    col.display({
      id: 'media',
      header: 'Media',
      meta: { width: 190 },
      cell: ({ row }) => (
        <Group gap="xs" wrap="nowrap" miw={0}>
          <MediaIcon media={row.original.media} />
          <MediaName media={row.original.media} linked={opts.operator} />
        </Group>
      ),
    }),
    col.display({
      id: 'title',
      header: 'Title',
      meta: { primary: true },
      cell: ({ row }) => <TitleCell article={row.original} query={opts.query} />,
    }),
    col.display({
      id: 'score',
      header: 'Score',
      meta: { width: 84 },
      cell: ({ row }) => <MediaScoreBadge score={row.original.score} />,
    }),
    col.display({
      id: 'language',
      header: 'Language',
      meta: { width: 112, priority: 3 },
      cell: ({ row }) => <LanguageBadge code={row.original.language} />,
    }),
    col.display({
      id: 'pub_date',
      header: 'Published',
      meta: { width: 124 },
      cell: ({ row }) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(row.original.pub_date)}
        </Text>
      ),
    }),
    col.display({
      id: 'open',
      header: () => <VisuallyHidden>Open</VisuallyHidden>,
      meta: { width: 48, align: 'right', label: false },
      cell: ({ row }) => (
        <Tooltip label="Open in a new tab">
          <ActionIcon
            component="a"
            href={webHref(row.original.full_url || row.original.url)}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            color="gray"
            aria-label={`Open ${row.original.title} in a new tab`}
          >
            <IconExternalLink size={16} />
          </ActionIcon>
        </Tooltip>
      ),
    }),
  ];
}
