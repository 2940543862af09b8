import { type PushDeviceState, type StoredEvent, withIdSet } from '@chat/core';
import type { Projection } from '../projection.js';
import { REALM_KEY, type ReadModels } from '../read-models.js';

const DEVICE_EVENTS: ReadonlySet<string> = new Set(['PushTokenAdded', 'PushTokenRemoved', 'PushDeviceRegistered']);

const canReceive = (device: PushDeviceState): boolean => device.kind === 'token' || device.status === 'active';

/** Keeps `pushUsers`; runs after the push-devices projection, whose model it reads. */
export function pushUsersProjection(models: ReadModels): Projection {
  return {
    name: 'push-users',
    async apply(event: StoredEvent): Promise<void> {
      if (!DEVICE_EVENTS.has(event.type) || !('user_id' in event.data)) return;
      const userId = event.data.user_id;
      const present = (await models.pushDevices.findMany('user_id', userId)).some(canReceive);
      const before = (await models.pushUsers.get(REALM_KEY))?.user_ids ?? [];
      const after = withIdSet(before, userId, present);
      if (after.length !== before.length) await models.pushUsers.put(REALM_KEY, { user_ids: after }, event.position);
    },
  };
}
