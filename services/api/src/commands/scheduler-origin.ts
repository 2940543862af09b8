import { randomUUID } from 'node:crypto';
import type { Origin } from './command-bus.js';

/**
 * The origin of a scheduled job's command. The request id is new for every run on purpose: event ids
 * derive from it, and the log answers an append whose first event id it has already seen with the
 * earlier result, skipping the revision check. A fixed id would let a runner that decided from stale
 * state "succeed" on the guarding stream and go on to append the rest; a fresh one makes it fail the
 * expected revision and decide again.
 */
export const schedulerOrigin = (jobKey: string): Origin => ({
  actorId: null,
  requestId: `scheduler:${jobKey}:${randomUUID()}`,
  client: 'scheduler',
});
