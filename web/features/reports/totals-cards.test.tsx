import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { ReportTotals } from './api/types';
import { streamsBasis, TotalsCards, totalsColumns } from './components/totals-cards';
import { renderPlain } from './report-fixtures';

const base: ReportTotals = {
  articles: 45,
  reach: 300,
  average_score: 6.7,
  umv: 1_250_000_000,
  estimated_views: 1_230_000,
  unknown_visitors: 3,
  visitor_sources: { similarweb: 12, estimate: 30, manual: 0 },
  media: 20,
};

describe('report totals: potential reach and estimated views', () => {
  it('shows both figures with their basis in words, under the value (the PDF has no tooltips)', () => {
    renderPlain(<TotalsCards totals={base} print />);
    expect(screen.getByTestId('total-potential-reach').textContent).toBe('1.3B');
    expect(screen.getByTestId('total-estimated-views').textContent).toBe('1.2M');
    const sources =
      'Visitors from SimilarWeb (12 articles) and estimated from the Tranco rank (30 articles). 3 of 45 articles have no visitor figure and count 0.';
    expect(screen.getByTestId('basis-potential-reach').textContent).toBe(`Monthly visitors of each article's outlet, added up. ${sources}`);
    expect(screen.getByTestId('basis-estimated-views').textContent).toBe(`0.1% of the outlet's monthly visitors per article, at most 1M each. ${sources}`);
  });

  it('says one source without counts, and nothing about missing figures when every outlet is known', () => {
    renderPlain(<TotalsCards totals={{ ...base, unknown_visitors: 0, visitor_sources: { similarweb: 45, estimate: 0, manual: 0 } }} />);
    expect(screen.getByTestId('basis-estimated-views').textContent).toBe(
      "0.1% of the outlet's monthly visitors per article, at most 1M each. Visitors from SimilarWeb.",
    );
  });

  it('hides both when no outlet’s visitors are known or the plan lacks the UMV add-on (0), and in an older payload', () => {
    const hidden = { ...base, umv: 0, estimated_views: 0, unknown_visitors: 0, visitor_sources: { similarweb: 0, estimate: 0, manual: 0 } };
    const { unmount } = renderPlain(<TotalsCards totals={hidden} />);
    expect(screen.queryByTestId('total-potential-reach')).toBeNull();
    expect(screen.queryByTestId('total-estimated-views')).toBeNull();
    expect(screen.getByTestId('total-articles').textContent).toBe('45');
    unmount();
    // A preview cached before estimated views existed: potential reach only, without a source it does not know.
    const older = { articles: 2, reach: 10, average_score: 5, umv: 3_000_000, media: 2 } as ReportTotals;
    renderPlain(<TotalsCards totals={older} />);
    expect(screen.getByTestId('total-potential-reach').textContent).toBe('3M');
    expect(screen.getByTestId('basis-potential-reach').textContent).toBe("Monthly visitors of each article's outlet, added up.");
    expect(screen.queryByTestId('total-estimated-views')).toBeNull();
  });

  it('lays out up to eight cards without one alone on a row', () => {
    for (let n = 3; n <= 8; n++) {
      for (const withBasis of [false, true]) {
        const { mid, wide } = totalsColumns(n, { withBasis });
        for (const cols of [mid, wide]) expect(n % cols === 0 || n % cols > 1, `${n} cards in ${cols} columns`).toBe(true);
      }
    }
    expect(totalsColumns(7)).toEqual({ mid: 4, wide: 4 });
    expect(totalsColumns(8, { withBasis: true })).toEqual({ mid: 4, wide: 4 });
    // Cards with a basis in words are not squeezed five to a row.
    expect(totalsColumns(5)).toEqual({ mid: 3, wide: 5 });
    expect(totalsColumns(5, { withBasis: true })).toEqual({ mid: 3, wide: 3 });
  });
});

describe('report totals: videos and streams', () => {
  const media = { ...base, videos: 3, video_views: 61_000, streams: 2, stream_views: 1_280 };

  it('adds the streams’ hours watched, with the peak viewers at once and the channels in words', () => {
    renderPlain(<TotalsCards totals={{ ...media, stream_hours_watched: 123_456.7, stream_peak_viewers: 4_210, stream_channels: 2 }} print />);
    expect(screen.getByTestId('total-video-views').textContent).toBe('61K');
    expect(screen.getByTestId('total-stream-views').textContent).toBe('1.3K');
    expect(screen.getByTestId('total-hours-watched').textContent).toBe('123K h');
    expect(screen.getByTestId('basis-hours-watched').textContent).toBe('Peak of 4,210 viewers at once across 2 streams from 2 channels.');
  });

  it('leaves hours watched out when no stream was sampled live, and without streams', () => {
    const { unmount } = renderPlain(<TotalsCards totals={{ ...media, stream_hours_watched: 0, stream_peak_viewers: 0, stream_channels: 2 }} />);
    expect(screen.getByTestId('total-stream-views')).toBeTruthy();
    expect(screen.queryByTestId('total-hours-watched')).toBeNull();
    unmount();
    renderPlain(<TotalsCards totals={{ ...media, streams: 0, stream_views: 0, stream_hours_watched: 12, stream_peak_viewers: 40, stream_channels: 0 }} />);
    expect(screen.queryByTestId('total-stream-views')).toBeNull();
    expect(screen.queryByTestId('total-hours-watched')).toBeNull();
  });

  it('words the streams’ basis for one stream, and without a peak', () => {
    expect(streamsBasis({ streams: 1, stream_peak_viewers: 75, stream_channels: 1 })).toBe('Peak of 75 viewers at once across 1 stream from 1 channel.');
    expect(streamsBasis({ streams: 3, stream_peak_viewers: 0, stream_channels: 2 })).toBe('3 streams from 2 channels.');
  });
});
