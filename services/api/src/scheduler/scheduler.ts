import type { ScheduledJob } from '@chat/projections';
import type { DueWork } from './due-work.js';
import type { JobHandler, PeriodicTask, SchedulerHost } from './job-handler.js';

/**
 * Runs timed work: every job of the `scheduledJobs` read model whose kind's delay has passed, and the
 * periodic tasks whose interval has. A failing job or task is logged and left for the next tick; it
 * never stops the others. Whether a job runs once is up to its handler's expected revision, not to
 * this class, so any number of schedulers (ticks, processes) may run at once.
 */
export class Scheduler<C extends SchedulerHost> implements DueWork {
  private readonly lastRun = new Map<string, number>();

  constructor(
    private readonly context: () => C,
    private readonly handlers: readonly JobHandler<C>[],
    private readonly periodic: readonly PeriodicTask<C>[],
    startedAt: number,
  ) {
    for (const task of periodic) if (!task.atStart) this.lastRun.set(task.name, startedAt);
  }

  /** Runs everything due now; answers how many jobs ran to completion (periodic tasks not counted). */
  async runDue(): Promise<number> {
    const ctx = this.context();
    const now = ctx.clock.now();
    await this.runPeriodic(ctx, now);
    let ran = 0;
    for (const handler of this.handlers) {
      const delay = handler.delayMs(ctx.config);
      const jobs = await ctx.models.scheduledJobs.findMany('kind', handler.kind);
      const due = jobs.filter((job) => job.from + delay <= now).sort((a, b) => a.from - b.from);
      for (const job of due) if (await this.runJob(ctx, handler, job)) ran += 1;
    }
    return ran;
  }

  private async runJob(ctx: C, handler: JobHandler<C>, job: ScheduledJob): Promise<boolean> {
    try {
      await handler.run(ctx, job);
      return true;
    } catch (error) {
      ctx.log.error({ err: error, job: job.key }, 'scheduled job failed; retried at the next tick');
      return false;
    }
  }

  private async runPeriodic(ctx: C, now: number): Promise<void> {
    for (const task of this.periodic) {
      const last = this.lastRun.get(task.name);
      if (last !== undefined && now - last < task.everyMs(ctx.config)) continue;
      this.lastRun.set(task.name, now);
      await task.run(ctx).catch((error: unknown) => ctx.log.error({ err: error, task: task.name }, 'periodic task failed'));
    }
  }
}
