import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useComputedColorScheme, useDirection } from '@mantine/core';
import classes from './svg-chart.module.css';

/**
 * A category chart drawn as plain SVG by React: bars, and optionally a line on a second value
 * axis — what the report's three charts draw. ECharts did the same for ~166 KB of brotli script
 * (core, two chart types, grid, tooltip, legend, SVG renderer); this is a few KB. Each category
 * carries a hover band whose `<title>` is its tooltip (every series' value), so nothing but the
 * browser runs on hover. The SVG has a viewBox: a narrower printed page scales it, never cuts it.
 * Bars stand side by side or, `stacked`, one on another; a line's non-finite values (NaN) are gaps;
 * `markers` flag events on their categories (the coverage chart's Steam announcements).
 */
export interface ChartSeries {
  name: string;
  kind: 'bar' | 'line';
  values: number[];
  color: string;
  /** The second value axis (on the far side); the first by default. */
  secondAxis?: boolean;
  /** The axis labels and tooltip of this series' values. */
  format?: (v: number) => string;
  /** A line's area fill, below it. */
  area?: { light: string; dark: string };
  /** The top of this series' axis at least (100 for a percentage). */
  axisMax?: number;
}

/**
 * An event on a category: a dashed rule with a flag at its top, its label the flag's tooltip. Not
 * a link: the chart is one image to assistive technology (nothing interactive inside it), so the
 * page lists the events' links beside it.
 */
export interface ChartMarker {
  index: number;
  label: string;
}

/** The least room on each side of the plot (px), so that charts stacked one above another share their categories' columns. */
export interface ChartGutter {
  start?: number;
  end?: number;
}

export interface SvgChartProps {
  categories: string[];
  series: ChartSeries[];
  height: number;
  /** The accessible name of the picture. */
  label: string;
  legend?: boolean;
  /** The value above each bar. */
  valueLabels?: boolean;
  /** Category labels turned 30° (many categories). */
  rotateLabels?: boolean;
  /** Category labels longer than this (px) end with an ellipsis. */
  labelWidth?: number;
  barMaxWidth?: number;
  barRadius?: number;
  /** Bars one on another rather than side by side (their axis reaches the largest sum). */
  stacked?: boolean;
  markers?: ChartMarker[];
  gutter?: ChartGutter;
  /** Called once the chart is on the page (after each draw). */
  onDrawn?: () => void;
}

const FONT = 11;
/** A character of the 11 px axis font, on average (no text measuring: the same figures in every browser and in tests). */
const CHAR = 6.4;
const textWidth = (s: string) => s.length * CHAR;

function truncate(s: string, px: number): string {
  if (textWidth(s) <= px) return s;
  const n = Math.max(1, Math.floor(px / CHAR) - 1);
  return `${s.slice(0, n)}…`;
}

/** 1, 2, 3 or 5 times a power of ten (as ECharts steps), at least `raw`; integers only where the values are counts. */
export function niceStep(raw: number, integer: boolean): number {
  if (!(raw > 0)) return 1;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const f = raw / pow;
  const step = (f <= 1 ? 1 : f <= 2 ? 2 : f <= 3 ? 3 : f <= 5 ? 5 : 10) * pow;
  return integer ? Math.max(1, Math.ceil(step)) : step;
}

/** The ticks of a value axis from 0: about five, ending at or above the largest value. */
export function axisTicks(max: number, integer: boolean): number[] {
  const step = niceStep((max > 0 ? max : 1) / 5, integer);
  const top = Math.max(step, Math.ceil((max > 0 ? max : 1) / step - 1e-9) * step);
  const ticks: number[] = [];
  for (let v = 0; v <= top + step / 2; v += step) ticks.push(Math.round(v * 1e6) / 1e6);
  return ticks;
}

/** Which category labels are shown: every k-th, so that none overlaps the next. */
export function labelStride(labels: string[], band: number, rotated: boolean): number {
  if (rotated || labels.length === 0) return 1;
  const widest = Math.max(...labels.map(textWidth)) + 8;
  return Math.max(1, Math.ceil(widest / Math.max(band, 1)));
}

function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const read = () => setWidth(Math.round(el.clientWidth) || fallback);
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(read);
    observer.observe(el);
    return () => observer.disconnect();
  }, [fallback]);
  return { ref, width };
}

