/**
 * Timed work run on a tick: what the server (its timer) and tests see of the `Scheduler`. Kept apart so
 * `ServerContext` names it without importing the scheduler, whose handlers depend on the context.
 */
export interface DueWork {
  /** Runs everything due now; answers how many jobs ran to completion. */
  runDue(): Promise<number>;
}
