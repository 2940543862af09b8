import { erasureFanout } from '@chat/projections/client-events/erasure-fanout';
import { erasureProjection } from '@chat/projections/erasure/erasure-projection';
import { retentionSweepEndpoint } from '../endpoints/retention-sweep.js';
import { eraseUserEndpoint } from '../endpoints/user-erasure.js';
import { retentionSweepTask } from '../scheduler/retention-sweep-task.js';
import { type Feature, route } from './feature.js';

/**
 * Forgetting (docs/topics/forgetting.md): the retention sweep, and the erasure of a person. Its
 * projection goes last among the read models': an erasure's placeholders overwrite what the command's
 * other facts (deletions, removed subscriptions) left. The forgetting projection, which destroys the
 * keys, is not a read model's: compose.ts runs it after every projection.
 */
export const forgettingFeature: Feature = {
  name: 'forgetting',
  events: {
    UserErased: { stream: 'user-<user_id>' },
  },
  projections: [erasureProjection],
  fanouts: [erasureFanout],
  routes: [
    // This server's extensions: Zulip's API has neither path.
    route('POST', '/ops/retention_sweep', 'required', 'retention-sweep', retentionSweepEndpoint),
    route('POST', '/erasure/users/:user_id', 'required', 'user-erase', eraseUserEndpoint),
  ],
  periodic: [retentionSweepTask],
};
