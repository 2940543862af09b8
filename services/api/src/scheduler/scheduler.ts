import type { ScheduledJob } from '@chat/projections';
import type { DueWork } from './due-work.js';
import type { JobNudges } from './job-nudges.js';
import type { JobHandler, PeriodicTask, SchedulerHost } from './job-handler.js';

/**
 * Runs timed work: every job of the `scheduledJobs` read model whose kind's delay has passed, and the
 * periodic tasks whose interval has. A failing job or task is logged and left for the next tick; it
 * never stops the others. Whether a job runs once is up to its handler's expected revision, not to
 * this class, so any number of schedulers (ticks, processes) may run at once.
 */
export class Scheduler<C extends SchedulerHost> implements DueWork {
  private readonly lastRun = new Map<string, number>();
  /** The keys of the prompt jobs running in this process: one is never run twice at once here. */
  private readonly running = new Set<string>();

  constructor(
    private readonly context: () => C,
    private readonly handlers: readonly JobHandler<C>[],
    private readonly periodic: readonly PeriodicTask<C>[],
    startedAt: number,
    private readonly nudges?: JobNudges,
  ) {
    for (const task of periodic) if (!task.atStart) this.lastRun.set(task.name, startedAt);
  }

  runPromptJobs(): () => Promise<void> {
    const runs = new Set<Promise<unknown>>();
    let stopped = false;
    this.nudges?.listen((kind) => {
      const handler = this.handlers.find((each) => each.kind === kind && each.prompt);
      if (!handler || stopped) return;
      const run = new Promise((resolve) => setImmediate(resolve)).then(() => this.runKind(this.context(), handler, this.context().clock.now()));
      runs.add(run);
      void run.finally(() => runs.delete(run));
    });
    return async () => {
      stopped = true;
      await Promise.allSettled([...runs]);
    };
  }

  /** Runs everything due now; answers how many jobs ran to completion (periodic tasks not counted). */
  async runDue(): Promise<number> {
    const ctx = this.context();
    const now = ctx.clock.now();
    await this.runPeriodic(ctx, now);
    let ran = 0;
    for (const handler of this.handlers) ran += await this.runKind(ctx, handler, now);
    return ran;
  }

  /** The due jobs of one kind, oldest first (side by side for a prompt kind); answers how many completed. */
  private async runKind(ctx: C, handler: JobHandler<C>, now: number): Promise<number> {
    const delay = handler.delayMs(ctx.config);
    const jobs = await ctx.models.scheduledJobs.findMany('kind', handler.kind);
    const due = jobs.filter((job) => job.from + delay <= now).sort((a, b) => a.from - b.from);
    if (handler.prompt) {
      const idle = due.filter((job) => !this.running.has(job.key));
      return (await Promise.all(idle.map((job) => this.runJob(ctx, handler, job)))).filter(Boolean).length;
    }
    let ran = 0;
    for (const job of due) if (await this.runJob(ctx, handler, job)) ran += 1;
    return ran;
  }

  private async runJob(ctx: C, handler: JobHandler<C>, job: ScheduledJob): Promise<boolean> {
    if (handler.prompt) this.running.add(job.key);
    try {
      await handler.run(ctx, job);
      return true;
    } catch (error) {
      ctx.log.error({ err: error, job: job.key }, 'scheduled job failed; retried at the next tick');
      return false;
    } finally {
      if (handler.prompt) this.running.delete(job.key);
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
