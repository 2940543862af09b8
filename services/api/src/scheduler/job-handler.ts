import type { Clock } from '@chat/core';
import type { ScheduledJob } from '@chat/projections';
import type { DocumentCollection } from '@chat/readstore';
import type { Logger } from 'pino';
import type { Config } from '../config.js';

/** What the scheduler itself reads; each handler declares what its work uses (the server hands it its context). */
export interface SchedulerHost {
  clock: Clock;
  config: Config;
  log: Logger;
  models: { scheduledJobs: DocumentCollection<ScheduledJob> };
}

/**
 * Runs the jobs of one kind. `run` must do its work as a command through `ctx.bus.run` that appends its
 * completion event with the expected revision it decided from, so that a second runner (a concurrent
 * tick, another process) re-decides, finds the work done and appends nothing.
 */
export interface JobHandler<C> {
  kind: string;
  /** How long after the job's `from` it is due. */
  delayMs(config: Config): number;
  run: (ctx: C, job: ScheduledJob) => Promise<void>;
}

/**
 * Housekeeping that no event asks for (sweeping idle queues): run every `everyMs`, in each process,
 * and harmless to run twice.
 */
export interface PeriodicTask<C> {
  name: string;
  everyMs(config: Config): number;
  /** Also at the first tick after the process starts (otherwise first after `everyMs`). */
  atStart?: boolean;
  run: (ctx: C) => Promise<void>;
}