const defaultFormat = (v: number) => (Number.isFinite(v) ? v.toLocaleString('en') : '–');
/** A value in a tooltip: an en dash for a gap (a line's NaN), whatever the series' format. */
const tooltipValue = (s: ChartSeries, v: number) => (Number.isFinite(v) ? (s.format ?? defaultFormat)(v) : '–');
const NO_MARKERS: ChartMarker[] = [];
const NO_GUTTER: ChartGutter = {};
const MARKER = '#f08c00';

export function SvgChart({
  categories,
  series,
  height,
  label,
  legend = false,
  valueLabels = false,
  rotateLabels = false,
  labelWidth = 90,
  barMaxWidth = 40,
  barRadius = 3,
  stacked = false,
  markers = NO_MARKERS,
  gutter = NO_GUTTER,
  onDrawn,
}: SvgChartProps) {
  const { ref, width } = useWidth(600);
  const dark = useComputedColorScheme('light') === 'dark';
  const rtl = useDirection().dir === 'rtl';
  const drawnRef = useRef(onDrawn);
  useEffect(() => {
    drawnRef.current = onDrawn;
  }, [onDrawn]);
  const drawn = width > 0;
  useEffect(() => {
    if (drawn) drawnRef.current?.();
  }, [drawn, categories, series, markers]);

  return (
    // dir="ltr": the picture is laid out here, mirrored by hand for a right-to-left page.
    <div ref={ref} role="img" aria-label={label} className={`cw-report-chart ${classes.chart}`} dir="ltr" style={{ width: '100%', height }}>
      {drawn && (
        <ChartSvg
          {...{ categories, series, height, legend, valueLabels, rotateLabels, labelWidth, barMaxWidth, barRadius, stacked, markers, gutter, width, dark, rtl }}
        />
      )}
    </div>
  );
}

interface Layout extends Required<Omit<SvgChartProps, 'label' | 'onDrawn'>> {
  width: number;
  dark: boolean;
  rtl: boolean;
}

/** The largest value an axis shows: of each value, or of each category's sum of stacked bars. */
function axisMaxOf(own: ChartSeries[], stacked: boolean): number {
  const finite = (v: number) => (Number.isFinite(v) ? v : 0);
  const bars = own.filter((s) => s.kind === 'bar');
  const sums = stacked
    ? Array.from({ length: Math.max(0, ...bars.map((s) => s.values.length)) }, (_, i) => bars.reduce((n, s) => n + finite(s.values[i] ?? 0), 0))
    : [];
  return Math.max(0, ...own.flatMap((s) => s.values.map(finite)), ...sums, ...own.map((s) => s.axisMax ?? 0));
}

/** A line's points in runs without gaps (a NaN ends one). */
function lineRuns(values: number[]): number[][] {
  const runs: number[][] = [[]];
  values.forEach((v, i) => (Number.isFinite(v) ? runs[runs.length - 1]!.push(i) : runs[runs.length - 1]!.length && runs.push([])));
  return runs.filter((r) => r.length > 0);
}

