import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { FeedSubtitle } from './feed-subtitle';

const hoursAgo = (n: number) => new Date(Date.now() - n * 3600_000).toISOString();
const alert = { keywords: '+"starfall"', last_run_at: null as string | null, total_articles: 0, inserted_at: hoursAgo(5) };

describe('FeedSubtitle', () => {
  it('says when the alert last ran', () => {
    renderWithProviders(<FeedSubtitle alert={{ ...alert, last_run_at: hoursAgo(2), total_articles: 12 }} />);
    // The query as a sentence; its syntax on hover (issue 27).
    expect(screen.getByTestId('feed-keywords').textContent).toBe('starfall');
    expect(screen.getByTestId('feed-keywords').getAttribute('title')).toBe('+"starfall"');
    expect(screen.getByText('Last run was 2 hours ago')).toBeTruthy();
    expect(screen.queryByText(/Demo data/)).toBeNull();
  });

  it('calls a feed with articles but no run seeded demo data, not a crawl', () => {
    renderWithProviders(<FeedSubtitle alert={{ ...alert, total_articles: 240 }} />);
    expect(screen.getByText('Demo data — seeded 5 hours ago')).toBeTruthy();
    expect(screen.queryByText(/Last run/)).toBeNull();
  });

  it('claims neither for a new alert that has matched nothing yet', () => {
    renderWithProviders(<FeedSubtitle alert={alert} />);
    expect(screen.getByTestId('feed-keywords')).toBeTruthy();
    expect(screen.queryByText(/Last run|Demo data/)).toBeNull();
  });
});
