import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Cooperative time slicing for long synchronous loops (normalizing a feed's items, matching them
 * against thousands of alerts, building the alert index). Such a loop calls `pause()` after each
 * step; once the slice has run for its budget, `pause()` gives the event loop a turn (timers, I/O:
 * pg-boss heartbeats, job claims, other polls) before the next slice starts. The budget is time,
 * not a step count, so a slow machine or an unusually costly step still yields on time.
 */

/** Long enough that the yields cost nothing measurable; short enough that two slices stay far below 50 ms. */
export const SLICE_BUDGET_MS = 10;

export class TimeSlicer {
  private sliceStart: number;

  /** `clock` in milliseconds (tests inject a fake one). */
  constructor(
    private readonly budgetMs = SLICE_BUDGET_MS,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.sliceStart = clock();
  }

  /** Yields to the event loop when this slice has spent its budget; otherwise returns at once. */
  async pause(): Promise<void> {
    if (this.clock() - this.sliceStart < this.budgetMs) return;
    // setImmediate, not a resolved promise: microtasks would run before any I/O or timer callback.
    await nextTurn();
    this.sliceStart = this.clock();
  }
}
