import { useEffect, useRef, useState } from 'react';
import { Text, useComputedColorScheme, useDirection } from '@mantine/core';
import { mirrorChart } from '../../../components/chart-direction';

/** ECharts option objects are large and loosely typed; the charts of this feature build their own. */
export type ChartOption = Record<string, unknown>;

interface EChartInstance {
  setOption(option: ChartOption, notMerge?: boolean): void;
  on(event: string, fn: () => void): void;
  resize(): void;
  dispose(): void;
  getDom(): HTMLElement;
}

let loader: Promise<(el: HTMLElement) => EChartInstance> | null = null;

/** ECharts loads on demand (as on the website page), once, with just the bar and line charts. */
function loadECharts() {
  loader ??= import('../../../components/echarts-cartesian').then(
    ({ initSvgChart }) => (el: HTMLElement) => initSvgChart(el) as unknown as EChartInstance,
    (err: unknown) => {
      loader = null; // the next chart tries again
      throw err;
    },
  );
  return loader;
}

/**
 * One chart, drawn with the SVG renderer so that it prints sharp. `onDrawn` is called once
 * the chart has finished drawing (the report marks itself ready for the PDF printer then). The
 * drawn SVG gets a viewBox so that a narrower print page scales it instead of cutting it.
 */
export function EChart({
  option,
  height,
  label,
  animate = true,
  onDrawn,
}: {
  option: (dark: boolean) => ChartOption;
  height: number;
  label: string;
  animate?: boolean;
  onDrawn?: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const scheme = useComputedColorScheme('light');
  const rtl = useDirection().dir === 'rtl';
  const [failed, setFailed] = useState(false);
  const drawnRef = useRef(onDrawn);
  useEffect(() => {
    drawnRef.current = onDrawn;
  }, [onDrawn]);

  useEffect(() => {
    let disposed = false;
    let chart: EChartInstance | undefined;
    const onResize = () => chart?.resize();
    loadECharts()
      .then((init) => {
        if (disposed || !ref.current) return;
        chart = init(ref.current);
        const instance = chart;
        instance.on('finished', () => {
          const svg = instance.getDom().querySelector('svg');
          if (svg && !svg.getAttribute('viewBox')) {
            svg.setAttribute('viewBox', `0 0 ${svg.getAttribute('width')} ${svg.getAttribute('height')}`);
            svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
          }
          drawnRef.current?.();
        });
        instance.setOption({ animation: animate, ...mirrorChart(option(scheme === 'dark'), rtl) }, true);
        window.addEventListener('resize', onResize);
      })
      .catch(() => {
        if (!disposed) {
          setFailed(true);
          drawnRef.current?.();
        }
      });
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart?.dispose();
    };
  }, [option, scheme, animate, rtl]);

  if (failed)
    return (
      <Text size="sm" c="dimmed">
        The chart could not be drawn.
      </Text>
    );
  // dir="ltr": ECharts lays its SVG out left to right; mirrorChart mirrors the picture for RTL.
  return <div ref={ref} role="img" aria-label={label} className="cw-report-chart" dir="ltr" style={{ width: '100%', height }} />;
}
