import { init, registerMap, use as register } from 'echarts/core';
import { MapChart } from 'echarts/charts';
import { TooltipComponent, VisualMapComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { feature } from 'topojson-client';
import atlas from 'world-atlas/countries-110m.json';

// ECharts' modular build with the map chart and the SVG renderer, and the country shapes
// (world-atlas, Natural Earth 1:110m, ISO numeric ids): one chunk, loaded by the website page's map.
register([MapChart, TooltipComponent, VisualMapComponent, SVGRenderer]);

type Topology = Parameters<typeof feature>[0];
type Countries = Parameters<typeof feature>[1];

/** The world's countries as GeoJSON features, ids ISO 3166 numeric. */
export function worldCountries(): unknown {
  const world = atlas as unknown as Topology & { objects: { countries: Countries } };
  return feature(world, world.objects.countries);
}

export { init, registerMap };
