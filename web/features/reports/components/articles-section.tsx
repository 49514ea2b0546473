import { useMemo, useState } from 'react';
import { Button, Center, Paper, Text } from '@mantine/core';
import { richText } from '../../../components/rich-text';
import type { ReportArticle } from '../api/types';
import { mediaColumnWidth, tagColumnWidth } from '../lib/table-layout';
import { renderTemplate } from '../lib/template';
import { reportArticleColumns, type HighlightControl } from './article-columns';
import { LocalTable } from './local-table';
import { PRINT_MAX_ROWS, PrintArticlesTable, PrintedRowsNote } from './print-articles';
import classes from './report.module.css';

const LIST_STEP = 25;

/** Table-type 1: one line per article from the row template (escaped, then rebuilt from an allowlist once more: web/components/rich-text.tsx). */
export function CustomList({ articles, template, showAll = false, limit }: { articles: ReportArticle[]; template: string; showAll?: boolean; limit?: number }) {
  const [count, setCount] = useState(LIST_STEP);
  // "All" is the printed report: capped like its table (see PRINT_MAX_ROWS).
  const shown = articles.slice(0, showAll ? PRINT_MAX_ROWS : (limit ?? count));
  return (
    <>
      <ul className={classes.customList} aria-label="Articles">
        {shown.map((a) => (
          <li key={a.id} dir="auto">
            {richText(renderTemplate(template, a))}
          </li>
        ))}
      </ul>
      {showAll && <PrintedRowsNote shown={shown.length} total={articles.length} />}
      {articles.length === 0 && (
        <Text size="sm" c="dimmed" ta="center" py="lg">
          No articles in this report.
        </Text>
      )}
      {!showAll && limit === undefined && articles.length > count && (
        <Center py="sm" className="cw-no-print">
          <Button variant="subtle" size="sm" onClick={() => setCount((c) => c + LIST_STEP * 4)}>
            Show more ({(articles.length - count).toLocaleString('en')} left)
          </Button>
        </Center>
      )}
    </>
  );
}

/**
 * The articles of a report: the standard table (table-type 0) or the custom list (table-type 1).
 * Print shows every row; the wizard adds the highlight star to the table.
 */
export function ArticlesSection(props: {
  articles: ReportArticle[];
  loading?: boolean;
  tableType: number;
  template: string;
  print?: boolean;
  showUmv?: boolean;
  highlight?: HighlightControl;
  pageSize?: number;
}) {
  const { articles, highlight } = props;
  const showUmv = props.showUmv ?? articles.some((a) => (a['website-visits'] ?? a.muv) != null);
  const widths = useMemo(() => ({ media: mediaColumnWidth(articles), tag: tagColumnWidth(articles) }), [articles]);
  const columns = useMemo(() => reportArticleColumns({ showUmv, highlight, widths }), [showUmv, highlight, widths]);
  if (props.print && props.tableType !== 1)
    return (
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <PrintArticlesTable articles={props.articles} showUmv={showUmv} />
      </Paper>
    );
  if (props.tableType === 1)
    return (
      <Paper withBorder radius="md" shadow="xs">
        <CustomList articles={props.articles} template={props.template} showAll={props.print} />
      </Paper>
    );
  return (
    <LocalTable<ReportArticle>
      rows={props.articles}
      columns={columns}
      loading={props.loading}
      pageSize={props.pageSize ?? 10}
      showAll={props.print}
      aria-label="Articles"
      empty="No articles in this report."
    />
  );
}
