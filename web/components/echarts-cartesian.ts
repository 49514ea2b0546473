import { init, use as register } from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

// ECharts' modular build with what the bar and line charts draw (the report's charts, Super
// Search's volume): the SVG renderer only, so that they print sharp. Loaded with `import()` by
// the charts, so that no page pays for ECharts before it draws one.
register([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/** Starts a chart in `el`, drawn as SVG. */
export function initSvgChart(el: HTMLElement) {
  return init(el, undefined, { renderer: 'svg' });
}
