import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../testing/render';
import { SvgChart, type ChartSeries } from './svg-chart';

const days = ['Mar 1', 'Mar 2', 'Mar 3', 'Mar 4'];
const bars: ChartSeries[] = [
  { name: 'Press', kind: 'bar', values: [2, 0, 5, 1], color: '#4851df' },
  { name: 'Twitch', kind: 'bar', values: [3, 0, 4, 0], color: '#9775fa' },
];

describe('markers', () => {
  it('flag their categories with a dashed rule, a tooltip listing the events and a link that is no tab stop', () => {
    const drawn = vi.fn();
    renderWithProviders(
      <SvgChart
        categories={days}
        series={bars}
        height={240}
        label="Coverage"
        markers={[
          { index: 1, label: 'Patch 1.1' },
          { index: 1, label: 'Roadmap' },
          { index: 3, label: 'Sale' },
          { index: 9, label: 'Outside the period' },
        ]}
        onDrawn={drawn}
      />,
    );
    const chart = screen.getByRole('img', { name: 'Coverage' });
    const layer = chart.querySelector('[data-testid="chart-markers"]')!;
    // One flag per category with events; one out of range is left out.
    const flags = [...layer.querySelectorAll('[data-marker]')];
    expect(flags.map((f) => f.getAttribute('data-marker'))).toEqual(['1', '3']);
    expect(flags.map((f) => f.querySelector('title')!.textContent)).toEqual(['Mar 2\nPatch 1.1\nRoadmap', 'Mar 4\nSale']);
    // Two events on a day: the flag shows how many.
    expect(flags[0].querySelector('text')!.textContent).toBe('2');
    expect(layer.querySelectorAll('line[stroke-dasharray]')).toHaveLength(2);
    // Nothing inside the picture is interactive (axe nested-interactive): the events' links are listed beside it.
    expect(layer.querySelector('a')).toBeNull();
    // The picture stays one image for assistive technology.
    expect(chart.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
    expect(drawn).toHaveBeenCalled();
  });

  it('draw nothing without markers', () => {
    renderWithProviders(<SvgChart categories={days} series={bars} height={240} label="Coverage" />);
    expect(screen.getByRole('img', { name: 'Coverage' }).querySelector('[data-testid="chart-markers"]')).toBeNull();
  });
});

describe('stacked bars', () => {
  it('put the series one on another, their axis reaching the largest sum', () => {
    renderWithProviders(<SvgChart categories={days} series={bars} height={240} label="Stacked" stacked />);
    const chart = screen.getByRole('img', { name: 'Stacked' });
    const labels = [...chart.querySelectorAll('svg > g text')].map((t) => t.textContent);
    // 5 + 4 = 9 on Mar 3: the axis goes to 10 (side by side it would stop at 5).
    expect(labels).toContain('10');
    // Each non-zero value is a bar; the tooltip still gives each series' own value.
    expect(chart.querySelectorAll('path')).toHaveLength(5);
    expect(chart.querySelectorAll('title')[2].textContent).toBe('Mar 3\nPress: 5\nTwitch: 4');
  });
});

describe('lines with gaps', () => {
  it('break at a value that is not a number, on an axis fixed to 100', () => {
    const series: ChartSeries[] = [
      { name: 'Reviews', kind: 'bar', values: [4, 0, 2, 3], color: '#228be6' },
      { name: 'Positive', kind: 'line', values: [75, Number.NaN, 50, 100], color: '#12b886', secondAxis: true, axisMax: 100, format: (v) => `${v} %` },
    ];
    renderWithProviders(<SvgChart categories={days} series={series} height={240} label="Reviews" gutter={{ start: 60, end: 60 }} />);
    const chart = screen.getByRole('img', { name: 'Reviews' });
    // Mar 1 alone is a dot; Mar 3–4 a line.
    expect(chart.querySelectorAll('polyline')).toHaveLength(1);
    expect(chart.querySelectorAll('circle')).toHaveLength(1);
    const labels = [...chart.querySelectorAll('svg text')].map((t) => t.textContent);
    expect(labels).toContain('100 %');
    expect(chart.querySelectorAll('title')[1].textContent).toBe('Mar 2\nReviews: 0\nPositive: –');
  });
});
