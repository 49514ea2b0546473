import { Anchor, Avatar, Group, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { LIMITS } from '../../../../common/limits';
import { MSG } from '../../../../common/messages';
import { ARTICLE_VIEWS_CAP, ARTICLE_VIEW_SHARE, formatVisitors } from '../../../../common/media-score';
import { visitorsBasis } from '../../../../common/schemas/reach';
import { domainOf } from '../../../../common/url';
import type { Row } from '../../../components/data-table/data-table';
import { LanguageBadge } from '../../../components/language-badge';
import { MediaScoreBadge } from '../../../components/media-score-badge';
import { TagPill } from '../../../components/tag-pill';
import { websiteIconUrl } from '../../../components/website-icon';
import { formatDate } from '../../../lib/dates';
import { isMissingData, type SavedArticleAttributes } from '../api/saved-articles';
import { truncate } from '../../../lib/text';
import { webHref } from '../../../lib/links';

/** The spec's tooltip length for a link (001 §9: "tooltip url at 75"). */

const col = createColumnHelper<Row<SavedArticleAttributes>>();

/** Site initial with the site's icon (served by our server, never hot-linked) over it when there is one. */
function MediaCell({ article, linkToWebsite }: { article: SavedArticleAttributes; linkToWebsite: boolean }) {
  const domain = article.media || domainOf(article.url);
  const name = (
    <Text size="sm" fw={500} truncate="end" miw={0} title={domain} dir="ltr">
      {domain || '–'}
    </Text>
  );
  return (
    <Group gap="xs" wrap="nowrap" miw={0}>
      <Avatar size={24} radius="sm" color="initials" name={domain} src={websiteIconUrl(domain)} alt="" imageProps={{ loading: 'lazy' }}>
        {domain.charAt(0).toUpperCase()}
      </Avatar>
      {linkToWebsite && domain ? (
        <Anchor component={Link} to={`/websites/${encodeURIComponent(domain)}`} size="sm" underline="hover" miw={0}>
          {name}
        </Anchor>
      ) : (
        name
      )}
    </Group>
  );
}

function TitleCell({ article }: { article: SavedArticleAttributes }) {
  const title = article.title?.trim();
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      {isMissingData(article) && (
        <Tooltip label={MSG.articles.missingData} withArrow>
          <IconAlertTriangle size={16} color="var(--mantine-color-yellow-6)" aria-label={MSG.articles.missingData} style={{ flexShrink: 0, marginTop: 2 }} />
        </Tooltip>
      )}
      <Tooltip label={truncate(article.url, LIMITS.tooltipUrlTruncate)} openDelay={300} withArrow multiline maw={420}>
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
          {title ? (
            truncate(title, LIMITS.titleTruncate)
          ) : (
            <Text span size="sm" c="dimmed" fs="italic">
              {truncate(article.url, LIMITS.titleTruncate)}
            </Text>
          )}
          <IconExternalLink size={12} style={{ marginInlineStart: 4, verticalAlign: 'middle', opacity: 0.5 }} />
        </Anchor>
      </Tooltip>
    </Group>
  );
}

const VIEWS_BASIS = `${ARTICLE_VIEW_SHARE * 100}% of the outlet's monthly visitors, at most ${formatVisitors(ARTICLE_VIEWS_CAP)}`;

/** An article's estimated views, with their basis on hover ("—" when the outlet's visitors are unknown). */
function EstimatedViewsCell({ article }: { article: SavedArticleAttributes }) {
  const views = article.estimated_views;
  if (views === null || views === undefined)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const source = article.muv_source ? `. Visitors: ${visitorsBasis(article.muv_source)}` : '';
  return (
    <Tooltip label={`${VIEWS_BASIS}${source}`} openDelay={300} withArrow multiline maw={280}>
      <Text size="sm">{formatVisitors(views)}</Text>
    </Tooltip>
  );
}

/** The saved-articles columns; UMV and estimated views only with the plan's similarweb flag, media links only for the operator. */
export function savedColumns(opts: { showUmv: boolean; linkToWebsite: boolean }) {
  return [
    col.accessor('media', {
      header: 'Media',
      meta: { sortField: 'media', width: 184 },
      cell: ({ row }) => <MediaCell article={row.original} linkToWebsite={opts.linkToWebsite} />,
    }),
    col.accessor('title', { header: 'Title', meta: { sortField: 'title', primary: true }, cell: ({ row }) => <TitleCell article={row.original} /> }),
    col.accessor('tag_name', {
      header: 'Tag',
      meta: { width: 140 },
      cell: (c) => <TagPill name={c.getValue()} />,
    }),
    col.accessor('reach', {
      header: 'Media score',
      meta: { sortField: 'reach', width: 126, align: 'center' },
      cell: (c) => <MediaScoreBadge score={c.getValue()} />,
    }),
    ...(opts.showUmv
      ? [
          col.accessor('muv', {
            header: 'UMV',
            meta: { width: 80, align: 'right', priority: 2 },
            cell: (c) => <Text size="sm">{formatVisitors(c.getValue())}</Text>,
          }),
          col.accessor('estimated_views', {
            header: 'Est. views',
            meta: { width: 92, align: 'right', priority: 3 },
            cell: (c) => <EstimatedViewsCell article={c.row.original} />,
          }),
        ]
      : []),
    col.accessor('language', {
      header: 'Language',
      meta: { sortField: 'language', width: 96, priority: 3 },
      cell: (c) => <LanguageBadge code={c.getValue()} />,
    }),
    col.accessor('date', {
      header: 'Date',
      meta: { sortField: 'date', width: 124 },
      cell: (c) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(c.getValue())}
        </Text>
      ),
    }),
  ];
}
