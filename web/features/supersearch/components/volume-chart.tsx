import { useEffect, useRef, useState } from 'react';
import { Text, VisuallyHidden, useComputedColorScheme, useDirection } from '@mantine/core';
import { mirrorChart } from '../../../components/chart-direction';
import { bucketLabel, type ChartData, type VolumeInterval } from '../lib/volume';

interface Props {
  data: ChartData;
  interval: VolumeInterval;
  colors: string[];
  height?: number;
}

type Chart = { setOption(o: unknown, notMerge?: boolean): void; resize(): void; dispose(): void };

/**
 * Articles per day, week or month: the main query as a filled line, competitors as lines.
 * ECharts (SVG renderer) loads on demand like the websites map; a hidden table carries the
 * same numbers for screen readers.
 */
export function VolumeChart({ data, interval, colors, height = 300 }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const dark = useComputedColorScheme('light') === 'dark';
  const rtl = useDirection().dir === 'rtl';
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let disposed = false;
    const onResize = () => chart.current?.resize();
    (async () => {
      try {
        const { initSvgChart } = await import('../../../components/echarts-cartesian');
        if (disposed || !ref.current) return;
        chart.current = initSvgChart(ref.current) as unknown as Chart;
        window.addEventListener('resize', onResize);
        setReady(true);
      } catch {
        if (!disposed) setFailed(true);
      }
    })();
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (!ready || !chart.current) return;
    const text = dark ? '#c9c9c9' : '#495057';
    const line = dark ? '#373a40' : '#e9ecef';
    chart.current.setOption(
      mirrorChart(
        {
          color: data.series.map((s) => colors[s.index % colors.length]),
          animationDuration: 400,
          // The axis labels stay inside the box (ECharts 6's replacement for containLabel).
          grid: { left: 8, right: 20, top: data.series.length > 1 ? 40 : 16, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
          legend: data.series.length > 1 ? { top: 0, left: 0, icon: 'roundRect', textStyle: { color: text } } : undefined,
          tooltip: {
            trigger: 'axis',
            backgroundColor: dark ? '#25262b' : '#fff',
            borderColor: line,
            textStyle: { color: dark ? '#e9ecef' : '#212529' },
            axisPointer: { type: 'line', lineStyle: { color: text, type: 'dashed' } },
          },
          xAxis: {
            type: 'category',
            boundaryGap: false,
            data: data.buckets.map((b) => bucketLabel(b, interval)),
            axisLine: { lineStyle: { color: line } },
            axisTick: { show: false },
            axisLabel: { color: text, hideOverlap: true },
          },
          yAxis: {
            type: 'value',
            minInterval: 1,
            splitLine: { lineStyle: { color: line } },
            axisLabel: { color: text },
          },
          series: data.series.map((s) => ({
            name: s.label,
            type: 'line',
            smooth: 0.25,
            showSymbol: data.buckets.length <= 31,
            symbolSize: 5,
            data: s.values,
            lineStyle: { width: s.index === 0 ? 2.5 : 2 },
            areaStyle: s.index === 0 ? { opacity: dark ? 0.22 : 0.14 } : undefined,
            emphasis: { focus: 'series' },
          })),
        },
        rtl,
      ),
      true,
    );
  }, [ready, data, interval, colors, dark, rtl]);

  if (failed)
    return (
      <Text size="sm" c="dimmed">
        The chart could not be drawn.
      </Text>
    );
  return (
    <>
      {/* dir="ltr": ECharts lays its SVG out left to right; mirrorChart mirrors the picture for RTL. */}
      <div ref={ref} role="img" aria-label={`Articles per ${interval}`} data-testid="volume-chart" dir="ltr" style={{ width: '100%', height }} />
      <VisuallyHidden>
        <table>
          <caption>Articles per {interval}</caption>
          <thead>
            <tr>
              <th>{interval}</th>
              {data.series.map((s) => (
                <th key={s.index}>{s.label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.buckets.map((b, i) => (
              <tr key={b}>
                <td>{bucketLabel(b, interval, true)}</td>
                {data.series.map((s) => (
                  <td key={s.index}>{s.values[i]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </>
  );
}
