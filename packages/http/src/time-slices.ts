import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long one request may hold the event loop before it lets others run (milliseconds). */
export const SLICE_MS = 2;

/**
 * The stretch of work the event loop is in: from the first time a slicer looked at the clock since
 * the loop last reached its check phase (where `setImmediate` callbacks run), or since a slicer last
 * yielded. Every slicer counts its budget from it, so the phases of one request (reading, building
 * records, serializing), each with its own slicer, share one budget instead of holding the loop for
 * a budget each, one after another.
 */
let stretchStarted = 0;
let stretchOpen = false;
const closeStretch = (): void => {
  stretchOpen = false;
};

function openStretch(now: number): void {
  stretchStarted = now;
  stretchOpen = true;
  setImmediate(closeStretch);
}

/** Milliseconds the loop has worked in the current stretch, as far as slicers can tell. */
function stretchElapsed(): number {
  const now = performance.now();
  if (!stretchOpen) openStretch(now);
  return now - stretchStarted;
}

/** Lets the event loop run (timers, I/O, other requests), then starts a new stretch. */
export async function yieldToOthers(): Promise<void> {
  await nextTurn();
  openStretch(performance.now());
}

/**
 * Cuts a long computation into slices: `pause()` costs one clock read, and once the current stretch
 * has run `budgetMs` it yields to the event loop (setImmediate: timers, I/O and other requests run
 * first), so one request's heavy answer never holds everyone else for longer than a slice.
 */
export class TimeSlicer {
  /** How many times this slicer let the loop run (for tests and traces). */
  yields = 0;

  constructor(private readonly budgetMs = SLICE_MS) {}

  /** True when the current stretch has used this slicer's budget. */
  due(): boolean {
    return stretchElapsed() >= this.budgetMs;
  }

  /** Yields to the event loop if the slice is used up; resolves at once (no turn) otherwise. */
  async pause(): Promise<void> {
    if (this.due()) await this.yieldNow();
  }

  /** Lets the event loop run now, and starts a new slice. */
  async yieldNow(): Promise<void> {
    await yieldToOthers();
    this.yields++;
  }
}
