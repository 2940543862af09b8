import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long one request may hold the event loop before it lets others run (milliseconds). */
export const SLICE_MS = 2;

/**
 * Cuts a long computation into slices: `pause()` costs one clock read, and once the current slice has
 * run `budgetMs` it yields to the event loop (setImmediate: timers, I/O and other requests run
 * first), so one request's heavy answer never holds everyone else for longer than a slice.
 */
export class TimeSlicer {
  private sliceStarted = performance.now();
  /** How many times this slicer let the loop run (for tests and traces). */
  yields = 0;

  constructor(private readonly budgetMs = SLICE_MS) {}

  /** True when the current slice has used its budget. */
  due(): boolean {
    return performance.now() - this.sliceStarted >= this.budgetMs;
  }

  /** Yields to the event loop if the slice is used up; resolves at once (no turn) otherwise. */
  async pause(): Promise<void> {
    if (this.due()) await this.yieldNow();
  }

  /** Lets the event loop run now, and starts a new slice. */
  async yieldNow(): Promise<void> {
    await nextTurn();
    this.yields++;
    this.sliceStarted = performance.now();
  }
}
