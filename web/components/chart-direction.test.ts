import { describe, expect, it } from 'vitest';
import { mirrorChart } from './chart-direction';

const trend = {
  grid: { left: 8, right: 20, top: 36 },
  legend: { top: 0, right: 0 },
  xAxis: { type: 'category', data: ['Nov 1', 'Nov 2'] },
  yAxis: [{ type: 'value' }, { type: 'value' }],
  series: [
    { name: 'Articles', type: 'bar', data: [1, 2] },
    { name: 'Reach', type: 'line', data: [1, 3] },
  ],
};

describe('mirrorChart', () => {
  it('leaves a left-to-right chart as it is', () => {
    expect(mirrorChart(trend, false)).toBe(trend);
  });

  it('runs time from right to left, swaps the value axes, the margins and the legend in RTL', () => {
    const m = mirrorChart(trend, true);
    expect(m.xAxis).toEqual({ type: 'category', data: ['Nov 1', 'Nov 2'], inverse: true });
    expect(m.yAxis).toEqual([
      { type: 'value', position: 'right' },
      { type: 'value', position: 'left' },
    ]);
    expect(m.grid).toEqual({ left: 20, right: 8, top: 36 });
    expect(m.legend).toEqual({ top: 0, left: 0, align: 'right', data: ['Reach', 'Articles'] });
    expect(m.series).toBe(trend.series);
    // The input is not changed.
    expect(trend.xAxis).not.toHaveProperty('inverse');
  });

  it('mirrors a single value axis and an axis already inverted', () => {
    const m = mirrorChart({ xAxis: [{ inverse: true }], yAxis: { type: 'value', position: 'right' } }, true);
    expect(m.xAxis).toEqual([{ inverse: false }]);
    expect(m.yAxis).toEqual({ type: 'value', position: 'left' });
  });
});
