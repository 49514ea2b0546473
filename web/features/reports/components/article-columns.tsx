import { ActionIcon, Anchor, Avatar, Group, Text } from '@mantine/core';
import { IconExternalLink, IconStar, IconStarFilled } from '@tabler/icons-react';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { LIMITS } from '../../../../common/limits';
import { formatVisitors } from '../../../../common/media-score';
import { languageName } from '../../../../common/reference';
import { HoverTooltip } from '../../../components/hover-tooltip';
import { LanguageBadge } from '../../../components/language-badge';
import { MediaScoreBadge } from '../../../components/media-score-badge';
import { TagPill } from '../../../components/tag-pill';
import { websiteIconUrl } from '../../../components/website-icon';
import { formatDate } from '../../../lib/dates';
import { truncate } from '../../../lib/text';
import type { ReportArticle } from '../api/types';
import { outletName } from '../lib/table-layout';
import { webHref } from '../../../lib/links';

const col = createColumnHelper<ReportArticle>();

export function MediaCell({ article }: { article: ReportArticle }) {
  const domain = outletName(article);
  return (
    <Group gap="xs" wrap="nowrap" miw={0}>
      <Avatar
        size={24}
        radius="sm"
        color="initials"
        name={domain}
        src={websiteIconUrl(domain)}
        alt=""
        imageProps={{ loading: 'lazy' }}
        style={{ flexShrink: 0 }}
      >
        {domain.charAt(0).toUpperCase()}
      </Avatar>
      <Text size="sm" fw={500} truncate="end" miw={0} title={domain} dir="ltr">
        {domain || '–'}
      </Text>
    </Group>
  );
}

function TitleCell({ article }: { article: ReportArticle }) {
  const title = article.title?.trim();
  return (
    <HoverTooltip label={truncate(article.url, LIMITS.tooltipUrlTruncate)} openDelay={300} multiline maw={420}>
      <Anchor
        href={webHref(article.url)}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        fw={500}
        c="var(--mantine-color-text)"
        underline="hover"
        dir="auto"
      >
        {title ? truncate(title, LIMITS.titleTruncate) : truncate(article.url, LIMITS.titleTruncate)}
        <IconExternalLink size={12} style={{ marginInlineStart: 4, verticalAlign: 'middle', opacity: 0.5 }} />
      </Anchor>
    </HoverTooltip>
  );
}

/** The highlight button of a row: a star, filled once highlighted. */
export interface HighlightControl {
  isOn: (id: string) => boolean;
  /** Why a new highlight cannot be added (limit reached, plan), or null. */
  blockedReason: string | null;
  toggle: (article: ReportArticle) => void;
}

function HighlightCell({ article, control }: { article: ReportArticle; control: HighlightControl }) {
  const on = control.isOn(article.id);
  const blocked = !on && control.blockedReason;
  const label = on ? 'Remove highlight' : blocked || 'Highlight';
  return (
    <HoverTooltip label={label} multiline maw={260}>
      <ActionIcon
        variant={on ? 'light' : 'subtle'}
        color={on ? 'yellow' : 'gray'}
        aria-label={`${on ? 'Remove highlight' : 'Highlight'}: ${article.title ?? article.url}`}
        aria-pressed={on}
        data-disabled={blocked ? true : undefined}
        onClick={() => {
          if (!blocked) control.toggle(article);
        }}
        style={blocked ? { opacity: 0.4, cursor: 'not-allowed' } : undefined}
      >
        {on ? <IconStarFilled size={18} /> : <IconStar size={18} />}
      </ActionIcon>
    </HoverTooltip>
  );
}

/** The widths of the columns sized from the report's own outlets and tags (lib/table-layout.ts). */
export interface FittedWidths {
  media: number;
  tag: number;
}

/**
 * The report's article columns (the standard table, table-type 0); with a highlight star in the
 * wizard. Media and Tag are as wide as the report's outlets and tags need; the title takes the rest.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function reportArticleColumns(opts: { showUmv: boolean; highlight?: HighlightControl; widths: FittedWidths }): ColumnDef<ReportArticle, any>[] {
  const highlight = opts.highlight;
  return [
    ...(highlight
      ? [
          col.display({
            id: 'highlight',
            header: 'Highlight',
            meta: { width: 108, align: 'center', label: false },
            cell: ({ row }) => <HighlightCell article={row.original} control={highlight} />,
          }),
        ]
      : []),
    col.accessor(outletName, { id: 'media', header: 'Media', meta: { width: opts.widths.media }, cell: ({ row }) => <MediaCell article={row.original} /> }),
    col.accessor((a) => a.title ?? '', { id: 'title', header: 'Title', meta: { primary: true }, cell: ({ row }) => <TitleCell article={row.original} /> }),
    col.accessor((a) => a.tag_name ?? '', {
      id: 'tag',
      header: 'Tag',
      meta: { width: opts.widths.tag },
      cell: (c) => <TagPill name={c.getValue()} />,
    }),
    col.accessor((a) => a.reach ?? -1, {
      id: 'reach',
      header: 'Media score',
      meta: { width: 126, align: 'center' },
      cell: ({ row }) => <MediaScoreBadge score={row.original.reach} />,
    }),
    ...(opts.showUmv
      ? [
          col.accessor((a) => a['website-visits'] ?? a.muv ?? -1, {
            id: 'umv',
            header: 'UMV',
            meta: { width: 90, align: 'right', priority: 2 },
            cell: ({ row }) => <Text size="sm">{formatVisitors(row.original['website-visits'] ?? row.original.muv)}</Text>,
          }),
        ]
      : []),
    col.accessor((a) => languageName(a.language), {
      id: 'language',
      header: 'Language',
      // A two-letter badge: the column needs only its header's width, the rest goes to the outlet.
      meta: { width: 100, priority: 3 },
      cell: ({ row }) => <LanguageBadge code={row.original.language} />,
    }),
    col.accessor((a) => a.date ?? '', {
      id: 'date',
      header: 'Date',
      meta: { width: 124 },
      cell: ({ row }) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(row.original.date)}
        </Text>
      ),
    }),
  ];
}
