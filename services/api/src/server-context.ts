import type { Services } from './dependencies.js';
import type { SnapshotSchedule } from './ops/snapshot-schedule.js';
import type { RegisterSetup } from './register/register-context.js';
import type { RetentionRuns } from './retention/sweep-runner.js';
import type { DueWork } from './scheduler/due-work.js';

/**
 * Everything the server is made of, wired once at start-up (see compose.ts): the services, and the
 * timed work that drives them. Only the composition (compose.ts, server.ts, routes.ts, bootstrap.ts)
 * names it; everything else declares the shapes it uses (dependencies.ts).
 */
export interface ServerContext extends Services, RetentionRuns {
  /** Writes read-models snapshots (embedded memory read store; null otherwise or when turned off). */
  snapshots: SnapshotSchedule | null;
  /** Runs timed work (scheduled jobs, periodic housekeeping); server.ts ticks it. */
  scheduler: DueWork;
  /** Register's sections and event types, made from the features. */
  registerSetup: RegisterSetup;
}
