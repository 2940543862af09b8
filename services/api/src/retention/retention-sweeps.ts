import type { Logger } from 'pino';
import { type SweepDeps, sweepExpiredMessages, type SweepProgress } from './sweep.js';
import type { SweepReport, SweepRunner } from './sweep-runner.js';

interface Sweep {
  report: SweepReport;
  progress: SweepProgress;
  done: Promise<void>;
}

/**
 * The retention sweeps of this process, one at a time: the hourly task and the operators' endpoint
 * start one, or join the one running. A sweep runs in the background; `stop` lets the batch in
 * progress finish and waits for it, before the stores are closed.
 */
export class RetentionSweeps implements SweepRunner {
  private running: Sweep | null = null;
  private last: SweepReport | null = null;
  private nextId = 1;
  private stopping = false;

  constructor(
    private readonly context: () => SweepDeps,
    private readonly log: Logger,
  ) {}

  start(): number {
    if (this.running) return this.running.report.sweep_id;
    const ctx = this.context();
    const progress: SweepProgress = { messages: 0, batches: 0 };
    const report: SweepReport = { sweep_id: this.nextId++, complete: false, running: true, messages_deleted: 0, batches: 0, started_at: ctx.clock.now(), finished_at: null, error: null };
    const done = sweepExpiredMessages(ctx, { progress, stopping: () => this.stopping }).then(
      () => {
        report.complete = !this.stopping;
        if (this.stopping) report.error = 'the server is stopping';
      },
      (error: unknown) => {
        report.error = error instanceof Error ? error.message : String(error);
        this.log.error({ err: error, sweep_id: report.sweep_id }, 'retention sweep failed; the next one starts over');
      },
    );
    const sweep: Sweep = { report, progress, done };
    this.running = sweep;
    void done.then(() => {
      report.running = false;
      report.finished_at = ctx.clock.now();
      this.settle(sweep);
      this.running = null;
      this.last = report;
      if (report.messages_deleted > 0) this.log.info({ sweep_id: report.sweep_id, messages: report.messages_deleted, batches: report.batches }, 'retention sweep deleted expired messages');
    });
    return report.sweep_id;
  }

  async wait(sweepId: number, timeoutMs: number): Promise<SweepReport | undefined> {
    const sweep = this.running;
    if (sweep && sweep.report.sweep_id === sweepId) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      await Promise.race([sweep.done, timeout]);
      clearTimeout(timer);
      this.settle(sweep);
      return { ...sweep.report };
    }
    return this.last?.sweep_id === sweepId ? { ...this.last } : undefined;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.running?.done;
  }

  private settle(sweep: Sweep): void {
    sweep.report.messages_deleted = sweep.progress.messages;
    sweep.report.batches = sweep.progress.batches;
  }
}
