import type { Logger } from 'pino';

/** One place that may still hold, in freed space or an old WAL frame, what was just forgotten. */
export interface ScrubStep {
  name: string;
  /** True once done; false when it could not finish yet (tried again). */
  run(): Promise<boolean>;
}

/** How long after a forgetting the files are scrubbed (forgettings in between share the work). */
const DELAY_MS = 200;
const RETRY_MS = 500;
/** Past this, a scrub still not done is logged as an error every time it fails again. */
const LATE_MS = 8_000;

/**
 * Scrubs the server's files after something was forgotten (docs/topics/forgetting.md): the keys are
 * gone at once, and this takes the plaintext copies that derived stores held (the search index's
 * freed pages and WAL) out of the files within the promised ten seconds. Runs once per burst of
 * forgettings, off the request path; a step that cannot finish yet is tried again.
 */
export class Scrubber {
  private timer: NodeJS.Timeout | null = null;
  private pendingSince: number | null = null;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly steps: readonly ScrubStep[],
    private readonly log: Logger,
  ) {}

  /** Something was forgotten: scrub soon. */
  request(): void {
    if (this.closed || this.steps.length === 0) return;
    this.pendingSince ??= Date.now();
    this.schedule(DELAY_MS);
  }

  /** Milliseconds a requested scrub has been waiting (0 when none is): for /ready and the metrics. */
  waitingMs(): number {
    return this.pendingSince === null ? 0 : Date.now() - this.pendingSince;
  }

  /** Resolves once no scrub is pending or running. */
  async settled(): Promise<void> {
    while (this.pendingSince !== null || this.running) {
      await (this.running ?? new Promise((resolve) => setTimeout(resolve, 20)));
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pendingSince !== null && !this.running) await this.run();
    await this.running;
    this.closed = true;
  }

  private schedule(ms: number): void {
    if (this.timer || this.running) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, ms);
    this.timer.unref();
  }

  private run(): Promise<void> {
    const since = this.pendingSince ?? Date.now();
    this.pendingSince = null;
    this.running = (async () => {
      let unfinished = false;
      for (const step of this.steps) {
        const done = await step.run().catch((error: unknown) => {
          this.log.error({ err: error, step: step.name }, 'scrubbing after a deletion failed');
          return false;
        });
        if (!done) unfinished = true;
      }
      if (unfinished) {
        this.pendingSince = Math.min(since, this.pendingSince ?? since);
        if (Date.now() - since > LATE_MS) this.log.error({ waitingMs: Date.now() - since }, 'deleted data not yet scrubbed from the files');
      }
    })().finally(() => {
      this.running = null;
      if (this.pendingSince !== null && !this.closed) this.schedule(RETRY_MS);
    });
    return this.running;
  }
}