function ChartSvg({
  categories,
  series,
  height,
  legend,
  valueLabels,
  rotateLabels,
  labelWidth,
  barMaxWidth,
  barRadius,
  stacked,
  markers,
  gutter,
  width,
  dark,
  rtl,
}: Layout) {
  const text = dark ? '#a6a7ab' : '#6b7280';
  const line = dark ? '#3b3c40' : '#e5e7eb';
  const axes = [false, true].map((second) => {
    const own = series.filter((s) => !!s.secondAxis === second);
    if (!own.length) return null;
    const max = axisMaxOf(own, stacked);
    const integer = own.every((s) => s.values.every((v) => !Number.isFinite(v) || Number.isInteger(v)));
    const format = own[0]!.format ?? defaultFormat;
    const ticks = axisTicks(max, integer);
    return { ticks, top: ticks[ticks.length - 1]!, format, labelWidth: Math.max(...ticks.map((t) => textWidth(format(t)))) };
  });
  const [first, second] = axes;
  const shown = categories.map((c) => truncate(c, labelWidth));
  const rotatedDepth = rotateLabels ? Math.max(...shown.map(textWidth)) * 0.5 + FONT : 0;
  const top = (legend ? 36 : valueLabels ? 24 : 12) + (markers.length ? 12 : 0);
  const bottom = (rotateLabels ? rotatedDepth : FONT) + 14;
  const left = Math.max(gutter.start ?? 0, 8 + (first?.labelWidth ?? 0) + 8);
  const right = Math.max(gutter.end ?? 0, 8 + (second ? second.labelWidth + 8 : 0) + (rotateLabels ? 0 : textWidth(shown[shown.length - 1] ?? '') / 4));
  const plotW = Math.max(10, width - left - right);
  const plotH = Math.max(10, height - top - bottom);
  const n = Math.max(1, categories.length);
  const band = plotW / n;
  // Left to right, or mirrored: the first category on the right, the first value axis too.
  const x = (px: number) => (rtl ? width - px : px);
  const center = (i: number) => x(left + band * (i + 0.5));
  const y = (v: number, axis: NonNullable<(typeof axes)[number]>) => top + plotH - (v / axis.top) * plotH;
  const bars = series.filter((s) => s.kind === 'bar');
  const barW = Math.min(barMaxWidth, (band * 0.6) / (stacked ? 1 : Math.max(1, bars.length)));
  // Stacked bars: where each series' bar starts, the sum of those below it.
  const bases = bars.map((_, k) => categories.map((_c, i) => bars.slice(0, k).reduce((n, b) => n + Math.max(0, b.values[i] || 0), 0)));
  const stride = labelStride(shown, band, rotateLabels);
  const startAnchor = rtl ? 'end' : 'start';
  const endAnchor = rtl ? 'start' : 'end';

  return (
    <svg
      width="100%"
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="xMidYMid meet"
      fontSize={FONT}
      fontFamily="inherit"
      aria-hidden="true"
    >
      {legend && (
        <g>
          {legendItems(series, width, rtl).map((item) => (
            <g key={item.name}>
              <rect x={item.markX} y={6} width={14} height={8} rx={2} fill={item.color} />
              <text x={item.textX} y={14} fill={text} textAnchor="start">
                {item.name}
              </text>
            </g>
          ))}
        </g>
      )}
      {first && (
        <g>
          {first.ticks.map((t) => (
            <g key={t}>
              <line x1={x(left)} x2={x(left + plotW)} y1={y(t, first)} y2={y(t, first)} stroke={line} />
              <text x={x(left - 8)} y={y(t, first) + 4} fill={text} textAnchor={endAnchor}>
                {first.format(t)}
              </text>
            </g>
          ))}
        </g>
      )}
      {second && (
        <g>
          {second.ticks.map((t) => (
            <text key={t} x={x(left + plotW + 8)} y={y(t, second) + 4} fill={text} textAnchor={startAnchor}>
              {second.format(t)}
            </text>
          ))}
        </g>
      )}
      {series.map((s) => {
        const axis = (s.secondAxis ? second : first)!;
        if (s.kind === 'line') {
          const base = y(0, axis).toFixed(1);
          return (
            <g key={s.name}>
              {lineRuns(s.values).map((run) => {
                const points = run.map((i) => `${center(i).toFixed(1)},${y(s.values[i]!, axis).toFixed(1)}`);
                const area =
                  s.area && points.length > 1
                    ? `M${center(run[0]!).toFixed(1)},${base} L${points.join(' L')} L${center(run[run.length - 1]!).toFixed(1)},${base} Z`
                    : null;
                return (
                  <g key={run[0]}>
                    {area && <path d={area} fill={dark ? s.area!.dark : s.area!.light} />}
                    {/* A day alone between gaps: a dot, where a one-point polyline draws nothing. */}
                    {run.length === 1 ? (
                      <circle cx={center(run[0]!)} cy={y(s.values[run[0]!]!, axis)} r={2.5} fill={s.color} />
                    ) : (
                      <polyline points={points.join(' ')} fill="none" stroke={s.color} strokeWidth={2.5} strokeLinejoin="round" strokeLinecap="round" />
                    )}
                  </g>
                );
              })}
            </g>
          );
        }
        const k = bars.indexOf(s);
        return (
          <g key={s.name} fill={s.color}>
            {s.values.map((v, i) => {
              const from = stacked ? bases[k]![i]! : 0;
              const h = Math.max(0, y(from, axis) - y(from + (v || 0), axis));
              const bx = stacked ? center(i) - barW / 2 : center(i) + (k - bars.length / 2) * barW;
              // Stacked, only the top bar of a category has round corners.
              const onTop = !stacked || bars.slice(k + 1).every((b) => !(b.values[i]! > 0));
              return (
                <g key={i}>
                  {h > 0 && <path d={barPath(bx, y(from + v, axis), barW, h, onTop ? barRadius : 0)} />}
                  {valueLabels && (
                    <text x={bx + barW / 2} y={y(from + v, axis) - 5} fill={text} textAnchor="middle">
                      {(s.format ?? defaultFormat)(v)}
                    </text>
                  )}
                </g>
              );
            })}
          </g>
        );
      })}
      <line x1={x(left)} x2={x(left + plotW)} y1={top + plotH} y2={top + plotH} stroke={line} />
      <g>
        {shown.map((c, i) =>
          i % stride !== 0 ? null : rotateLabels ? (
            <text key={i} transform={`translate(${center(i)},${top + plotH + 12}) rotate(${rtl ? 30 : -30})`} fill={text} textAnchor={endAnchor}>
              {c}
            </text>
          ) : (
            <text key={i} x={center(i)} y={top + plotH + 16} fill={text} textAnchor="middle">
              {c}
            </text>
          ),
        )}
      </g>
      <g className={classes.bands}>
        {categories.map((c, i) => (
          <rect key={i} x={Math.min(x(left + band * i), x(left + band * (i + 1)))} y={top} width={band} height={plotH}>
            <title>{[c, ...series.map((s) => `${s.name}: ${tooltipValue(s, s.values[i] ?? 0)}`)].join('\n')}</title>
          </rect>
        ))}
      </g>
      {markers.length > 0 && <Markers {...{ markers, categories, center, top, plotH }} />}
    </svg>
  );
}

