import { INCOMING_LEFTOVER_AGE_MS, removeIncomingLeftovers } from '../ops/incoming-leftovers.js';
import type { Uses } from '../dependencies.js';
import type { PeriodicTask } from './job-handler.js';

/** Every ten minutes: leftovers of interrupted exports and uploads in DATA_DIR/incoming, untouched for an hour, go. */
export const incomingSweep: PeriodicTask<Uses<'config' | 'log'>> = {
  name: 'incoming-sweep',
  everyMs: () => 10 * 60_000,
  run: async (ctx) => {
    const removed = await removeIncomingLeftovers(ctx.config.dataDir, INCOMING_LEFTOVER_AGE_MS);
    if (removed.length > 0) ctx.log.info({ removed }, 'leftovers of interrupted exports and uploads removed');
  },
};
