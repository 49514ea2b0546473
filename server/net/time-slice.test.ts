import { describe, expect, it } from 'vitest';
import { TimeSlicer } from './time-slice.js';

/** Whether a setImmediate callback scheduled now has run by the time `pause()` returns. */
async function yieldsTo(slicer: TimeSlicer): Promise<boolean> {
  let ran = false;
  const handle = setImmediate(() => (ran = true));
  await slicer.pause();
  clearImmediate(handle);
  return ran;
}

describe('TimeSlicer', () => {
  it('returns at once while the budget lasts and yields to the event loop once it is spent', async () => {
    let now = 0;
    const slicer = new TimeSlicer(10, () => now);
    expect(await yieldsTo(slicer)).toBe(false);
    now = 9.9;
    expect(await yieldsTo(slicer)).toBe(false);
    now = 10;
    expect(await yieldsTo(slicer)).toBe(true);
  });

  it('starts a new slice after each yield', async () => {
    let now = 0;
    const slicer = new TimeSlicer(10, () => now);
    now = 25;
    expect(await yieldsTo(slicer)).toBe(true);
    now = 34;
    expect(await yieldsTo(slicer)).toBe(false);
    now = 35;
    expect(await yieldsTo(slicer)).toBe(true);
  });
});
