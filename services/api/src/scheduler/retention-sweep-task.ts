import type { RetentionRuns } from '../retention/sweep-runner.js';
import type { PeriodicTask } from './job-handler.js';

const HOUR_MS = 3_600_000;

/**
 * The retention sweep, at start and every hour (the public server runs it daily): started in the
 * background, so the tick goes on to the jobs due; a tick while one is still running joins it.
 */
export const retentionSweepTask: PeriodicTask<RetentionRuns> = {
  name: 'retention-sweep',
  everyMs: () => HOUR_MS,
  atStart: true,
  run: async (ctx) => {
    ctx.retention.start();
  },
};
