import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { cumulative, isWeekly, TrendChart } from './components/report-charts';

const day = (date: string, articles: number, views = 0) => ({ date, articles, reach: articles * 5, estimated_views: views });

describe('the trend chart', () => {
  it('names its real bucket and adds up estimated views, not media scores', () => {
    const weeks = [day('2024-01-01', 3, 1200), day('2024-01-08', 1, 300), day('2024-01-15', 0)];
    expect(isWeekly(weeks)).toBe(true);
    renderWithProviders(<TrendChart stats={{ trend: weeks, languages: [], tags: [] }} animate={false} />);
    expect(screen.getByText('Articles published each week, and their estimated views added up over the period')).toBeTruthy();
    expect(screen.queryByText(/media score/i)).toBeNull();
  });

  it('draws the articles alone, per day, when the plan shows no traffic figures', () => {
    const days = [day('2024-03-01', 2), day('2024-03-02', 0)];
    expect(isWeekly(days)).toBe(false);
    renderWithProviders(<TrendChart stats={{ trend: days, languages: [], tags: [] }} animate={false} />);
    expect(screen.getByText('Articles published each day')).toBeTruthy();
  });

  it('keeps running sums', () => {
    expect(cumulative([1, 2, 3.25])).toEqual([1, 3, 6.3]);
  });
});
