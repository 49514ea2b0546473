import { Text } from '@mantine/core';
import { formatVisitors } from '../../../../common/media-score';
import { Fragment } from 'react';
import { languageName } from '../../../../common/reference';
import { formatDate } from '../../../lib/dates';
import type { ReportArticle } from '../api/types';
import { LONG_OUTLET_CHARS, outletName, urlBreakParts } from '../lib/table-layout';
import classes from './print-articles.module.css';
import { webHref } from '../../../lib/links';

/**
 * How many articles the PDF lists. A report may hold 10,000: printed whole that is ~250 pages
 * and minutes of Chromium time (measured: 29 s to render, 189 s and 58 MB to print), so the
 * PDF lists the most recent ones and points to the online report for the rest.
 */
export const PRINT_MAX_ROWS = 1000;

/** The note under a shortened printed list. */
export function PrintedRowsNote({ shown, total }: { shown: number; total: number }) {
  if (shown >= total) return null;
  return (
    <Text size="sm" c="dimmed" ta="center" py="sm">
      The {shown.toLocaleString('en')} most recent of {total.toLocaleString('en')} articles. The online report lists them all.
    </Text>
  );
}

/** An outlet in one piece: smaller when long, cut with an ellipsis only past the column's cap. */
function PrintedOutlet({ name }: { name: string }) {
  const long = name.length > LONG_OUTLET_CHARS;
  return (
    <span className={long ? `${classes.outlet} ${classes.longOutlet}` : classes.outlet} title={name} dir="ltr">
      {name}
    </span>
  );
}

/** The title, or the bare link when there is none, which may wrap after its slashes rather than anywhere. */
function PrintedTitle({ article }: { article: ReportArticle }) {
  const title = article.title?.trim();
  return (
    <a href={webHref(article.url)} dir="auto">
      {title ||
        urlBreakParts(article.url).map((part, i) => (
          <Fragment key={i}>
            {part}
            <wbr />
          </Fragment>
        ))}
    </a>
  );
}

/**
 * The articles table of the printed report: plain HTML (no tooltips, menus or badges), so a
 * thousand rows render in a blink and print compactly. Columns take the width of their content
 * (print-articles.module.css); no word or domain is cut in two.
 */
export function PrintArticlesTable({ articles, showUmv }: { articles: ReportArticle[]; showUmv: boolean }) {
  const rows = articles.slice(0, PRINT_MAX_ROWS);
  return (
    <>
      <table className={classes.table} aria-label="Articles">
        <thead>
          <tr>
            <th>Date</th>
            <th>Media</th>
            <th>Title</th>
            <th>Tag</th>
            <th className={classes.num}>Score</th>
            {showUmv && <th className={classes.num}>UMV</th>}
            <th>Language</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((a) => (
            <tr key={a.id}>
              <td className={classes.nowrap}>{formatDate(a.date)}</td>
              <td className={classes.nowrap}>
                <PrintedOutlet name={outletName(a)} />
              </td>
              <td className={classes.title}>
                <PrintedTitle article={a} />
              </td>
              <td>{a.tag_name ?? '–'}</td>
              <td className={classes.num}>{a.reach === null ? '–' : a.reach.toFixed(1)}</td>
              {showUmv && <td className={classes.num}>{formatVisitors(a['website-visits'] ?? a.muv)}</td>}
              <td className={classes.nowrap}>{languageName(a.language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <PrintedRowsNote shown={rows.length} total={articles.length} />
    </>
  );
}
