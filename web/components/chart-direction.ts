/**
 * Charts in a right-to-left page. ECharts draws its SVG for left-to-right: left in the page, the
 * chart's container is kept `dir="ltr"` (an inherited `direction: rtl` flips every text anchor,
 * which put "Articles" over "Reach (cumulative)" in the legend), and the picture itself is
 * mirrored through the option instead: time flows right to left, the value axes change sides,
 * the legend and the grid's margins follow.
 */

type Option = Record<string, unknown>;
type Part = Record<string, unknown>;

const asList = (v: unknown): Part[] => (Array.isArray(v) ? (v as Part[]) : v && typeof v === 'object' ? [v as Part] : []);
const sameShape = (original: unknown, list: Part[]) => (Array.isArray(original) ? list : list[0]);

/** Left and right margins or anchors exchanged (`left: 0` becomes `right: 0`). */
function swapSides(part: Part): Part {
  const { left, right, ...rest } = part;
  return { ...rest, ...(right !== undefined ? { left: right } : {}), ...(left !== undefined ? { right: left } : {}) };
}

/** The option of a cartesian chart, mirrored when `rtl`; unchanged otherwise. */
export function mirrorChart<T extends Option>(option: T, rtl: boolean): T {
  if (!rtl) return option;
  const out: Option = { ...option };
  if (option.xAxis)
    out.xAxis = sameShape(
      option.xAxis,
      asList(option.xAxis).map((a) => ({ ...a, inverse: !a.inverse })),
    );
  if (option.yAxis) {
    // ECharts puts the first value axis on the left and the second on the right: the other way round.
    out.yAxis = sameShape(
      option.yAxis,
      asList(option.yAxis).map((a, i) => ({ ...a, position: (a.position ?? (i === 0 ? 'left' : 'right')) === 'left' ? 'right' : 'left' })),
    );
  }
  if (option.grid) out.grid = sameShape(option.grid, asList(option.grid).map(swapSides));
  // The legend reads from the right: its first series rightmost, each mark right of its name.
  const names = asList(option.series)
    .map((s) => s.name)
    .filter((n): n is string => typeof n === 'string');
  if (option.legend)
    out.legend = sameShape(
      option.legend,
      asList(option.legend).map((l) => ({
        ...swapSides(l),
        align: 'right',
        ...(l.data === undefined && names.length > 1 ? { data: [...names].reverse() } : {}),
      })),
    );
  return out as T;
}
