import { useEffect, useRef, useState } from 'react';
import { Grid, Group, Paper, Progress, Stack, Text, useComputedColorScheme } from '@mantine/core';
import { IconMap } from '@tabler/icons-react';
import { COUNTRIES, countryByCode } from '../../../../common/reference';
import { formatVisitors } from '../../../../common/media-score';
import { EmptyCard, SectionTitle } from './section';
import secondary from '../../../components/secondary-text.module.css';

type Visits = { country_code_iso: string; visits: number }[];

const nameByNumeric = new Map(COUNTRIES.map((c) => [c.numeric, c.name]));

/**
 * The world map, drawn by ECharts with the SVG renderer. ECharts and the country shapes
 * (world-atlas, Natural Earth 1:110m, ISO numeric ids) load on demand, so the page's bundle
 * stays small; features are renamed to our country names to join with the visits.
 */
function VisitsMap({ data }: { data: Visits }) {
  const ref = useRef<HTMLDivElement>(null);
  const scheme = useComputedColorScheme('light');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let disposed = false;
    let chart: { dispose(): void; resize(): void } | undefined;
    const onResize = () => chart?.resize();
    (async () => {
      try {
        const echarts = await import('./world-map-setup');
        if (disposed || !ref.current) return;
        const geo = echarts.worldCountries() as { type: 'FeatureCollection'; features: MapFeature[] };
        for (const f of geo.features) f.properties.name = (f.id && nameByNumeric.get(f.id)) || f.properties.name;
        // Antarctica has no audience, and shapes that cross the antimeridian (Fiji, Russia's far
        // east) draw lines across the whole map in a plain projection.
        geo.features = geo.features.filter((f) => f.id !== ANTARCTICA && f.id !== FIJI).map(dropAntimeridianParts);
        echarts.registerMap('cw-world', geo as never);
        const rows = data.map((d) => ({ name: countryByCode(d.country_code_iso)?.name ?? d.country_code_iso, value: d.visits }));
        const dark = scheme === 'dark';
        const instance = echarts.init(ref.current, undefined, { renderer: 'svg' });
        chart = instance;
        instance.setOption({
          tooltip: {
            trigger: 'item',
            formatter: (p: { name: string; value?: number }) => `${p.name}: ${Number.isFinite(p.value) ? p.value!.toLocaleString('en') : 'no data'}`,
          },
          visualMap: {
            min: 0,
            max: Math.max(1, ...rows.map((r) => r.value)),
            left: 8,
            bottom: 8,
            calculable: true,
            formatter: (v: number) => formatVisitors(v),
            textStyle: { color: dark ? '#c9c9c9' : '#495057' },
            inRange: { color: dark ? ['#1c3a5e', '#4dabf7', '#e7f5ff'] : ['#e7f5ff', '#4dabf7', '#1864ab'] },
          },
          series: [
            {
              type: 'map',
              map: 'cw-world',
              roam: true,
              data: rows,
              itemStyle: { areaColor: dark ? '#2e2e2e' : '#f1f3f5', borderColor: dark ? '#444' : '#ced4da' },
              emphasis: { label: { show: false }, itemStyle: { areaColor: '#fab005' } },
            },
          ],
        });
        window.addEventListener('resize', onResize);
      } catch {
        if (!disposed) setFailed(true);
      }
    })();
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart?.dispose();
    };
  }, [data, scheme]);

  if (failed)
    return (
      <Text size="sm" className={secondary.secondary}>
        The map could not be drawn.
      </Text>
    );
  // dir="ltr": ECharts lays its SVG text out left to right (an inherited RTL direction flips its anchors).
  return <div ref={ref} role="img" aria-label="Map of monthly desktop visits by country" dir="ltr" style={{ width: '100%', height: 360 }} />;
}

/** Said where visits by country or categories are empty because no traffic source is connected. */
export const NEEDS_SIMILARWEB = 'Visits by country and categories need the SimilarWeb add-on (SIMILARWEB_API_KEY).';

/**
 * Monthly desktop visits by country: a map and the top countries; empty, it says why (nothing
 * known yet, or SimilarWeb not connected).
 */
export function WebsiteMapSection({ geography, trafficConnected }: { geography: Visits; trafficConnected: boolean }) {
  const total = geography.reduce((s, g) => s + g.visits, 0);
  const top = [...geography].sort((a, b) => b.visits - a.visits).slice(0, 10);
  return (
    <Paper withBorder radius="md" p="lg" shadow="xs">
      <SectionTitle title="Monthly desktop visits by country" />
      {geography.length === 0 ? (
        <EmptyCard icon={<IconMap size={26} />} text={trafficConnected ? 'No traffic by country is known for this website yet.' : NEEDS_SIMILARWEB} />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <VisitsMap data={geography} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="sm" aria-label="Top countries">
              {top.map((g) => (
                <Stack key={g.country_code_iso} gap={2}>
                  <Group justify="space-between" gap="xs">
                    <Text size="sm">{countryByCode(g.country_code_iso)?.name ?? g.country_code_iso}</Text>
                    <Text size="sm" className={secondary.secondary}>
                      {g.visits.toLocaleString('en')}
                    </Text>
                  </Group>
                  <Progress value={total ? (100 * g.visits) / total : 0} size="sm" aria-hidden />
                </Stack>
              ))}
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Paper>
  );
}

const ANTARCTICA = '010';
const FIJI = '242';

type Ring = [number, number][];
interface MapFeature {
  id?: string;
  properties: { name: string };
  geometry?: { type: string; coordinates: unknown };
}

/** Drops the parts of a multi-polygon that cross or lie beyond the antimeridian (Chukotka). */
function dropAntimeridianParts<T extends MapFeature>(f: T): T {
  if (f.geometry?.type !== 'MultiPolygon') return f;
  const wraps = (ring: Ring) => ring.some(([lon]) => lon < -169) && (ring.some(([lon]) => lon > 169) || ring.every(([lon]) => lon < -169));
  const polygons = (f.geometry.coordinates as Ring[][]).filter((poly) => !wraps(poly[0]));
  return { ...f, geometry: { ...f.geometry, coordinates: polygons } };
}
