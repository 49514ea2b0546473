import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { DirectionProvider } from '@mantine/core';
import { renderWithProviders } from '../../testing/render';
import { axisTicks, niceStep } from '../../components/svg-chart';
import { cumulative, isWeekly, ReportCharts, TrendChart } from './components/report-charts';

const day = (date: string, articles: number, views = 0) => ({ date, articles, reach: articles * 5, estimated_views: views });

describe('the trend chart', () => {
  it('names its real bucket and adds up estimated views, not media scores', () => {
    const weeks = [day('2024-01-01', 3, 1200), day('2024-01-08', 1, 300), day('2024-01-15', 0)];
    expect(isWeekly(weeks)).toBe(true);
    renderWithProviders(<TrendChart stats={{ trend: weeks, languages: [], tags: [] }} />);
    expect(screen.getByText('Articles published each week, and their estimated views added up over the period')).toBeTruthy();
    expect(screen.queryByText(/media score/i)).toBeNull();
  });

  it('draws the articles alone, per day, when the plan shows no traffic figures', () => {
    const days = [day('2024-03-01', 2), day('2024-03-02', 0)];
    expect(isWeekly(days)).toBe(false);
    renderWithProviders(<TrendChart stats={{ trend: days, languages: [], tags: [] }} />);
    expect(screen.getByText('Articles published each day')).toBeTruthy();
  });

  it('keeps running sums', () => {
    expect(cumulative([1, 2, 3.25])).toEqual([1, 3, 6.3]);
  });
});

describe('the charts are drawn as SVG by the page itself', () => {
  it('a column chart shows each category, its count above its bar and a tooltip per category, largest first', () => {
    const drawn = vi.fn();
    const stats = {
      trend: [],
      languages: [],
      tags: [
        { tag_name: 'Previews', tag_id: 2, articles: 2 },
        { tag_name: 'Reviews', tag_id: 1, articles: 5 },
      ],
    };
    renderWithProviders(<ReportCharts stats={stats as never} onDrawn={drawn} />);
    const chart = screen.getByRole('img', { name: 'Articles per tag' });
    const texts = [...chart.querySelectorAll('svg text')].map((t) => t.textContent);
    expect(texts).toEqual(expect.arrayContaining(['Reviews', 'Previews', '5', '2']));
    expect(texts.indexOf('Reviews')).toBeLessThan(texts.indexOf('Previews'));
    expect([...chart.querySelectorAll('title')].map((t) => t.textContent)).toEqual(['Reviews\nArticles: 5', 'Previews\nArticles: 2']);
    expect(drawn).toHaveBeenCalledWith('tags');
  });

  it('the trend has its legend and the views on a second axis, in K and M', () => {
    const weeks = [day('2024-01-01', 3, 1_200_000), day('2024-01-08', 1, 300_000)];
    renderWithProviders(<TrendChart stats={{ trend: weeks, languages: [], tags: [] }} />);
    const chart = screen.getByRole('img', { name: 'Articles each week and their estimated views' });
    const texts = [...chart.querySelectorAll('svg text')].map((t) => t.textContent);
    expect(texts).toEqual(expect.arrayContaining(['Articles', 'Estimated views (cumulative)', 'Week of Jan 1', '1.5M']));
    expect(chart.querySelectorAll('polyline')).toHaveLength(1);
  });
});

describe('value axes', () => {
  it('step by 1, 2, 3 or 5 times a power of ten, counts by whole numbers', () => {
    expect(axisTicks(7, true)).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks(1, true)).toEqual([0, 1]);
    expect(axisTicks(0, true)).toEqual([0, 1]);
    expect(axisTicks(1_020_000, false)).toEqual([0, 300_000, 600_000, 900_000, 1_200_000]);
    expect(axisTicks(15, true)).toEqual([0, 3, 6, 9, 12, 15]);
    expect(niceStep(0.3, true)).toBe(1);
  });
});

describe('in a right-to-left page', () => {
  it('mirrors the chart: the first category on the right', () => {
    const stats = {
      trend: [],
      languages: [],
      tags: [
        { tag_name: 'Reviews', tag_id: 1, articles: 5 },
        { tag_name: 'Previews', tag_id: 2, articles: 2 },
      ],
    };
    const x = (name: string) =>
      Number([...screen.getByRole('img', { name: 'Articles per tag' }).querySelectorAll('svg text')].find((t) => t.textContent === name)!.getAttribute('x'));
    const ltr = renderWithProviders(<ReportCharts stats={stats as never} />);
    expect(x('Reviews')).toBeLessThan(x('Previews'));
    ltr.unmount();
    renderWithProviders(
      <DirectionProvider initialDirection="rtl">
        <ReportCharts stats={stats as never} />
      </DirectionProvider>,
    );
    expect(x('Reviews')).toBeGreaterThan(x('Previews'));
  });
});
