import type { Uses } from '../dependencies.js';
import type { PeriodicTask } from './job-handler.js';

/** Idle queues are also dropped lazily when touched; the sweep frees the ones nobody touches again. */
export const idleQueueSweep: PeriodicTask<Uses<'queues'>> = {
  name: 'idle-queue-sweep',
  everyMs: (config) => Math.min(60_000, config.queueIdleMs),
  run: async (ctx) => {
    await ctx.queues.collectIdle();
  },
};
