import { Text } from '@mantine/core';
import type { ViewerPoint } from '../../../../common/schemas/streams';
import { formatAudience } from '../../../components/media/format-audience';
import { formatDateTime } from '../../../lib/dates';

const W = 560;
const H = 96;
const PAD = 4;

/**
 * A stream's viewers over time as a small inline SVG (no chart library): the line, the area under
 * it, and a dot on the peak. Its text alternative names the peak and the span; each point carries
 * its time and viewers as a `<title>` (shown on hover, read by screen readers).
 */
export function ViewerSparkline({ points }: { points: ViewerPoint[] }) {
  if (points.length < 2) {
    return (
      <Text size="sm" c="dimmed">
        {points.length === 1
          ? `One sample so far: ${formatAudience(points[0].viewers)} viewers.`
          : 'No viewer samples yet: they come with the next polls while the stream is live.'}
      </Text>
    );
  }
  const times = points.map((p) => Date.parse(p.at));
  const t0 = times[0];
  const span = Math.max(1, times[times.length - 1] - t0);
  const max = Math.max(1, ...points.map((p) => p.viewers));
  const x = (t: number) => PAD + ((t - t0) / span) * (W - 2 * PAD);
  const y = (v: number) => H - PAD - (v / max) * (H - 2 * PAD);
  const line = points.map((p, i) => `${i ? 'L' : 'M'}${x(times[i]).toFixed(1)},${y(p.viewers).toFixed(1)}`).join(' ');
  const peak = points.reduce((best, p, i) => (p.viewers > points[best].viewers ? i : best), 0);
  const label = `Viewers over time: peak ${formatAudience(points[peak].viewers)} at ${formatDateTime(points[peak].at)}, from ${formatDateTime(points[0].at)} to ${formatDateTime(points[points.length - 1].at)}`;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" height={H} role="img" aria-label={label} preserveAspectRatio="none" style={{ display: 'block' }}>
      <path
        d={`${line} L${x(times[times.length - 1]).toFixed(1)},${H - PAD} L${x(t0).toFixed(1)},${H - PAD} Z`}
        fill="var(--mantine-color-violet-light)"
        stroke="none"
      />
      <path d={line} fill="none" stroke="var(--mantine-color-violet-filled)" strokeWidth={2} vectorEffect="non-scaling-stroke" />
      {points.map((p, i) => (
        <circle key={p.at} cx={x(times[i])} cy={y(p.viewers)} r={i === peak ? 4 : 6} fill={i === peak ? 'var(--mantine-color-violet-filled)' : 'transparent'}>
          <title>{`${formatDateTime(p.at)}: ${formatAudience(p.viewers)} viewers`}</title>
        </circle>
      ))}
    </svg>
  );
}
