/** One retention sweep as the operators' endpoint reports it. */
export interface SweepReport {
  sweep_id: number;
  /** False while it runs, and for a sweep stopped or failed before its end. */
  complete: boolean;
  running: boolean;
  /** Messages deleted so far, and the batches (commands) they went in. */
  messages_deleted: number;
  batches: number;
  started_at: number;
  finished_at: number | null;
  /** Why the sweep ended before its end (the server stopping, a failure); null otherwise. */
  error: string | null;
}

/**
 * The retention sweeps of a process, as the server context names them: kept apart from the
 * implementation (RetentionSweeps), whose sweep depends on the context, as DueWork is for the scheduler.
 */
export interface SweepRunner {
  /** Starts a sweep unless one is running; answers the id of the one running. */
  start(): number;
  /** The sweep's report once it ends, or as it stands after `timeoutMs`; undefined for a sweep unknown here. */
  wait(sweepId: number, timeoutMs: number): Promise<SweepReport | undefined>;
  /** Stops starting batches, and waits for the sweep in progress to end. */
  stop(): Promise<void>;
}

/** What the retention endpoint and the hourly task use of the server. */
export interface RetentionRuns {
  /** The message retention sweeps (hourly, and POST /ops/retention_sweep), one at a time. */
  retention: SweepRunner;
}
