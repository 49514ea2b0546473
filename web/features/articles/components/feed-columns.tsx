import { useDeferredValue } from 'react';
import { Anchor, Badge, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconBookmarkFilled } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { LIMITS } from '../../../../common/limits';
import { formatVisitors } from '../../../../common/media-score';
import type { Row } from '../../../components/data-table/data-table';
import { HoverTooltip } from '../../../components/hover-tooltip';
import { LanguageBadge } from '../../../components/language-badge';
import { MediaScoreBadge } from '../../../components/media-score-badge';
import { formatDate } from '../../../lib/dates';
import type { FeedArticle, FeedArticleAttributes } from '../api/feed';
import { truncate } from '../../../lib/text';
import type { FeedGates } from '../../../lib/feed-gates';
import { HeadlineTools } from './headline-tools';
import { MediaIcon, MediaName } from '../../../components/media-cell';
import { webHref } from '../../../lib/links';
import classes from './feed-columns.module.css';

const col = createColumnHelper<Row<FeedArticleAttributes>>();

/**
 * The headline: cut at 85 characters, the url (cut at 75) in a tooltip, opening the article in a new tab.
 * The AI tools under it render in a second, deferred pass (React yields to the browser while it
 * renders them): with their buttons and three queries each they were half the cost of a row, and
 * 25 rows at once were the feed's longest task. Their row's height is kept meanwhile, so nothing moves.
 */
function TitleCell({ article, tools, onOpenStory }: { article: FeedArticle; tools: boolean; onOpenStory?: (a: FeedArticle) => void }) {
  const toolsNow = useDeferredValue(true, false);
  return (
    <Stack gap={0}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <HoverTooltip label={truncate(article.url, LIMITS.tooltipUrlTruncate)} withArrow openDelay={250} position="top-start">
          <Anchor href={webHref(article.url)} target="_blank" rel="noopener noreferrer" size="sm" fw={500} c="var(--mantine-color-text)" dir="auto">
            {truncate(article.title, LIMITS.titleTruncate)}
          </Anchor>
        </HoverTooltip>
        {article.saved && (
          <Badge size="xs" variant="light" color="teal" leftSection={<IconBookmarkFilled size={10} />} style={{ flexShrink: 0 }}>
            Saved
          </Badge>
        )}
        {onOpenStory && article.story_size > 1 && <StoryCopies article={article} onOpen={onOpenStory} />}
        {article.matched_by !== 'feed' && FOUND_VIA[article.matched_by] && (
          <Badge size="xs" variant="outline" color="gray" style={{ flexShrink: 0 }} title={FOUND_VIA[article.matched_by].title}>
            {FOUND_VIA[article.matched_by].label}
          </Badge>
        )}
      </Group>
      {tools && (toolsNow ? <HeadlineTools title={article.title} url={article.url} language={article.language} /> : <div className={classes.toolsRow} />)}
    </Stack>
  );
}

/** A grouped row's other copies (issue 32): "+11 outlets", opening the story's copies as a list. */
function StoryCopies({ article, onOpen }: { article: FeedArticle; onOpen: (a: FeedArticle) => void }) {
  const others = article.story_size - 1;
  return (
    <Badge
      component="button"
      type="button"
      size="xs"
      variant="light"
      color="indigo"
      style={{ flexShrink: 0, cursor: 'pointer' }}
      onClick={() => onOpen(article)}
      aria-label={`Show all ${article.story_size.toLocaleString('en')} copies of this story`}
    >
      +{others.toLocaleString('en')} {others === 1 ? 'outlet' : 'outlets'}
    </Badge>
  );
}

function MetacriticFlag({ value }: { value: boolean }) {
  if (!value)
    return (
      <Text size="sm" c="dimmed" aria-label="Not a Metacritic outlet">
        –
      </Text>
    );
  return (
    <HoverTooltip label="Metacritic outlet" withArrow>
      <Badge size="sm" variant="light" color="yellow" radius="sm">
        MC
      </Badge>
    </HoverTooltip>
  );
}

/** How an article reached the feed other than from a monitored feed: its badge and the badge's tooltip. */
const FOUND_VIA: Record<string, { label: string; title: string }> = {
  gdelt: { label: 'found via GDELT', title: "Found by searching GDELT's world news index, not from a monitored feed" },
  steam: { label: 'found via Steam', title: "Found in the game's Steam news (a press item Steam links to), not from a monitored feed" },
};

/** Columns of the articles feed (000 §2); UMV only with the similarweb flag; `stories`: rows stand for their story's copies. */
export function feedColumns(gates: Pick<FeedGates, 'operator' | 'umv' | 'headlineTools'>, stories?: { onOpenStory: (a: FeedArticle) => void }) {
  return [
    col.display({
      id: 'media-icon',
      header: () => <VisuallyHidden>Media icon</VisuallyHidden>,
      meta: { width: 48, label: false },
      cell: ({ row }) => <MediaIcon media={row.original.media} />,
    }),
    col.accessor('media', {
      header: 'Media',
      meta: { sortField: 'media', width: 168 },
      cell: (c) => <MediaName media={c.getValue()} linked={gates.operator} />,
    }),
    col.accessor('title', {
      header: 'Title',
      meta: { sortField: 'title', primary: true },
      cell: ({ row }) => <TitleCell article={row.original} tools={gates.headlineTools} onOpenStory={stories?.onOpenStory} />,
    }),
    ...(gates.umv
      ? [
          col.accessor((r) => r.muv ?? r['website-visits'] ?? null, {
            id: 'umv',
            header: 'UMV',
            meta: { align: 'right' as const, width: 80, priority: 2 as const },
            cell: (c) => (
              <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatVisitors(c.getValue())}
              </Text>
            ),
          }),
        ]
      : []),
    col.accessor('reach', {
      header: 'Media score',
      meta: { sortField: 'reach', width: 126 },
      // The tooltip names the score's basis (the outlet's rank in the ranking) when the row carries it.
      cell: ({ row }) => <MediaScoreBadge score={row.original.reach} basis={row.original.reach_basis} />,
    }),
    col.accessor('is_metacritic', {
      header: 'Metacritic',
      meta: { width: 114, priority: 3 },
      cell: (c) => <MetacriticFlag value={c.getValue()} />,
    }),
    col.accessor('language', {
      header: 'Language',
      meta: { sortField: 'language', width: 100, priority: 3 },
      cell: (c) => <LanguageBadge code={c.getValue()} />,
    }),
    col.accessor('pub_date', {
      header: 'Published',
      meta: { sortField: 'pub_date', width: 124 },
      cell: (c) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(c.getValue())}
        </Text>
      ),
    }),
  ];
}
