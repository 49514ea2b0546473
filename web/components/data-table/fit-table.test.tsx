import { afterEach, describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { Table } from '@mantine/core';
import { renderWithProviders } from '../../testing/render';
import { FitTable, fitLevel, PRIMARY_MIN_WIDTH } from './table-parts';

// The Twitch feed's columns at a 1280 px screen (a ~1000 px table): thumbnail, channel, views,
// peak, hours watched (3), average (3), language (3), duration (3), published.
const twitch = [
  { width: 170, priority: 1 },
  { width: 160, priority: 1 },
  { width: 96, priority: 1 },
  { width: 88, priority: 2 },
  { width: 120, priority: 3 },
  { width: 100, priority: 3 },
  { width: 124, priority: 3 },
  { width: 100, priority: 3 },
  { width: 136, priority: 1 },
];

describe('fitLevel', () => {
  it('keeps every column while the headline keeps its room', () => {
    expect(fitLevel(1094 + PRIMARY_MIN_WIDTH, twitch)).toBe(0);
  });

  it('sets priority 3 aside first, then priority 2, as the box narrows', () => {
    expect(fitLevel(1094 + PRIMARY_MIN_WIDTH - 1, twitch)).toBe(3);
    expect(fitLevel(650 + PRIMARY_MIN_WIDTH, twitch)).toBe(3);
    expect(fitLevel(650 + PRIMARY_MIN_WIDTH - 1, twitch)).toBe(2);
  });

  it('never sets aside a priority-1 column: the headline takes what is left', () => {
    expect(fitLevel(300, twitch)).toBe(2);
    expect(fitLevel(300, [{ width: 200, priority: 1 }])).toBe(0);
  });
});

describe('FitTable', () => {
  // The frame reads its width when a browser reports it (a ResizeObserver's first report follows
  // the first layout); the setup's observer never reports, this one does as a browser's would.
  const stub = window.ResizeObserver;
  afterEach(() => {
    window.ResizeObserver = stub;
  });
  class ReportingObserver {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      setTimeout(() => this.callback([{ target } as ResizeObserverEntry], this as unknown as ResizeObserver), 0);
    }
    unobserve() {}
    disconnect() {}
  }

  it('marks itself with what it set aside, from the widths its header cells declare', async () => {
    window.ResizeObserver = ReportingObserver as unknown as typeof ResizeObserver;
    // jsdom lays nothing out: give the frame a width as a browser would.
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 900 });
    try {
      const { container } = renderWithProviders(
        <FitTable>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th data-primary>Title</Table.Th>
                <Table.Th data-fit-width={400}>Channel</Table.Th>
                <Table.Th data-fit-width={200} data-priority={3}>
                  Hours watched
                </Table.Th>
                <Table.Th data-fit-width={100} data-priority={2}>
                  Peak
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
          </Table>
        </FitTable>,
      );
      // 900 − 400 − 200 − 100 = 200 px for the title: too little; without hours watched, 400.
      await waitFor(() => expect(container.querySelector('[data-fit]')?.getAttribute('data-fit')).toBe('3'));
    } finally {
      delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
    }
  });

  it('sets nothing aside when the box is wide enough', () => {
    const { container } = render(
      <FitTable>
        <table>
          <thead>
            <tr>
              <th data-primary>Title</th>
            </tr>
          </thead>
        </table>
      </FitTable>,
    );
    expect(container.querySelector('[data-fit]')).toBeNull();
  });
});
