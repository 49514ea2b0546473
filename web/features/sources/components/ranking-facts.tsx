import type { ReactNode } from 'react';
import { Anchor, Text } from '@mantine/core';
import { formatDate, fromNow } from '../../../lib/dates';
import type { RankingAttributes } from '../api/ranking';
import secondary from '../../../components/secondary-text.module.css';
import classes from './sources.module.css';

const count = (n: number) => n.toLocaleString('en');

/** Where the current list came from, in words. */
export function rankingSourceLabel(r: Pick<RankingAttributes, 'source' | 'source_url'>): string {
  if (r.source === 'upload') return r.source_url ? `Uploaded file ${r.source_url}` : 'Uploaded file';
  if (r.source === 'tranco') return 'Daily update from Tranco';
  if (r.source === 'url') return r.source_url ? `RANKING_URL (${r.source_url})` : 'RANKING_URL';
  return '–';
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <Text component="dt" size="xs" fw={600} className={secondary.secondary}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} className={classes.factValue}>
        {children}
      </Text>
    </div>
  );
}

/** The list in use: its date, size, origin, arrival, Tranco id and skipped lines. */
export function RankingListFacts({ ranking: r }: { ranking: RankingAttributes }) {
  return (
    <dl className={classes.facts} aria-label="Current ranking list" data-testid="ranking-facts">
      <Fact label="List of">{formatDate(r.list_date)}</Fact>
      <Fact label="Domains">{count(r.domains)}</Fact>
      <Fact label="Source">
        <span dir="auto">{rankingSourceLabel(r)}</span>
      </Fact>
      <Fact label="Imported">{r.imported_at ? <span title={formatDate(r.imported_at)}>{fromNow(r.imported_at)}</span> : '–'}</Fact>
      {r.tranco_id && (
        <Fact label="Tranco list">
          {r.list_url ? (
            <Anchor href={r.list_url} target="_blank" rel="noopener noreferrer" size="sm" dir="ltr">
              {r.tranco_id}
            </Anchor>
          ) : (
            r.tranco_id
          )}
        </Fact>
      )}
      <Fact label="Lines skipped">{count(r.skipped)}</Fact>
    </dl>
  );
}

/** How the websites are scored after the last rescoring: by rank, unranked (0.1), typed. */
export function RankingWebsiteCounts({ ranking: r }: { ranking: RankingAttributes }) {
  return (
    <Text size="sm" data-testid="ranking-websites">
      Websites: {count(r.websites_ranked)} scored from their rank · {count(r.websites_unranked)} not in the list (0.1) · {count(r.websites_manual)} typed by a
      person
      {r.list_date && !r.rescored_at && r.state !== 'importing' && (
        <Text span size="sm" className={secondary.secondary}>
          {' '}
          (updating every website's score…)
        </Text>
      )}
    </Text>
  );
}

/** The citation Tranco's authors ask for, with the list's own page when its id is known. */
export function TrancoCitation({ ranking: r }: { ranking: RankingAttributes }) {
  return (
    <Text size="xs" className={secondary.secondary} data-testid="ranking-citation">
      Ranking: Tranco (Le Pochat et al., NDSS 2019)
      {r.tranco_id && (
        <>
          , list{' '}
          {r.list_url ? (
            <Anchor href={r.list_url} target="_blank" rel="noopener noreferrer" size="xs" dir="ltr" underline="always">
              {r.tranco_id}
            </Anchor>
          ) : (
            r.tranco_id
          )}
        </>
      )}
    </Text>
  );
}