/**
 * The events: one dashed rule per category that has any, above the hover bands, with a flag whose
 * tooltip lists them. A flag with a link opens it on click; it is no tab stop (the picture is
 * hidden from assistive technology: the page lists the same events as links).
 */
function Markers({
  markers,
  categories,
  center,
  top,
  plotH,
}: {
  markers: ChartMarker[];
  categories: string[];
  center: (i: number) => number;
  top: number;
  plotH: number;
}) {
  const byIndex = new Map<number, ChartMarker[]>();
  for (const m of markers) if (m.index >= 0 && m.index < categories.length) byIndex.set(m.index, [...(byIndex.get(m.index) ?? []), m]);
  return (
    <g data-testid="chart-markers">
      {[...byIndex].map(([i, ms]) => {
        const cx = center(i);
        const title = [categories[i], ...ms.map((m) => m.label)].join('\n');
        const flag = (
          <g className={classes.marker} data-marker={i}>
            <title>{title}</title>
            <circle cx={cx} cy={top - 8} r={ms.length > 1 ? 6 : 4.5} fill={MARKER} />
            {ms.length > 1 && (
              <text x={cx} y={top - 5} fill="#fff" fontSize={8} fontWeight={700} textAnchor="middle">
                {ms.length}
              </text>
            )}
          </g>
        );
        return (
          <g key={i}>
            <line x1={cx} x2={cx} y1={top - 4} y2={top + plotH} stroke={MARKER} strokeDasharray="3 3" strokeWidth={1} pointerEvents="none" />
            {flag}
          </g>
        );
      })}
    </g>
  );
}

/** A bar with its top corners rounded. */
function barPath(x: number, y: number, w: number, h: number, r: number): string {
  const rr = Math.min(r, w / 2, h);
  const f = (v: number) => v.toFixed(1);
  return `M${f(x)},${f(y + h)} V${f(y + rr)} Q${f(x)},${f(y)} ${f(x + rr)},${f(y)} H${f(x + w - rr)} Q${f(x + w)},${f(y)} ${f(x + w)},${f(y + rr)} V${f(y + h)} Z`;
}

/** The legend in the top corner (right, or left in a right-to-left page), its first series first from that side's reading. */
function legendItems(series: ChartSeries[], width: number, rtl: boolean) {
  const items = series.map((s) => ({ name: s.name, color: s.color, w: 14 + 5 + textWidth(s.name) }));
  if (rtl) items.reverse();
  const gap = 10;
  const total = items.reduce((n, i) => n + i.w, 0) + gap * (items.length - 1);
  let at = rtl ? 0 : width - total;
  return items.map((i) => {
    const out = { name: i.name, color: i.color, markX: at, textX: at + 19 };
    at += i.w + gap;
    return out;
  });
}
