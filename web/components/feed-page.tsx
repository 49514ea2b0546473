import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { PageHeader } from './page-header';

export interface FeedPageProps {
  /** "{project name} Articles|Videos|Streams" (000 §2). */
  title: string;
  /** The line under the title: the keywords or keyword, and the last run. */
  subtitle: ReactNode;
  /** The header's buttons (Edit feed, Get videos, the project's alerts…). */
  actions?: ReactNode;
  /** The feed's polling state (FeedStateBanner), above the table; nothing when there is none to show. */
  banner?: ReactNode;
  /**
   * The feed's table: a DataTable or MediaTable with the feed's toolbar (`toolbarExtra`), bulk bar
   * (`selectionActions`), row menu, paging, loading and empty states.
   */
  table: ReactNode;
  /** The page's dialogs (filters, detail, save to tag, delete, edit feed). */
  children?: ReactNode;
}

/**
 * The frame of the three feed pages (articles, YouTube, Twitch): header with title and subtitle,
 * the polling-state banner, the table, then the dialogs. Each feed fills the slots; the table
 * brings the toolbar, bulk bar, paging, loading and empty states.
 */
export function FeedPage({ title, subtitle, actions, banner, table, children }: FeedPageProps) {
  return (
    <>
      <PageHeader title={title} description={subtitle} actions={actions} />
      <Stack gap="md">
        {banner}
        {table}
      </Stack>
      {children}
    </>
  );
}
