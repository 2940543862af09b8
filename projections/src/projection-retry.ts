/** How long, and how often, the runner tries an event (or a read of the log) again before it gives up. */
export interface RetryPolicy {
  /** The first wait; each later one doubles, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Failing this long without a success, the runner gives up: the process should be replaced. */
  giveUpAfterMs: number;
  /**
   * Failures the runner never gives up on, however long they last: ones a fresh process would meet
   * just the same (a full disk clears when an operator frees space, not by a restart). The deadline
   * of other failures counts from the last of these.
   */
  keepsTrying?: (error: Error) => boolean;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { firstDelayMs: 100, maxDelayMs: 5_000, giveUpAfterMs: 120_000 };

/** What the runner is retrying, while it is: /ready reports it. */
export interface RetryState {
  /** The projection that failed, or 'log' for a read of the log or a checkpoint write. */
  failing: string;
  error: Error;
  attempts: number;
  /** When the first failure of this run of failures happened (ms, `now`'s clock). */
  since: number;
}

/** The runner gave up: the read models are stale until the process is replaced. */
export class ProjectionsGaveUp extends Error {
  constructor(
    readonly state: RetryState,
    readonly failedForMs: number,
  ) {
    super(`projection ${state.failing} failed for ${Math.round(failedForMs / 1000)} s (${state.attempts} attempts): ${state.error.message}`, { cause: state.error });
    this.name = 'ProjectionsGaveUp';
  }
}

/** The runner was stopped while it retried: nothing failed for good. */
export class RetriesStopped extends Error {
  constructor() {
    super('stopped while retrying');
    this.name = 'RetriesStopped';
  }
}

export interface RetryClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realRetryClock: RetryClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()),
};

/**
 * A run of failures, with exponential backoff between attempts and a deadline. Stores fail for a
 * while (a MongoDB election, a dropped connection, a node restart) and then answer again; a failure
 * that outlasts the deadline is not transient, and the runner gives up rather than serve stale
 * models: the process exits and its orchestrator starts a fresh one.
 */
export class Retries {
  private current: RetryState | null = null;
  private stopped = false;
  private wake: (() => void) | null = null;
  /** Where the give-up deadline counts from: the run's first failure, or its last one the policy keeps trying. */
  private deadlineFrom = 0;

  constructor(
    private readonly policy: RetryPolicy,
    private readonly clock: RetryClock,
    private readonly onRetry: (state: RetryState, delayMs: number) => void = () => {},
  ) {}

  /** The run of failures under way, or null when the last attempt succeeded. */
  get state(): RetryState | null {
    return this.current;
  }

  /** Records a failure and waits before the next attempt; throws ProjectionsGaveUp once past the deadline. */
  async failed(failing: string, error: unknown): Promise<void> {
    if (this.stopped) throw new RetriesStopped();
    const cause = error instanceof Error ? error : new Error(String(error));
    const now = this.clock.now();
    const state: RetryState = this.current
      ? { failing, error: cause, attempts: this.current.attempts + 1, since: this.current.since }
      : { failing, error: cause, attempts: 1, since: now };
    if (!this.current || this.policy.keepsTrying?.(cause)) this.deadlineFrom = now;
    this.current = state;
    const failedFor = now - state.since;
    const towardDeadline = now - this.deadlineFrom;
    if (towardDeadline >= this.policy.giveUpAfterMs) throw new ProjectionsGaveUp(state, failedFor);
    const delay = Math.min(this.policy.maxDelayMs, this.policy.firstDelayMs * 2 ** (state.attempts - 1), this.policy.giveUpAfterMs - towardDeadline);
    this.onRetry(state, delay);
    await Promise.race([this.clock.sleep(delay), new Promise<void>((resolve) => (this.wake = resolve))]);
    this.wake = null;
    if (this.stopped) throw new RetriesStopped();
  }

  /** Ends the wait under way, and every later attempt, with RetriesStopped (the runner is stopping). */
  stop(): void {
    this.stopped = true;
    this.wake?.();
  }

  /** The attempt worked: the run of failures is over. */
  succeeded(): void {
    this.current = null;
  }
}
