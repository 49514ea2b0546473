import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ViewsCell } from './components/video-cells';

/** Issue 30: a video's views grow after it was found; the tables say by how much, or that YouTube removed it. */
const cell = (props: Parameters<typeof ViewsCell>[0]) =>
  render(
    <MantineProvider>
      <ViewsCell {...props} />
    </MantineProvider>,
  );

describe('views cell', () => {
  it('shows the growth since found once the counts were read again', () => {
    cell({ views: 4200, viewsAtFound: 200, statsRefreshedAt: '2026-05-08T12:00:00Z', removedAt: null });
    expect(screen.getByText('4.2K')).toBeTruthy();
    expect(screen.getByText('+4K')).toBeTruthy();
  });

  it('shows no growth before the first re-read', () => {
    cell({ views: 200, viewsAtFound: 100, statsRefreshedAt: null });
    expect(screen.getByText('200')).toBeTruthy();
    expect(screen.queryByText(/^\+/)).toBeNull();
  });

  it('says YouTube removed the video', () => {
    cell({ views: 900, viewsAtFound: 100, statsRefreshedAt: '2026-05-08T12:00:00Z', removedAt: '2026-05-09T12:00:00Z' });
    expect(screen.getByText('Removed')).toBeTruthy();
  });

  it('shows YouTube’s newer count under a saved copy', () => {
    cell({ views: 10, currentViews: 4200, statsRefreshedAt: '2026-05-08T12:00:00Z' });
    expect(screen.getByText('10')).toBeTruthy();
    expect(screen.getByText('4.2K now')).toBeTruthy();
  });
});
