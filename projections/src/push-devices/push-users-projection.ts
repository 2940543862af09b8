import { type PushDeviceState, withIdSet } from '@chat/core';
import { type Projection, projectionOf } from '../projection.js';
import { REALM_KEY, type ReadModels } from '../read-models.js';

const canReceive = (device: PushDeviceState): boolean => device.kind === 'token' || device.status === 'active';

/** Keeps `pushUsers`; runs after the push-devices projection, whose model it reads. */
export function pushUsersProjection(models: ReadModels): Projection {
  return projectionOf('push-users', ['PushDeviceRegistered', 'PushTokenAdded', 'PushTokenRemoved'], async (event) => {
    if (!('user_id' in event.data)) return;
    const userId = event.data.user_id;
    const present = (await models.pushDevices.findMany('user_id', userId)).some(canReceive);
    const before = (await models.pushUsers.get(REALM_KEY))?.user_ids ?? [];
    const after = withIdSet(before, userId, present);
    if (after.length !== before.length) await models.pushUsers.put(REALM_KEY, { user_ids: after }, event.position);
  });
}
