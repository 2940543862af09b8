/**
 * Timed work run on a tick: what the server (its timer) and tests see of the `Scheduler`. Kept apart so
 * `ServerContext` names it without importing the scheduler, whose handlers depend on the context.
 */
export interface DueWork {
  /** Runs everything due now; answers how many jobs ran to completion. */
  runDue(): Promise<number>;
  /**
   * From now on, runs a prompt kind's jobs as soon as a projection adds one (the server's timer turns
   * it on); answers a stop that waits for the runs under way.
   */
  runPromptJobs?(): () => Promise<void>;
}
