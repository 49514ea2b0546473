import { describe, expect, it } from 'vitest';
import { formatHours, viewsGrowth } from './media-format';

describe('report media figures', () => {
  it('writes hours watched as the saved streams table does, abbreviated from 100,000', () => {
    expect(formatHours(0.25)).toBe('0.25 h');
    expect(formatHours(12.54)).toBe('12.5 h');
    expect(formatHours(3_085.4)).toBe('3,085 h');
    expect(formatHours(99_999)).toBe('99,999 h');
    expect(formatHours(123_456)).toBe('123K h');
    expect(formatHours(null)).toBe('–');
  });

  it('gives a video’s growth since found only once its count was read again and rose', () => {
    const read = '2024-03-10T00:00:00.000Z';
    expect(viewsGrowth(12_400, 9_000, read)).toEqual({ gained: 3_400, label: '+38%' });
    expect(viewsGrowth(1_042, 1_000, read)).toEqual({ gained: 42, label: '+4.2%' });
    expect(viewsGrowth(25_000, 1_000, read)).toEqual({ gained: 24_000, label: '×25' });
    expect(viewsGrowth(1_500, 0, read)).toEqual({ gained: 1_500, label: '+1.5K' });
    expect(viewsGrowth(12_400, 9_000, null)).toBeNull();
    expect(viewsGrowth(12_400, null, read)).toBeNull();
    expect(viewsGrowth(900, 1_000, read)).toBeNull();
  });
});
